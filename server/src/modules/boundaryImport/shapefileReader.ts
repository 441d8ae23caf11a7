import { ImportFileError, type PolygonCoordinates } from './importedLayer.ts';

/** Shape types of the ESRI shapefile format that carry polygons: plain, with Z and with M values. */
const polygonShapeTypes = new Set([5, 15, 25]);
const nullShapeType = 0;
const fileCode = 9994;
const headerBytes = 100;

const corrupt = (detail: string) => new ImportFileError(`The shapefile is damaged: ${detail}.`);

/**
 * Reads the shapes of a .shp file, in record order: each a list of polygons, or null for a null shape or a shape
 * that is not a polygon. Z and M values are dropped. Rings are grouped into polygons by orientation, as the format
 * defines it: clockwise rings are outer rings, and each anticlockwise ring is a hole of the outer ring holding it.
 */
export function readShapefile(bytes: Uint8Array): (PolygonCoordinates[] | null)[] {
  if (bytes.length < headerBytes) throw corrupt('the .shp file is too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getInt32(0, false) !== fileCode)
    throw corrupt('the .shp file does not start with a shapefile header');
  const declaredLength = view.getInt32(24, false) * 2;
  const end = Math.min(declaredLength > 0 ? declaredLength : bytes.length, bytes.length);
  const shapes: (PolygonCoordinates[] | null)[] = [];
  let offset = headerBytes;
  while (offset + 8 <= end) {
    const contentLength = view.getInt32(offset + 4, false) * 2;
    const content = offset + 8;
    if (contentLength < 4 || content + contentLength > end)
      throw corrupt(`record ${shapes.length + 1} is cut short`);
    const shapeType = view.getInt32(content, true);
    if (shapeType === nullShapeType || !polygonShapeTypes.has(shapeType)) {
      shapes.push(null);
    } else {
      shapes.push(readPolygonRecord(view, content, contentLength, shapes.length + 1));
    }
    offset = content + contentLength;
  }
  return shapes;
}

function readPolygonRecord(
  view: DataView,
  start: number,
  length: number,
  record: number,
): PolygonCoordinates[] {
  // Shape type (4), bounding box (32), part count (4), point count (4), part starts, then x/y pairs.
  if (length < 44) throw corrupt(`record ${record} is too short for a polygon`);
  const partCount = view.getInt32(start + 36, true);
  const pointCount = view.getInt32(start + 40, true);
  const partsAt = start + 44;
  const pointsAt = partsAt + partCount * 4;
  if (partCount < 0 || pointCount < 0 || pointsAt + pointCount * 16 > start + length) {
    throw corrupt(`record ${record} has more points than it holds`);
  }
  const rings: number[][][] = [];
  for (let part = 0; part < partCount; part += 1) {
    const first = view.getInt32(partsAt + part * 4, true);
    const last = part + 1 < partCount ? view.getInt32(partsAt + (part + 1) * 4, true) : pointCount;
    if (first < 0 || last > pointCount || first > last)
      throw corrupt(`record ${record} has a bad part index`);
    const ring: number[][] = [];
    for (let point = first; point < last; point += 1) {
      const at = pointsAt + point * 16;
      ring.push([view.getFloat64(at, true), view.getFloat64(at + 8, true)]);
    }
    if (ring.length >= 4) rings.push(ring);
  }
  return groupRings(rings);
}

/** Twice the signed area of a ring: negative when clockwise with y pointing up. */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1! * y2! - x2! * y1!;
  }
  return sum;
}

function containsPoint(ring: number[][], [x, y]: number[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}

function groupRings(rings: number[][][]): PolygonCoordinates[] {
  const outers = rings.filter((ring) => signedArea(ring) <= 0);
  const holes = rings.filter((ring) => signedArea(ring) > 0);
  const polygons: PolygonCoordinates[] = outers.map((outer) => [outer]);
  for (const hole of holes) {
    const owner = polygons.find((polygon) => containsPoint(polygon[0]!, hole[0]!));
    // A hole inside no outer ring is a writer's orientation mistake: keep it as an outer ring.
    if (owner) owner.push(hole);
    else polygons.push([hole]);
  }
  return polygons;
}
