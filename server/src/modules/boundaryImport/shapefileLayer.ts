// shpjs ships no types; other workspaces compile this file without the declaration beside it unless named here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./shpjs.d.ts" />
import proj4 from 'proj4';
import { parseDbf, parseShp } from 'shpjs';
import { maxImportFeatures } from '@headland/domain/inputLimits';
import { maxImportVertices } from '@headland/domain/importLimits';
import {
  ImportFileError,
  wgs84Crs,
  type ImportedLayer,
  type ImportedSourceFeature,
  type ImportProperty,
  type LayerCrs,
} from './importedLayer.ts';
import { polygonsOf, propertiesOf } from './geoJsonReader.ts';

const decoder = new TextDecoder();

/** What the .shp's record headers say, read without parsing the shapes: records and vertices. */
function countShapes(shp: Uint8Array): { records: number; vertices: number } {
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (shp.length < 100 || view.getInt32(0, false) !== 9994) {
    throw new ImportFileError('shapefileNoHeader');
  }
  let records = 0;
  let vertices = 0;
  for (let offset = 100; offset + 8 <= shp.length;) {
    const length = view.getInt32(offset + 4, false) * 2;
    const content = offset + 8;
    if (length < 4 || content + length > shp.length) {
      throw new ImportFileError('shapefileCutShort');
    }
    const type = view.getInt32(content, true);
    // Polygon, PolygonZ and PolygonM keep their point count after the box and the part count.
    if ((type === 5 || type === 15 || type === 25) && length >= 44)
      vertices += view.getInt32(content + 40, true);
    records += 1;
    offset = content + length;
  }
  return { records, vertices };
}

/** EPSG codes of the systems farm files most often come in, by the name desktop GIS writes in the .prj. */
function epsgOfName(name: string): number | null {
  const key = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  if (/BRITISH NATIONAL GRID/.test(key)) return 27700;
  if (/IRISH TRANSVERSE MERCATOR/.test(key)) return 2157;
  if (/^TM65 IRISH GRID/.test(key)) return 29902;
  if (/^TM75 IRISH GRID/.test(key)) return 29903;
  if (/^(GCS )?WGS 1984$|^WGS 84$/.test(key)) return 4326;
  const utm = /^WGS (?:19)?84 UTM ZONE (\d{1,2})([NS])$/.exec(key);
  if (utm) return (utm[2] === 'N' ? 32600 : 32700) + Number(utm[1]);
  const etrs = /^ETRS (?:19)?89 UTM ZONE (\d{1,2})N$/.exec(key);
  if (etrs) return 25800 + Number(etrs[1]);
  return null;
}

/** The name a .prj gives its coordinate system, for the user, and its EPSG code when it says or implies one. */
function describePrj(prj: string): { srid: number | null; name: string } {
  const name = /^\s*(?:PROJCS|PROJCRS|GEOGCS|GEOGCRS)\s*\[\s*"([^"]*)"/i.exec(prj)?.[1] ?? 'the .prj file';
  const authority = /AUTHORITY\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*\]\s*$/i.exec(prj.trim());
  return {
    srid: authority ? Number(authority[1]) : epsgOfName(name),
    name: name.replaceAll('_', ' '),
  };
}

/** A .prj that proj4 cannot read would leave the coordinates unconverted: refuse it instead. */
function checkPrj(prj: string): void {
  try {
    const converter = proj4(prj, 'EPSG:4326');
    const [lon, lat] = converter.forward([0, 0]);
    if (!Number.isFinite(lon) && !Number.isFinite(lat)) throw new Error('unusable');
  } catch {
    throw new ImportFileError('shapefilePrjUnreadable');
  }
}

/**
 * Reads the shapefile layers (.shp with its .dbf, optional .prj and .cpg) of an unpacked zip with shpjs. A layer
 * with a .prj comes out in EPSG:4326, converted by proj4 from whatever system the .prj names; a layer without
 * one keeps its coordinates, for the importer to place. All layers must agree.
 */
