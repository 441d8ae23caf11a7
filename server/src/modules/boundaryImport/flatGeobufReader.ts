import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { polygonsOf, propertiesOf } from './geoJsonReader.ts';
import {
  ImportFileError,
  type ImportedLayer,
  type ImportedSourceFeature,
  type LayerCrs,
} from './importedLayer.ts';
import { maxImportFeatures } from '@headland/domain/inputLimits';

/** The first bytes of every FlatGeobuf file: 'fgb', the major version 3, 'fgb', and a patch version. */
export function isFlatGeobuf(bytes: Uint8Array): boolean {
  return bytes[0] === 0x66 && bytes[1] === 0x67 && bytes[2] === 0x62 && bytes[3] === 3 && bytes[4] === 0x66;
}

function crsOf(header: HeaderMeta | undefined): LayerCrs {
  const crs = header?.crs;
  if (!crs || !crs.code) return { kind: 'unstated' };
  if (crs.org && crs.org.toUpperCase() !== 'EPSG') throw new ImportFileError('geoJsonCrsUnreadable');
  return { kind: 'epsg', srid: crs.code, name: crs.name ?? `EPSG:${crs.code}` };
}

/** Bytes before the header: the magic bytes and the header's length. */
const headerStart = 12;
/** The largest node size of a FlatGeobuf spatial index (a 16-bit field). */
const maxIndexNodeSize = 65_535;

/**
 * Reads a FlatGeobuf file as GIS tools write it: its features with their properties and polygons, in the
 * system its header names. The header is checked before any feature is read: a header that is cut short, or
 * that counts more features than an import takes, would otherwise send the reader past the file's end or
 * through an index sized for billions of features.
 */
export async function readFlatGeobuf(bytes: Uint8Array): Promise<ImportedLayer> {
  if (bytes.length < headerStart) throw new ImportFileError('flatGeobufUnreadable');
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (headerStart + headerLength > bytes.length) throw new ImportFileError('flatGeobufUnreadable');
  let header: HeaderMeta | undefined;
  const features: ImportedSourceFeature[] = [];
  try {
    for await (const feature of deserialize(bytes, {
      headerMetaFn: (meta) => {
        header = meta;
        if (meta.featuresCount > maxImportFeatures || meta.indexNodeSize > maxIndexNodeSize)
          throw new Error('The header counts too many features.');
      },
    })) {
      const polygons = polygonsOf(feature.geometry);
      features.push({
        properties: propertiesOf(feature.properties),
        polygons: polygons.length > 0 ? polygons : null,
      });
      if (features.length > maxImportFeatures) break;
    }
  } catch {
    if (header && header.featuresCount > maxImportFeatures)
      throw new ImportFileError('tooManyFeatures', { count: header.featuresCount, max: maxImportFeatures });
    throw new ImportFileError('flatGeobufUnreadable');
  }
  if (features.length > maxImportFeatures)
    throw new ImportFileError('tooManyFeatures', { count: features.length, max: maxImportFeatures });
  return { format: 'flatgeobuf', crs: crsOf(header), features };
}
