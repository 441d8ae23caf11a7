import { readGeoJson } from './geoJsonReader.ts';
import { ImportFileError, type ImportedLayer } from './importedLayer.ts';
import { readKml } from './kmlReader.ts';
import { readZippedShapefile } from './zippedShapefileReader.ts';

export const unknownFileMessage = 'The file is not a zipped shapefile, GeoJSON or KML file.';

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Reads a boundary file, recognised by its content rather than its name: a zip (shapefile layers, or KMZ),
 * otherwise text that is GeoJSON (starts with '{') or KML (XML with a kml element).
 */
export function readBoundaryFile(bytes: Uint8Array): ImportedLayer {
  if (bytes.length === 0) throw new ImportFileError('The file is empty.');
  if (isZip(bytes)) return readZippedShapefile(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true })
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trimStart();
  } catch {
    throw new ImportFileError(unknownFileMessage);
  }
  if (text.startsWith('{')) return readGeoJson(text);
  if (text.startsWith('<') && /<(\w+:)?kml[\s>]/.test(text.slice(0, 2000))) return readKml(text);
  throw new ImportFileError(unknownFileMessage);
}