export function readShapefileLayers(files: ReadonlyMap<string, Uint8Array>): ImportedLayer | null {
  const byLowerName = new Map([...files].map(([name, content]) => [name.toLowerCase(), content]));
  const shpNames = [...byLowerName.keys()].filter((name) => name.endsWith('.shp')).sort();
  if (shpNames.length === 0) return null;

  const layers = shpNames.map((shpName) => {
    const base = shpName.slice(0, -4);
    const shp = byLowerName.get(shpName)!;
    const dbf = byLowerName.get(`${base}.dbf`);
    if (!dbf) throw new ImportFileError('shapefileNoDbf', { name: base.split('/').pop() ?? base });
    const prjBytes = byLowerName.get(`${base}.prj`);
    const prj = prjBytes ? decoder.decode(prjBytes).trim() : '';
    const cpg = byLowerName.get(`${base}.cpg`);
    return { shp, dbf, prj, cpg: cpg ? decoder.decode(cpg).trim() : undefined, counts: countShapes(shp) };
  });
  const records = layers.reduce((sum, layer) => sum + layer.counts.records, 0);
  const vertices = layers.reduce((sum, layer) => sum + layer.counts.vertices, 0);
  checkCounts(records, vertices);
  const withPrj = layers.filter((layer) => layer.prj !== '').length;
  if (withPrj > 0 && withPrj < layers.length) {
    throw new ImportFileError('shapefilesMixedPrj');
  }

  const features: ImportedSourceFeature[] = [];
  let crs: LayerCrs | undefined;
  let source: { srid: number | null; name: string } | undefined;
  for (const layer of layers) {
    let shapes: ReturnType<typeof parseShp>;
    let rows: Record<string, ImportProperty>[];
    const described = layer.prj ? describePrj(layer.prj) : undefined;
    // A system with an EPSG code is converted by PostGIS, whose definitions carry the datum shifts (proj4 reads
    // a .prj's TM75 datum without one, 80 m off); any other system proj4 can read is converted here.
    const convertHere = described !== undefined && described.srid === null;
    if (convertHere) checkPrj(layer.prj);
    const layerCrs: LayerCrs | undefined = described
      ? described.srid !== null
        ? { kind: 'epsg', srid: described.srid, name: `${described.name} (EPSG:${described.srid})` }
        : wgs84Crs
      : undefined;
    if (source && described && source.name !== described.name) {
      throw new ImportFileError('shapefilesMixedCrs');
    }
    source = described;
    crs = layerCrs;
    try {
      shapes = parseShp(layer.shp, convertHere ? layer.prj : undefined);
      rows = parseDbf(layer.dbf, layer.cpg);
    } catch {
      throw new ImportFileError('shapefileDamaged');
    }
    if (rows.length !== shapes.length) {
      throw new ImportFileError('shapefileRecordCounts');
    }
    shapes.forEach((shape, index) => {
      const polygons = polygonsOf(shape);
      features.push({
        properties: propertiesOf(trimmed(rows[index]!)),
        polygons: polygons.length > 0 ? polygons : null,
      });
    });
  }
  if (!crs || !source) return { format: 'shapefile', crs: { kind: 'unstated' }, features };
  return crs.kind === 'epsg' && crs.srid !== 4326
    ? { format: 'shapefile', crs, features }
    : { format: 'shapefile', crs: wgs84Crs, source, features };
}

/** DBF text is padded with spaces to the column's width. */
function trimmed(row: Record<string, ImportProperty>): Record<string, ImportProperty> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
}

/** Refuses a file with more features or vertices than one import may bring. */
export function checkCounts(features: number, vertices: number): void {
  if (features > maxImportFeatures) {
    throw new ImportFileError('tooManyFeatures', { count: features, max: maxImportFeatures });
  }
  if (vertices > maxImportVertices) {
    throw new ImportFileError('tooManyVerticesInFile', { count: vertices, max: maxImportVertices });
  }
}
