import { unzipSync } from 'fflate';
import { Srid } from '@headland/domain/api/fieldsApi';
import { readDbf } from './dbfReader.ts';
import {
  ImportFileError,
  type ImportedLayer,
  type ImportedSourceFeature,
  type PolygonCoordinates,
} from './importedLayer.ts';
import { readKml } from './kmlReader.ts';
import { projectionOfPrj } from './projectionOfPrj.ts';
import { readShapefile } from './shapefileReader.ts';

const notAShapefile =
  'The zip file holds no shapefile: it needs at least the .shp and .dbf files of one layer.';

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    // Folders and the resource forks some archivers add are of no use here.
    return unzipSync(bytes, {
      filter: (file) => !file.name.endsWith('/') && !file.name.includes('__MACOSX/'),
    });
  } catch {
    throw new ImportFileError('The zip file is damaged and cannot be opened.');
  }
}

/**
 * Reads a zip holding one or more shapefile layers (.shp with its .dbf, optional .prj and .cpg; the .shx index
 * is not needed to read records in order), or a KMZ (zipped KML). All layers must share one coordinate system.
 */
export function readZippedShapefile(bytes: Uint8Array): ImportedLayer {
  const files = unzip(bytes);
  const byLowerName = new Map(Object.entries(files).map(([name, content]) => [name.toLowerCase(), content]));
  const shpNames = [...byLowerName.keys()].filter((name) => name.endsWith('.shp')).sort();
  if (shpNames.length === 0) {
    const kml = [...byLowerName.keys()].find((name) => name.endsWith('.kml'));
    if (kml) return readKml(new TextDecoder().decode(byLowerName.get(kml)));
    throw new ImportFileError(notAShapefile);
  }

  const features: ImportedSourceFeature[] = [];
  let layerSrid: Srid | undefined;
  let sridKnown = false;
  for (const shpName of shpNames) {
    const base = shpName.slice(0, -4);
    const dbf = byLowerName.get(`${base}.dbf`);
    if (!dbf) throw new ImportFileError(`The shapefile ${base.split('/').pop()} has no .dbf attribute file.`);
    const prj = byLowerName.get(`${base}.prj`);
    const cpg = byLowerName.get(`${base}.cpg`);
    const srid = projectionOfPrj(prj ? new TextDecoder().decode(prj) : undefined);
    const shapes = readShapefile(byLowerName.get(shpName)!);
    const records = readDbf(dbf, cpg ? new TextDecoder().decode(cpg).trim() : undefined);
    if (records.length !== shapes.length) {
      throw new ImportFileError(
        'The shapefile is damaged: its .shp and .dbf files hold different numbers of records.',
      );
    }
    const layerSridOf = srid ?? guessSrid(shapes);
    if (sridKnown && layerSridOf !== layerSrid) {
      throw new ImportFileError('The shapefiles in the zip file use different coordinate systems.');
    }
    layerSrid = layerSridOf;
    sridKnown = true;
    shapes.forEach((polygons, index) => features.push({ properties: records[index]!, polygons }));
  }
  return { format: 'shapefile', srid: layerSrid ?? Srid.Wgs84, features };
}

/**
 * A shapefile without a .prj is taken as WGS 84, unless its coordinates cannot be degrees: then they are read as
 * British National Grid metres, the only projected system the product works in.
 */
function guessSrid(shapes: (PolygonCoordinates[] | null)[]): Srid {
  for (const polygons of shapes) {
    for (const polygon of polygons ?? []) {
      for (const ring of polygon) {
        for (const [x, y] of ring) {
          if (Math.abs(x!) > 180 || Math.abs(y!) > 90) return Srid.BritishNationalGrid;
        }
      }
    }
  }
  return Srid.Wgs84;
}
