/**
 * The `binary1` geometry format (fields-croppings-maps §3 Geometry: numeric geometries followed by a JSON
 * payload). All numbers little-endian:
 *
 *   bytes 0-3   ASCII "HLB1"
 *   uint32      geometry count G
 *   uint32      byte length J of the JSON payload
 *   G geometries, in the order of the payload's zones or points, each:
 *     uint32 part count; per part: uint32 ring count; per ring: uint32 position count, then that many
 *     float64 pairs (x, y) in the answer's coordinate system. A point is 1 part, 1 ring, 1 position; an empty
 *     geometry has 0 parts.
 *   J bytes     the JSON answer (UTF-8), whose geometries are null
 *
 * A reader walks it with a DataView and makes OpenLayers coordinates without parsing text.
 */

/** Polygons of rings of [x, y] positions (a point: one polygon of one ring of one position). */
export type NumericGeometry = number[][][][];

const magic = [0x48, 0x4c, 0x42, 0x31];

/** Writes geometries and a payload as binary1. */
export function encodeBinary1(geometries: readonly NumericGeometry[], payload: unknown): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(payload));
  let size = 12;
  for (const geometry of geometries) {
    size += 4;
    for (const part of geometry) {
      size += 4;
      for (const ring of part) size += 4 + ring.length * 16;
    }
  }
  const bytes = new Uint8Array(size + json.length);
  const view = new DataView(bytes.buffer);
  bytes.set(magic, 0);
  view.setUint32(4, geometries.length, true);
  view.setUint32(8, json.length, true);
  let offset = 12;
  for (const geometry of geometries) {
    view.setUint32(offset, geometry.length, true);
    offset += 4;
    for (const part of geometry) {
      view.setUint32(offset, part.length, true);
      offset += 4;
      for (const ring of part) {
        view.setUint32(offset, ring.length, true);
        offset += 4;
        for (const position of ring) {
          view.setFloat64(offset, position[0] ?? 0, true);
          view.setFloat64(offset + 8, position[1] ?? 0, true);
          offset += 16;
        }
      }
    }
  }
  bytes.set(json, offset);
  return bytes;
}

/** Reads a binary1 answer: its geometries and its JSON payload. Throws on a body that is not binary1. */
export function decodeBinary1<T = unknown>(
  buffer: ArrayBuffer | Uint8Array,
): {
  geometries: NumericGeometry[];
  payload: T;
} {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || magic.some((byte, index) => bytes[index] !== byte))
    throw new Error('Not a binary1 answer');
  const count = view.getUint32(4, true);
  const jsonLength = view.getUint32(8, true);
  let offset = 12;
  const geometries: NumericGeometry[] = [];
  for (let g = 0; g < count; g += 1) {
    const parts: number[][][][] = [];
    const partCount = view.getUint32(offset, true);
    offset += 4;
    for (let p = 0; p < partCount; p += 1) {
      const rings: number[][][] = [];
      const ringCount = view.getUint32(offset, true);
      offset += 4;
      for (let r = 0; r < ringCount; r += 1) {
        const positions: number[][] = [];
        const positionCount = view.getUint32(offset, true);
        offset += 4;
        for (let i = 0; i < positionCount; i += 1) {
          positions.push([view.getFloat64(offset, true), view.getFloat64(offset + 8, true)]);
          offset += 16;
        }
        rings.push(positions);
      }
      parts.push(rings);
    }
    geometries.push(parts);
  }
  const json = new TextDecoder().decode(bytes.subarray(offset, offset + jsonLength));
  return { geometries, payload: JSON.parse(json) as T };
}
