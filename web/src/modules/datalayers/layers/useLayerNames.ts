import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { withFormulaSubscripts } from '@headland/domain/layers/colourScales';
import {
  layerNameParts,
  layerNames,
  layerNameText,
  type LayerNameParts,
} from '@headland/domain/layers/layerName';
import { cropName } from '../../../i18n/cropNames.ts';

/** The name rule's parts in the shown language (formulas with subscripts). */
export function useLayerNameText(): (parts: LayerNameParts) => string {
  const { t } = useTranslation();
  return useCallback(
    (parts) => withFormulaSubscripts(layerNameText(parts, (cropId) => cropName(t, cropId) ?? null)),
    [t],
  );
}

/**
 * The names of layers shown together (domain/src/layers/layerName.ts): the field is named where layers of
 * several fields would read the same. `withFields` false leaves the field out (a list already under its field).
 */
export function useLayerNames(
  layers: readonly DataLayer[],
  fields: readonly { FieldId: number; Name: string }[],
  withFields = true,
): ReadonlyMap<number, string> {
  const text = useLayerNameText();
  return useMemo(() => {
    const fieldNames = new Map(fields.map((field) => [field.FieldId, field.Name]));
    const parts = withFields
      ? layerNames(layers, (id) => fieldNames.get(id) ?? null)
      : new Map(layers.map((layer) => [layer.DataLayerId, layerNameParts(layer)]));
    return new Map([...parts].map(([id, each]) => [id, text(each)]));
  }, [layers, fields, withFields, text]);
}
