import { Srid } from '@headland/domain/api/fieldsApi';
import {
  ImportFileError,
  type ImportedLayer,
  type ImportedSourceFeature,
  type ImportProperty,
  type PolygonCoordinates,
} from './importedLayer.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only polygon geometries are kept; a geometry collection gives its polygons. */
function polygonsOf(geometry: unknown): PolygonCoordinates[] {
  if (!isObject(geometry)) return [];
  if (geometry.type === 'Polygon' && Array.isArray(geometry.coordinates))
    return [geometry.coordinates as PolygonCoordinates];
  if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
    return geometry.coordinates as PolygonCoordinates[];
  }
  if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries)) {
    return geometry.geometries.flatMap(polygonsOf);
  }
  return [];
}

function propertiesOf(value: unknown): Record<string, ImportProperty> {
  if (!isObject(value)) return {};
  const properties: Record<string, ImportProperty> = {};
  for (const [key, property] of Object.entries(value)) {
    if (property === null || ['string', 'number', 'boolean'].includes(typeof property)) {
      properties[key] = property as ImportProperty;
    } else {
      // Nested values cannot name a field; they are kept as their JSON text so nothing is lost from view.
      properties[key] = JSON.stringify(property);
    }
  }
  return properties;
}

/**
 * The coordinate system of a GeoJSON document: WGS 84 as RFC 7946 requires, unless it carries the older `crs`
 * member naming British National Grid.
 */
function sridOf(document: Json): Srid {
  const crs = document.crs;
  const name = isObject(crs) && isObject(crs.properties) ? crs.properties.name : undefined;
  if (typeof name !== 'string') return Srid.Wgs84;
  if (/(^|[^0-9])27700$/.test(name)) return Srid.BritishNationalGrid;
  if (/(^|[^0-9])4326$/.test(name) || /CRS84$/i.test(name)) return Srid.Wgs84;
  throw new ImportFileError(
    'The GeoJSON file uses a coordinate system that cannot be imported: use British National Grid (EPSG:27700) or WGS 84 (EPSG:4326).',
  );
}

/** Reads a GeoJSON FeatureCollection, Feature or bare geometry. */
export function readGeoJson(text: string): ImportedLayer {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ImportFileError('The GeoJSON file is not valid JSON.');
  }
  if (!isObject(document) || typeof document.type !== 'string') {
    throw new ImportFileError('The file is not a zipped shapefile, GeoJSON or KML file.');
  }
  const srid = sridOf(document);
  const featureOf = (feature: unknown): ImportedSourceFeature => {
    const polygons = isObject(feature) ? polygonsOf(feature.geometry) : [];
    return {
      properties: isObject(feature) ? propertiesOf(feature.properties) : {},
      polygons: polygons.length > 0 ? polygons : null,
    };
  };
  let features: ImportedSourceFeature[];
  if (document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features))
      throw new ImportFileError('The GeoJSON file has no list of features.');
    features = document.features.map(featureOf);
  } else if (document.type === 'Feature') {
    features = [featureOf(document)];
  } else {
    const polygons = polygonsOf(document);
    features = [{ properties: {}, polygons: polygons.length > 0 ? polygons : null }];
  }
  return { format: 'geojson', srid, features };
}
