import { isZip, safeUnzip, ZipRefused } from '../../files/safeUnzip.ts';
import { isFlatGeobuf, readFlatGeobuf } from './flatGeobufReader.ts';
import { readGeoJson } from './geoJsonReader.ts';
import { ImportFileError, type ImportedLayer } from './importedLayer.ts';
import { readKmlOrGpx } from './kmlGpxReader.ts';
import { checkCounts, readShapefileLayers } from './shapefileLayer.ts';
import { isTaskDataXml, readTaskData, taskDataEntry, taskDataInZip } from './taskDataReader.ts';

/** Only these parts of a zip are unpacked into memory; the rest is counted and dropped. */
const usefulInZip = /\.(shp|dbf|prj|cpg|kml)$/i;

async function readZip(bytes: Uint8Array): Promise<ImportedLayer> {
  let files: Map<string, Uint8Array>;
  try {
    files = safeUnzip(bytes, { keep: (name) => usefulInZip.test(name) || taskDataEntry(name) });
  } catch (error) {
    if (error instanceof ZipRefused) throw new ImportFileError(error.code, error.params);
    throw error;
  }
  const taskData = taskDataInZip(files);
  if (taskData) return readTaskData(new TextDecoder().decode(taskData));
  const layer = readShapefileLayers(files);
  if (layer) return layer;
  const kml = [...files.keys()].find((name) => name.toLowerCase().endsWith('.kml'));
  if (kml) return readKmlOrGpx(new TextDecoder().decode(files.get(kml)), 'kml');
  throw new ImportFileError('noShapefileInZip');
}

function vertexCount(layer: ImportedLayer): number {
  let count = 0;
  for (const feature of layer.features)
    for (const polygon of feature.polygons ?? []) for (const ring of polygon) count += ring.length;
  return count;
}

/**
 * Reads a boundary file, recognised by its content rather than its name: a zip (ISO 11783-10 TASKDATA, shapefile
 * layers, or a KMZ), FlatGeobuf (by its magic bytes), otherwise text that is GeoJSON (starts with '{'), KML, GPX
 * or a bare TASKDATA.XML (XML with a kml, gpx or ISO11783_TaskData element). The format's
 * reader does the reading; what is left here is telling formats apart and refusing files too big to import.
 */
export async function readBoundaryFile(bytes: Uint8Array): Promise<ImportedLayer> {
  if (bytes.length === 0) throw new ImportFileError('fileEmpty');
  let layer: ImportedLayer;
  if (isZip(bytes)) layer = await readZip(bytes);
  else if (isFlatGeobuf(bytes)) layer = await readFlatGeobuf(bytes);
  else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true })
        .decode(bytes)
        .replace(/^\uFEFF/, '')
        .trimStart();
    } catch {
      throw new ImportFileError('boundaryFileUnknown');
    }
    const head = text.slice(0, 4000);
    if (text.startsWith('<') && /<!DOCTYPE|<!ENTITY/i.test(head)) {
      throw new ImportFileError('xmlDoctype');
    }
    if (text.startsWith('{')) layer = readGeoJson(text);
    else if (text.startsWith('<') && /<(\w+:)?kml[\s>]/.test(head)) layer = readKmlOrGpx(text, 'kml');
    else if (text.startsWith('<') && /<(\w+:)?gpx[\s>]/.test(head)) layer = readKmlOrGpx(text, 'gpx');
    else if (text.startsWith('<') && isTaskDataXml(head)) layer = await readTaskData(text);
    else throw new ImportFileError('boundaryFileUnknown');
  }
  checkCounts(layer.features.length, vertexCount(layer));
  return layer;
}
