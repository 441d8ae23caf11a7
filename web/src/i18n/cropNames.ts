import type { TFunction } from 'i18next';
import { CropId, cropDefinitionById, cropLabel } from '@headland/domain/crops';

/**
 * Crop names in the shown language. A crop keeps its English name as the stored name (domain/src/crops.ts);
 * the texts `crops.names.<id>` (en.crops.json) translate it, and the English name is the fallback.
 */
export function cropName(t: TFunction, cropId: number): string | undefined {
  const english = cropDefinitionById(cropId)?.name;
  return english === undefined ? undefined : t(`crops.names.${cropId}`, { defaultValue: english });
}

/** `cropLabel` of domain/src/crops.ts in the shown language. */
export function translatedCropLabel(
  t: TFunction,
  cropping: { CropId: number | null; CropName?: string | null },
): string {
  return cropLabel(cropping, (id) => cropName(t, id), {
    uncropped: cropName(t, CropId.Uncropped) ?? '',
    other: cropName(t, CropId.Other) ?? '',
    unknown: t('crops.unknown'),
  });
}

/** A crop name from the server (`Crop.Name`) in the shown language, when the crop is one of the table's. */
export function translatedServerCropName(t: TFunction, cropId: number, serverName: string): string {
  // The crop 'Other' carries the name the user typed.
  if (cropId === CropId.Other) return serverName;
  return cropName(t, cropId) ?? serverName;
}
