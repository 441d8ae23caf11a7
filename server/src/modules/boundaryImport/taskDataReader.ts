import { ExtendedPolygon, ISOXMLManager, PolygonPolygonTypeEnum, type Farm, type Partfield } from 'isoxml';
import { isZip, safeUnzip, ZipRefused } from '../../files/safeUnzip.ts';
import {
  ImportFileError,
  wgs84Crs,
  type ImportedLayer,
  type ImportedSourceFeature,
} from './importedLayer.ts';

/** The root element of an ISO 11783-10 task data file. */
const taskDataRoot = /<ISO11783_TaskData[\s>]/;

/** Whether a text is ISO 11783-10 task data (TASKDATA.XML), judged by its first characters. */
export function isTaskDataXml(head: string): boolean {
  return taskDataRoot.test(head);
}

/** The TASKDATA.XML of a zip, at its root or in a folder (terminals put it in `TASKDATA/`). */
export function taskDataInZip(files: ReadonlyMap<string, Uint8Array>): Uint8Array | undefined {
  for (const [name, bytes] of files) if (/(^|\/)TASKDATA\.XML$/i.test(name)) return bytes;
  return undefined;
}

/** Only the task data's XML files are unpacked from a zip; binary logs stay packed. */
export const taskDataEntry = (name: string) => /\.xml$/i.test(name);

/** Reads the zip's TASKDATA.XML when it has one. */
export function zipTaskData(bytes: Uint8Array): Uint8Array | undefined {
  if (!isZip(bytes)) return undefined;
  try {
    return taskDataInZip(safeUnzip(bytes, { keep: taskDataEntry }));
  } catch (error) {
    if (error instanceof ZipRefused) throw new ImportFileError(error.code, error.params);
    throw error;
  }
}

/**
 * The partfields of ISO 11783-10 task data, read with `isoxml`, as features: each partfield's boundary polygons
 * (type 1) with its designator, code, area in hectares and farm. Task data is always in WGS 84. A partfield
 * without a boundary is kept without polygons, so the preview says why it cannot become a field.
 */
export async function readTaskData(xml: string): Promise<ImportedLayer> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml.slice(0, 4000))) throw new ImportFileError('xmlDoctype');
  const manager = new ISOXMLManager();
  try {
    await manager.parseISOXMLFile(xml, 'text/xml');
  } catch {
    throw new ImportFileError('taskDataUnreadable');
  }
  const partfields = manager.rootElement.attributes.Partfield ?? [];
  if (partfields.length === 0) throw new ImportFileError('taskDataNoPartfields');
  const features = partfields.map((partfield: Partfield): ImportedSourceFeature => {
    const boundaries = (partfield.attributes.PolygonnonTreatmentZoneonly ?? []).filter(
      (polygon) => polygon.attributes.PolygonType === PolygonPolygonTypeEnum.PartfieldBoundary,
    );
    const geometry = boundaries.length > 0 ? ExtendedPolygon.toGeoJSON(boundaries) : null;
    const polygons = geometry?.coordinates.filter((polygon: number[][][]) => polygon.length > 0) ?? [];
    const farm = partfield.attributes.FarmIdRef?.entity as Farm | undefined;
    return {
      properties: {
        Name: partfield.attributes.PartfieldDesignator,
        Code: partfield.attributes.PartfieldCode ?? null,
        AreaHa: Math.round(partfield.attributes.PartfieldArea / 100) / 100,
        Farm: farm?.attributes.FarmDesignator ?? null,
      },
      polygons: polygons.length > 0 ? polygons : null,
    };
  });
  return { format: 'taskdata', crs: wgs84Crs, features };
}
