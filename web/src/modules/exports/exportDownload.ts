import {
  exportFormatExtension,
  fieldsExportPath,
  layerExportPath,
  type ExportFormat,
} from '@headland/domain/api/exportsApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { downloadHoldingExport, saveFile } from '../holdings/holdingTransfer.ts';

/** What the Export screen makes a file of. */
export type ExportChoice =
  | { subject: 'holding'; holdingId: number }
  | { subject: 'fields'; year: number; format: ExportFormat }
  | { subject: 'layer'; layerId: number; format: ExportFormat };

/** The format names, which are the same in every language; the screen adds a translated description. */
export const formatNames: Readonly<Record<ExportFormat, string>> = {
  shapefile: 'Shapefile',
  kml: 'KML',
  geojson: 'GeoJSON',
  flatgeobuf: 'FlatGeobuf',
};

/**
 * Downloads the chosen export and hands it to the browser; answers the file name it was saved as. A refusal
 * is thrown for the screen to show beside its button, so no error dialog opens for it.
 */
export async function downloadExport(api: ApiClient, choice: ExportChoice): Promise<string> {
  if (choice.subject === 'holding') return downloadHoldingExport(api, choice.holdingId);
  const path =
    choice.subject === 'fields'
      ? fieldsExportPath(choice.year, choice.format)
      : layerExportPath(choice.layerId, choice.format);
  const { blob, fileName } = await api.get(path, {
    responseType: 'blob',
    errorDialog: false,
    spinner: false,
  });
  const name = fileName ?? `export.${exportFormatExtension[choice.format]}`;
  saveFile(blob, name);
  return name;
}
