import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type Geometry from 'ol/geom/Geometry.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import type { FeatureLike } from 'ol/Feature.js';
import type { CroppingResponse, FieldResponse, GeoJsonMultiPolygon } from '@headland/domain/api/fieldsApi';
import { dataProjection, viewProjection } from '../projections.ts';

/** What a feature of the field or cropping layer stands for. */
export type MapFeatureKind = 'field' | 'cropping';

/** A feature of the fields layer: one field, its boundary in EPSG:3857. */
export type FieldFeature = Feature<MultiPolygon>;
/** A feature of the cropping layer: one cropping, its own boundary or else its field's, in EPSG:3857. */
export type CroppingFeature = Feature<MultiPolygon>;

const kindKey = 'kind';
const fieldKey = 'field';
const croppingKey = 'cropping';

const geoJson = new GeoJSON();

const earthRadius = 6_378_137;
const degrees = Math.PI / 180;
// Web Mercator is undefined at the poles; OpenLayers clamps there too.
const maxLatitude = 85.0511287798066;

/**
 * A boundary from the API (GeoJSON in EPSG:4326) as a geometry of the view (EPSG:3857). The spherical Mercator
 * formulas are applied directly into one flat coordinate array: for 5,000 fields this is several times quicker
 * than the general GeoJSON reader with a projection transform, and gives the same numbers.
 */
export function readBoundary(boundary: GeoJsonMultiPolygon): MultiPolygon {
  const flat: number[] = [];
  const endss: number[][] = [];
  for (const polygon of boundary.coordinates) {
    const ends: number[] = [];
    for (const ring of polygon) {
      for (const position of ring) {
        const lon = position[0] ?? 0;
        const lat = Math.max(-maxLatitude, Math.min(maxLatitude, position[1] ?? 0));
        flat.push(
          earthRadius * lon * degrees,
          earthRadius * Math.log(Math.tan(Math.PI / 4 + (lat * degrees) / 2)),
        );
      }
      ends.push(flat.length);
    }
    endss.push(ends);
  }
  return new MultiPolygon(flat, 'XY', endss);
}

/** A geometry of the view (EPSG:3857) as GeoJSON in EPSG:4326 for the API. */
export function writeBoundary(
  geometry: Geometry,
): GeoJsonMultiPolygon | { type: 'Polygon'; coordinates: number[][][] } {
  return geoJson.writeGeometryObject(geometry, {
    dataProjection,
    featureProjection: viewProjection,
    decimals: 8,
  }) as GeoJsonMultiPolygon;
}

export function fieldFeatureId(fieldId: number): string {
  return `field:${fieldId}`;
}

export function croppingFeatureId(croppingId: number): string {
  return `cropping:${croppingId}`;
}

/**
 * The features of a holding's fields and of their croppings. Fields without a boundary are left out, as are
 * croppings that have neither a boundary nor a field boundary to stand on. A cropping without a boundary of its
 * own shares its field's geometry object rather than a copy: 5,000 fields then cost one geometry each.
 */
export function buildFieldFeatures(fields: readonly FieldResponse[]): {
  fields: FieldFeature[];
  croppings: CroppingFeature[];
} {
  const fieldFeatures: FieldFeature[] = [];
  const croppingFeatures: CroppingFeature[] = [];
  for (const field of fields) {
    const fieldGeometry = field.Boundary ? readBoundary(field.Boundary) : null;
    if (fieldGeometry) {
      const feature = new Feature(fieldGeometry);
      feature.setId(fieldFeatureId(field.FieldId));
      feature.setProperties({ [kindKey]: 'field', [fieldKey]: field }, true);
      fieldFeatures.push(feature);
    }
    for (const cropping of field.Croppings) {
      const geometry = cropping.Boundary ? readBoundary(cropping.Boundary) : fieldGeometry;
      if (!geometry) continue;
      const feature = new Feature(geometry);
      feature.setId(croppingFeatureId(cropping.CroppingId));
      feature.setProperties({ [kindKey]: 'cropping', [fieldKey]: field, [croppingKey]: cropping }, true);
      croppingFeatures.push(feature);
    }
  }
  return { fields: fieldFeatures, croppings: croppingFeatures };
}

/**
 * The cropping that is drawn on its field's own shape: the first without a boundary of its own. Where there is
 * one, the holding-wide view draws the field once, as that cropping, with the field's wash and outline.
 */
export function coveringCropping(field: FieldResponse): CroppingResponse | undefined {
  return field.Croppings.find((cropping) => cropping.Boundary === null);
}

export function featureKind(feature: FeatureLike): MapFeatureKind | undefined {
  return feature.get(kindKey) as MapFeatureKind | undefined;
}

/** The field a field or cropping feature belongs to. */
export function fieldOf(feature: FeatureLike): FieldResponse | undefined {
  return feature.get(fieldKey) as FieldResponse | undefined;
}

export function croppingOf(feature: FeatureLike): CroppingResponse | undefined {
  return feature.get(croppingKey) as CroppingResponse | undefined;
}
