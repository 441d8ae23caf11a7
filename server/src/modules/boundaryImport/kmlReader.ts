import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Srid } from '@headland/domain/api/fieldsApi';
import {
  ImportFileError,
  type ImportedLayer,
  type ImportedSourceFeature,
  type ImportProperty,
  type PolygonCoordinates,
} from './importedLayer.ts';

type XmlNode = Record<string, unknown>;

const repeated = new Set([
  'Document',
  'Folder',
  'Placemark',
  'MultiGeometry',
  'Polygon',
  'innerBoundaryIs',
  'Data',
  'SchemaData',
  'SimpleData',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
});

const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as XmlNode)['#text']);
  return undefined;
}

/** KML coordinates: 'lon,lat[,alt]' tuples separated by white space. */
function readRing(value: unknown): number[][] | undefined {
  const text = textOf((value as XmlNode | undefined)?.coordinates);
  if (!text) return undefined;
  const ring = text
    .trim()
    .split(/\s+/)
    .map((tuple) => tuple.split(',').slice(0, 2).map(Number))
    .filter((position) => position.length === 2 && position.every(Number.isFinite));
  return ring.length >= 4 ? ring : undefined;
}

function readPolygon(node: XmlNode): PolygonCoordinates | undefined {
  const outer = readRing((node.outerBoundaryIs as XmlNode | undefined)?.LinearRing);
  if (!outer) return undefined;
  const holes = asArray(node.innerBoundaryIs)
    .map((inner) => readRing((inner as XmlNode).LinearRing))
    .filter((ring): ring is number[][] => ring !== undefined);
  return [outer, ...holes];
}

function collectPolygons(node: XmlNode, into: PolygonCoordinates[]): void {
  for (const polygon of asArray(node.Polygon)) {
    const read = readPolygon(polygon as XmlNode);
    if (read) into.push(read);
  }
  for (const multi of asArray(node.MultiGeometry)) collectPolygons(multi as XmlNode, into);
}

function readProperties(placemark: XmlNode): Record<string, ImportProperty> {
  const properties: Record<string, ImportProperty> = {};
  const name = textOf(placemark.name);
  if (name !== undefined) properties.name = name;
  const description = textOf(placemark.description);
  if (description !== undefined) properties.description = description;
  const extended = placemark.ExtendedData as XmlNode | undefined;
  for (const data of asArray(extended?.Data)) {
    const key = (data as XmlNode)['@_name'];
    if (typeof key === 'string') properties[key] = textOf((data as XmlNode).value) ?? null;
  }
  for (const schemaData of asArray(extended?.SchemaData)) {
    for (const simple of asArray((schemaData as XmlNode).SimpleData)) {
      const key = (simple as XmlNode)['@_name'];
      if (typeof key === 'string') properties[key] = textOf(simple) ?? null;
    }
  }
  return properties;
}

function collectPlacemarks(node: unknown, into: XmlNode[]): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collectPlacemarks(item, into);
    return;
  }
  for (const [key, value] of Object.entries(node as XmlNode)) {
    if (key === 'Placemark') into.push(...(asArray(value) as XmlNode[]));
    else if (!key.startsWith('@_')) collectPlacemarks(value, into);
  }
}

/** Reads the placemarks of a KML document; KML coordinates are always WGS 84 longitude and latitude. */
export function readKml(text: string): ImportedLayer {
  if (XMLValidator.validate(text) !== true) throw new ImportFileError('The KML file is not well-formed XML.');
  const document = parser.parse(text) as XmlNode;
  if (!document.kml) throw new ImportFileError('The file is not a zipped shapefile, GeoJSON or KML file.');
  const placemarks: XmlNode[] = [];
  collectPlacemarks(document.kml, placemarks);
  const features: ImportedSourceFeature[] = placemarks.map((placemark) => {
    const polygons: PolygonCoordinates[] = [];
    collectPolygons(placemark, polygons);
    return { properties: readProperties(placemark), polygons: polygons.length > 0 ? polygons : null };
  });
  return { format: 'kml', srid: Srid.Wgs84, features };
}
