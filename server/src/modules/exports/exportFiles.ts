import { strToU8, zipSync } from 'fflate';
import { exportFormatExtension, type ExportFormat } from '@headland/domain/api/exportsApi';
import type { ExportDataset } from './exportDataset.ts';
import { writeFlatGeobuf } from './flatGeobufWriter.ts';
import { wgs84Prj, writeShapefile } from './shapefileWriter.ts';
import { writeGeoJson, writeKml } from './textFormats.ts';

export interface ExportFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const contentTypes: Readonly<Record<ExportFormat, string>> = {
  shapefile: 'application/zip',
  kml: 'application/vnd.google-earth.kml+xml',
  geojson: 'application/geo+json',
  flatgeobuf: 'application/octet-stream',
};

/**
 * The zipped shapefile: one set of .shp, .shx, .dbf, .prj and .cpg per part that has features (every part
 * shape-typed alike), or the first part's empty set when none has any, so that the zip always opens.
 */
function shapefileZip(dataset: ExportDataset, now: Date): Uint8Array {
  const withFeatures = dataset.parts.filter((part) => part.features.length > 0);
  const parts = withFeatures.length > 0 ? withFeatures : dataset.parts.slice(0, 1);
  const files: Record<string, Uint8Array> = {};
  for (const part of parts) {
    const name = parts.length === 1 ? dataset.fileName : `${dataset.fileName}_${part.name}`;
    const { shp, shx, dbf } = writeShapefile(dataset.columns, part, now);
    files[`${name}.shp`] = shp;
    files[`${name}.shx`] = shx;
    files[`${name}.dbf`] = dbf;
    files[`${name}.prj`] = strToU8(wgs84Prj);
    files[`${name}.cpg`] = strToU8('UTF-8');
  }
  return zipSync(files, { level: 6, mtime: now });
}

/** The export's file in `format`. */
export function exportFile(dataset: ExportDataset, format: ExportFormat, now = new Date()): ExportFile {
  const fileName = `${dataset.fileName}.${exportFormatExtension[format]}`;
  const bytes =
    format === 'shapefile'
      ? shapefileZip(dataset, now)
      : format === 'kml'
        ? strToU8(writeKml(dataset))
        : format === 'geojson'
          ? strToU8(writeGeoJson(dataset))
          : writeFlatGeobuf(dataset);
  return { fileName, contentType: contentTypes[format], bytes };
}
