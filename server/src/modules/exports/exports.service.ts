import { strToU8 } from 'fflate';
import type { ExportFormat } from '@headland/domain/api/exportsApi';
import { maxExportFeatures } from '@headland/domain/api/exportsApi';
import { layerTypes } from '@headland/domain/layers/layerTypes';
import { rateUnitOf } from '@headland/domain/layers/rateUnits';
import { canAccess, type PermissionArea } from '@headland/domain/permissions';
import type { Caller } from '../../auth/caller.ts';
import type { Db } from '../../db/database.ts';
import { areaForbidden, badRequest, forbidden } from '../../http/httpErrors.ts';
import { writeExportOffThread } from '../../workers/parseJobs.ts';
import { visibleLayer } from '../layers/layers.service.ts';
import type { ExportFile } from './exportFiles.ts';
import {
  countFieldCroppings,
  holdingName,
  selectFieldCroppings,
  selectLayerPoints,
  selectLayerZones,
} from './exports.queries.ts';

// What other areas write their own GIS files with (prescription plans, the reference provider's demo files), and
// read them back with in tests.
export type { ExportColumn, ExportDataset, ExportPart } from './exportDataset.ts';
export { exportFile, type ExportFile } from './exportFiles.ts';
export { wgs84Prj, writeShapefile } from './shapefileWriter.ts';
export { ogrAreaHa, ogrSummary } from './ogrInfo.ts';

/**
 * The year's fields and croppings, and a data layer's zones and points, as files a GIS opens. The route lets in
 * callers with exports enabled; each export also needs read on what it holds (fields, map layers), the brand's
 * export module, and a size below `maxExportFeatures`. Restricted members get only what they may see. The
 * request thread reads the rows from PostGIS as JSON text; a worker parses them and writes the file.
 */

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
  const spec = {
    subject: 'fields' as const,
    fileName: `${fileSlug(holding, 'holding')}_fields_${year}`,
    title: `${holding} ${year}`,
    year,
  };
  return writeExportOffThread(strToU8(`{"rows":${rows}}`), spec, format);
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
  const spec = {
    subject: 'layer' as const,
    fileName: `${fileSlug(holding, 'holding')}_${fileSlug(layer.Name, 'layer')}_${layer.Year}`,
    title: layer.Name,
    layer: {
      name: layer.Name,
      typeName: layerTypes.find((type) => type.TypeId === layer.TypeId)?.Name ?? null,
      unit: layer.Unit,
      rateUnit: layer.RateUnitId === null ? null : (rateUnitOf(layer.RateUnitId)?.Name ?? null),
    },
  };
  return writeExportOffThread(strToU8(`{"zones":${zones},"points":${points}}`), spec, format);
}
