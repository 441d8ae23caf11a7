import type { ImportCommitRequest, ImportTarget } from '@headland/domain/api/layersApi';
import { LayerTypeId } from '@headland/domain/layers/layerTypes';
import { parseSoilIndex } from '@headland/domain/layers/recommendations';
import { PhosphateMethod, SoilUnit } from '@headland/domain/layers/soil';
import type { ImportCell, ImportTable } from './layerImportFile.ts';

// An import file's rows read as features (position or shape, and values by target), the layers a soil import
// makes of them, and yield points averaged into grid cells.

/** One feature of the file: its position or shape (in `srid`) and its values by target. */
export interface Feature {
  x: number | null;
  y: number | null;
  /** A polygon feature's GeoJSON geometry. */
  polygon: string | null;
  values: Partial<Record<ImportTarget, ImportCell>>;
}

export function numberOf(cell: ImportCell | undefined): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return cell;
  const value = Number(cell.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export function featuresOf(
  table: ImportTable,
  mapping: Record<string, ImportTarget>,
): { features: Feature[]; srid: number } {
  const byTarget = new Map<ImportTarget, string>();
  for (const [column, target] of Object.entries(mapping))
    if (target !== 'ignore') byTarget.set(target, column);
  const srid = table.geometries ? table.srid : byTarget.has('easting') ? 27700 : 4326;
  const features: Feature[] = table.rows.map((row, index) => {
    const values: Feature['values'] = {};
    for (const [target, column] of byTarget) values[target] = row[column] ?? null;
    const geometry = table.geometries?.[index] ?? null;
    if (geometry) {
      if (geometry.type === 'Point') {
        const [x, y] = geometry.coordinates as number[];
        return { x: x ?? null, y: y ?? null, polygon: null, values };
      }
      if (geometry.type.includes('Polygon'))
        return { x: null, y: null, polygon: JSON.stringify(geometry), values };
      return { x: null, y: null, polygon: null, values };
    }
    const x = numberOf(values.longitude ?? values.easting);
    const y = numberOf(values.latitude ?? values.northing);
    return { x, y, polygon: null, values };
  });
  return {
    features: features.filter(
      (feature) => feature.polygon !== null || (feature.x !== null && feature.y !== null),
    ),
    srid,
  };
}

/** The layers a soil import makes: its type, unit and how a cell becomes a value. */
export function soilElements(body: ImportCommitRequest) {
  const morgan = body.PhosphateMethod === PhosphateMethod.Morgan;
  const unit = morgan ? SoilUnit.Morgan : (body.SoilUnit ?? SoilUnit.Ppm);
  const index = (cell: ImportCell | undefined) =>
    cell === null || cell === undefined ? null : typeof cell === 'number' ? cell : parseSoilIndex(cell);
  return [
    { target: 'P', typeId: LayerTypeId.SoilPhosphorus, unit, label: 'P', read: numberOf },
    { target: 'K', typeId: LayerTypeId.SoilPotassium, unit, label: 'K', read: numberOf },
    { target: 'Mg', typeId: LayerTypeId.SoilMagnesium, unit, label: 'Mg', read: numberOf },
    { target: 'pH', typeId: LayerTypeId.SoilPh, unit: 'pH', label: 'pH', read: numberOf },
    {
      target: 'OrganicMatter',
      typeId: LayerTypeId.OrganicMatter,
      unit: '%',
      label: 'Organic matter',
      read: numberOf,
    },
    { target: 'PIndex', typeId: LayerTypeId.SoilPhosphorus, unit: SoilUnit.Index, label: 'P', read: index },
    { target: 'KIndex', typeId: LayerTypeId.SoilPotassium, unit: SoilUnit.Index, label: 'K', read: index },
    { target: 'MgIndex', typeId: LayerTypeId.SoilMagnesium, unit: SoilUnit.Index, label: 'Mg', read: index },
  ] as const;
}

export const unitNames: Record<string, string> = {
  Ppm: 'mg/l',
  Index: 'Index',
  Morgan: 'Morgan',
  KgHa: 'kg/ha',
  Mg100g: 'mg/100g',
};

/** A grid cell of yield points: its corners in the points' coordinate system and the mean yield in it. */
export type GridCell = [x0: number, y0: number, x1: number, y1: number, value: number];

/**
 * Points (x, y, value) averaged into square cells of about `cellMetres` (in degrees for 4326, scaled by the
 * points' latitude; in metres otherwise).
 */
export function gridCells(
  points: readonly [number, number, number][],
  srid: number,
  cellMetres: number,
): GridCell[] {
  if (points.length === 0) return [];
  let cellX = cellMetres;
  let cellY = cellMetres;
  if (srid === 4326) {
    const meanLat = points.reduce((sum, point) => sum + point[1], 0) / points.length;
    cellY = cellMetres / 110_574;
    cellX = cellMetres / (111_320 * Math.cos((meanLat * Math.PI) / 180));
  }
  const sums = new Map<string, [number, number, number, number]>();
  for (const [x, y, value] of points) {
    const i = Math.floor(x / cellX);
    const j = Math.floor(y / cellY);
    const key = `${i}:${j}`;
    const sum = sums.get(key);
    if (sum) {
      sum[2] += value;
      sum[3] += 1;
    } else sums.set(key, [i, j, value, 1]);
  }
  return [...sums.values()].map(([i, j, total, count]) => [
    i * cellX,
    j * cellY,
    (i + 1) * cellX,
    (j + 1) * cellY,
    Math.round((total / count) * 100) / 100,
  ]);
}
