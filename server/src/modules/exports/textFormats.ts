import type { ExportColumn, ExportDataset, ExportGeometry, ExportValue } from './exportDataset.ts';

/** KML (OGC 2.2) and GeoJSON (RFC 7946) of an export: both WGS 84 longitude, latitude. */

/** A property value as JSON; a whole number of a real column keeps a decimal point, so readers type it real. */
function jsonValue(column: ExportColumn, value: ExportValue): string {
  if (column.type === 'real' && typeof value === 'number' && Number.isInteger(value)) return value.toFixed(1);
  return JSON.stringify(value);
}

/** GeoJSON text of the whole export: one FeatureCollection; rings as PostGIS gave them (outer anticlockwise). */
export function writeGeoJson(dataset: ExportDataset): string {
  const keys = dataset.columns.map((column) => JSON.stringify(column.name));
  const features = dataset.parts.flatMap((part) =>
    part.features.map((feature) => {
      const properties = dataset.columns
        .map((column, index) => `${keys[index]}:${jsonValue(column, feature.values[index] ?? null)}`)
        .join(',');
      return `{"type":"Feature","properties":{${properties}},"geometry":${JSON.stringify(feature.geometry)}}`;
    }),
  );
  return `{"type":"FeatureCollection","name":${JSON.stringify(dataset.fileName)},"features":[\n${features.join(',\n')}\n]}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Whether XML 1.0 can hold a character: not the control characters other than tab and line ends. */
function xmlChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff
  );
}

const xmlText = (value: string) => escapeXml([...value].filter(xmlChar).join(''));

const kmlTypes = { string: 'string', integer: 'int', real: 'double', date: 'string' } as const;

function coordinates(ring: readonly (readonly [number, number])[]): string {
  return ring.map(([x, y]) => `${x},${y}`).join(' ');
}

function kmlGeometry(geometry: ExportGeometry): string {
  if (geometry.type === 'Point')
    return `<Point><coordinates>${coordinates([geometry.coordinates])}</coordinates></Point>`;
  const polygons = geometry.coordinates.map((polygon) => {
    const [outer, ...holes] = polygon;
    const inner = holes
      .map(
        (ring) =>
          `<innerBoundaryIs><LinearRing><coordinates>${coordinates(ring)}</coordinates></LinearRing></innerBoundaryIs>`,
      )
      .join('');
    return `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates(outer ?? [])}</coordinates></LinearRing></outerBoundaryIs>${inner}</Polygon>`;
  });
  return polygons.length === 1 ? (polygons[0] ?? '') : `<MultiGeometry>${polygons.join('')}</MultiGeometry>`;
}

function kmlValue(value: ExportValue): string {
  return value === null ? '' : xmlText(String(value));
}

/**
 * KML text: one Folder per part, each feature a Placemark named by the first column, its attributes as
 * typed SchemaData so that GIS tools read them as columns.
 */
export function writeKml(dataset: ExportDataset): string {
  const schemaId = 'attributes';
  const fields = dataset.columns
    .map((column) => `<SimpleField name="${escapeXml(column.name)}" type="${kmlTypes[column.type]}"/>`)
    .join('');
  const folders = dataset.parts.map((part) => {
    const placemarks = part.features.map((feature) => {
      const data = dataset.columns
        .map((column, index) => {
          const value = feature.values[index] ?? null;
          return value === null
            ? ''
            : `<SimpleData name="${escapeXml(column.name)}">${kmlValue(value)}</SimpleData>`;
        })
        .join('');
      return `<Placemark><name>${kmlValue(feature.values[0] ?? null)}</name><ExtendedData><SchemaData schemaUrl="#${schemaId}">${data}</SchemaData></ExtendedData>${kmlGeometry(feature.geometry)}</Placemark>`;
    });
    return `<Folder><name>${xmlText(part.name)}</name>\n${placemarks.join('\n')}\n</Folder>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    `<name>${xmlText(dataset.title)}</name>`,
    `<Schema name="${schemaId}" id="${schemaId}">${fields}</Schema>`,
    ...folders,
    '</Document></kml>',
  ].join('\n');
}
