import {
  ImportFileError,
  wgs84Crs,
  type ImportedLayer,
  type ImportedSourceFeature,
  type ImportProperty,
  type LayerCrs,
  type PolygonCoordinates,
} from './importedLayer.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nesting of geometry collections followed: deeper ones are not boundaries. */
const maxCollectionDepth = 4;

/** Only polygon geometries are kept; a geometry collection gives its polygons. */
export function polygonsOf(geometry: unknown, depth = 0): PolygonCoordinates[] {
  if (!isObject(geometry)) return [];
  if (geometry.type === 'Polygon' && Array.isArray(geometry.coordinates))
    return [geometry.coordinates as PolygonCoordinates];
  if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
    return geometry.coordinates as PolygonCoordinates[];
  }
  if (
    geometry.type === 'GeometryCollection' &&
    Array.isArray(geometry.geometries) &&
    depth < maxCollectionDepth
  ) {
    return geometry.geometries.flatMap((part) => polygonsOf(part, depth + 1));
  }
  return [];
}

/** Properties as the preview shows them: nested values become their JSON text, so nothing is lost from view. */
export function propertiesOf(value: unknown): Record<string, ImportProperty> {
  if (!isObject(value)) return {};
  const properties: Record<string, ImportProperty> = {};
  for (const [key, property] of Object.entries(value)) {
    if (typeof property === 'number') properties[key] = Number.isFinite(property) ? property : null;
    else if (property === null || typeof property === 'string' || typeof property === 'boolean') {
      properties[key] = property;
    } else if (property !== undefined) properties[key] = JSON.stringify(property);
  }
  return properties;
}

/**
 * The coordinate system of a GeoJSON document: WGS 84 as RFC 7946 requires when it says nothing, or the EPSG code
 * the older `crs` member names (whether the database knows it is checked later).
 */
function crsOf(document: Json): LayerCrs {
  const crs = document.crs;
  const name = isObject(crs) && isObject(crs.properties) ? crs.properties.name : undefined;
  if (crs === undefined || crs === null) return { kind: 'unstated' };
  if (typeof name === 'string') {
    if (/CRS84$/i.test(name)) return wgs84Crs;
    const code = /EPSG(?::+|::?[\d.]*:+|\/\d+\/)?(\d{4,6})$/i.exec(name.trim())?.[1];
    if (code) return { kind: 'epsg', srid: Number(code), name: `EPSG:${code}` };
  }
  throw new ImportFileError('geoJsonCrsUnreadable');
}

/** Reads a GeoJSON FeatureCollection, Feature or bare geometry. */
export function readGeoJson(text: string): ImportedLayer {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ImportFileError('geoJsonNotJson');
  }
  if (!isObject(document) || typeof document.type !== 'string') {
    throw new ImportFileError('boundaryFileUnknown');
  }
  const crs = crsOf(document);
  const featureOf = (feature: unknown): ImportedSourceFeature => {
    const polygons = isObject(feature) ? polygonsOf(feature.geometry) : [];
    return {
      properties: isObject(feature) ? propertiesOf(feature.properties) : {},
      polygons: polygons.length > 0 ? polygons : null,
    };
  };
  let features: ImportedSourceFeature[];
  if (document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features)) throw new ImportFileError('geoJsonNoFeatures');
    features = document.features.map(featureOf);
  } else if (document.type === 'Feature') {
    features = [featureOf(document)];
  } else {
    const polygons = polygonsOf(document);
    features = [{ properties: {}, polygons: polygons.length > 0 ? polygons : null }];
  }
  return { format: 'geojson', crs, features };
}
