/**
 * Counts the vertices of a boundary as a client sends it (GeoJSON Polygon or MultiPolygon coordinates, or
 * WKT text) without building anything, so that a boundary far over `maxBoundaryVertices` is refused before any
 * schema walks it or the database reads it. Anything that is not a boundary counts 0: the boundary's own
 * checks refuse it with their message.
 */
export function countBoundaryVertices(boundary: unknown): number {
  if (typeof boundary === 'string') {
    // In WKT positions are separated by commas (and rings and parts too, which overcounts by a few).
    let commas = 0;
    for (let index = 0; index < boundary.length; index += 1)
      if (boundary.charCodeAt(index) === 44) commas += 1;
    return boundary.length > 0 ? commas + 1 : 0;
  }
  if (boundary === null || typeof boundary !== 'object') return 0;
  const coordinates = (boundary as { coordinates?: unknown }).coordinates;
  return countPositions(coordinates, 0);
}

/** Positions in nested arrays: an array whose first item is a number is one position. */
function countPositions(value: unknown, level: number): number {
  if (!Array.isArray(value) || level > 4) return 0;
  if (typeof value[0] === 'number') return 1;
  let count = 0;
  for (const item of value) count += countPositions(item, level + 1);
  return count;
}

function isRing(ring: unknown): boolean {
  if (!Array.isArray(ring) || ring.length < 4) return false;
  for (const position of ring) {
    if (!Array.isArray(position) || position.length < 2 || position.length > 3) return false;
    for (const number of position) if (typeof number !== 'number') return false;
  }
  return true;
}

function isPolygonCoordinates(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every(isRing);
}

/**
 * Whether a GeoJSON value has the shape `boundaryInputSchema` accepts for a Polygon or MultiPolygon, checked
 * in one loop that builds nothing (the schema copies every position: a tenth of a second at the vertex limit).
 */
export function isGeoJsonBoundary(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') return isPolygonCoordinates(coordinates);
  if (type === 'MultiPolygon') return Array.isArray(coordinates) && coordinates.every(isPolygonCoordinates);
  return false;
}
