import type { ExportFormat } from '@headland/domain/api/exportsApi';
import { maxExportFeatures } from '@headland/domain/api/exportsApi';
import { layerTypes } from '@headland/domain/layers/layerTypes';
import { rateUnitOf } from '@headland/domain/layers/rateUnits';
import { canAccess, type PermissionArea } from '@headland/domain/permissions';
import type { Caller } from '../../auth/caller.ts';
import type { Db } from '../../db/database.ts';
import { areaForbidden, badRequest, forbidden } from '../../http/httpErrors.ts';
import { visibleLayer } from '../layers/layers.service.ts';
import type { ExportColumn, ExportDataset } from './exportDataset.ts';
import { exportFile, type ExportFile } from './exportFiles.ts';
import {
  countFieldCroppings,
  holdingName,
  selectFieldCroppings,
  selectLayerPoints,
  selectLayerZones,
} from './exports.queries.ts';

/**
 * The year's fields and croppings, and a data layer's zones and points, as files a GIS opens. The route lets in
 * callers with exports enabled; each export also needs read on what it holds (fields, map layers), the brand's
 * export module, and a size below `maxExportFeatures`. Restricted members get only what they may see.
 */

/** Shapefile attribute names: at most 10 characters, unique (see exportDataset.test.ts). */
export const fieldColumns: readonly ExportColumn[] = [
  { name: 'Field', type: 'string' },
  { name: 'FieldNo', type: 'string' },
  { name: 'Crop', type: 'string' },
  { name: 'Variety', type: 'string' },
  { name: 'AreaHa', type: 'real', decimals: 4 },
  { name: 'CropHa', type: 'real', decimals: 4 },
  { name: 'CropStart', type: 'date' },
  { name: 'CropEnd', type: 'date' },
  { name: 'Sown', type: 'date' },
  { name: 'Harvested', type: 'date' },
  { name: 'Year', type: 'integer' },
  { name: 'FieldId', type: 'integer', wide: true },
  { name: 'CroppingId', type: 'integer', wide: true },
];

export const layerColumns: readonly ExportColumn[] = [
  { name: 'Layer', type: 'string' },
  { name: 'LayerType', type: 'string' },
  { name: 'Zone', type: 'integer' },
  { name: 'Value', type: 'real', decimals: 6 },
  { name: 'Unit', type: 'string' },
  { name: 'Label', type: 'string' },
  { name: 'AreaHa', type: 'real', decimals: 4 },
  { name: 'ProdRate', type: 'real', decimals: 4 },
  { name: 'NutrRate', type: 'real', decimals: 4 },
  { name: 'RateUnit', type: 'string' },
  { name: 'Field', type: 'string' },
];

/** Letters and digits of a name for a file name; the holding's name starts every export's file name. */
function fileSlug(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '_')
      .slice(0, 40) || fallback
  );
}

/** Exports need the brand's export module and read on what they hold; the route has checked exports. */
function checkAllowed(caller: Caller, area: PermissionArea): void {
  if (!caller.brand.modules.exports) throw forbidden('exportModuleOff');
  const permissions = caller.auth.session?.permissions;
  if (!permissions || !canAccess(permissions, area, 'read')) throw areaForbidden(area, 'read');
}

function checkSize(count: number): void {
  if (count > maxExportFeatures) throw badRequest('exportTooLarge', { count, max: maxExportFeatures });
}

export async function exportFields(
  db: Db,
  caller: Caller,
  year: number,
  format: ExportFormat,
): Promise<ExportFile> {
  checkAllowed(caller, 'fields');
  checkSize(await countFieldCroppings(db, caller.access, year));
  const [rows, holding] = await Promise.all([
    selectFieldCroppings(db, caller.access, year),
    holdingName(db, caller.holdingId),
  ]);
  const dataset: ExportDataset = {
    fileName: `${fileSlug(holding, 'holding')}_fields_${year}`,
    title: `${holding} ${year}`,
    columns: [...fieldColumns],
    parts: [
      {
        name: 'fields',
        shape: 'polygon',
        features: rows.map((row) => ({
          geometry: row.geometry,
          values: [
            row.name,
            row.fieldNumber,
            row.crop,
            row.variety,
            row.areaHa,
            row.croppedHa,
            row.startDate,
            row.endDate,
            row.sowingDate,
            row.harvestDate,
            year,
            row.fieldId,
            row.croppingId,
          ],
        })),
      },
    ],
  };
  return exportFile(dataset, format);
}

export async function exportLayer(
  db: Db,
  caller: Caller,
  layerId: number,
  format: ExportFormat,
): Promise<ExportFile> {
  checkAllowed(caller, 'mapLayers');
  const layer = await visibleLayer(db, caller, layerId);
  checkSize(layer.ZoneCount + layer.PointCount);
  const [zones, points, holding] = await Promise.all([
    selectLayerZones(db, layer.DataLayerId),
    selectLayerPoints(db, layer.DataLayerId),
    holdingName(db, caller.holdingId),
  ]);
  const typeName = layerTypes.find((type) => type.TypeId === layer.TypeId)?.Name ?? null;
  const rateUnit = layer.RateUnitId === null ? null : (rateUnitOf(layer.RateUnitId)?.Name ?? null);
  const dataset: ExportDataset = {
    fileName: `${fileSlug(holding, 'holding')}_${fileSlug(layer.Name, 'layer')}_${layer.Year}`,
    title: layer.Name,
    columns: [...layerColumns],
    parts: [
      {
        name: 'zones',
        shape: 'polygon',
        features: zones.map((zone) => ({
          geometry: zone.geometry,
          values: [
            layer.Name,
            typeName,
            zone.zoneNumber,
            zone.value,
            layer.Unit,
            zone.label,
            zone.areaHa,
            zone.productRate,
            zone.nutrientRate,
            rateUnit,
            zone.fieldName,
          ],
        })),
      },
      {
        name: 'points',
        shape: 'point',
        features: points.map((point) => ({
          geometry: point.geometry,
          values: [layer.Name, typeName, null, point.value, layer.Unit, null, null, null, null, null, null],
        })),
      },
    ],
  };
  return exportFile(dataset, format);
}
