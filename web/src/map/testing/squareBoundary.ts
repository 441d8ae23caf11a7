import type { GeoJsonMultiPolygon } from '@headland/domain/api/fieldsApi';

/** A square boundary in EPSG:4326, `size` degrees wide, with its south-west corner at lon/lat. */
export function squareBoundary(lon: number, lat: number, size = 0.01): GeoJsonMultiPolygon {
  return {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [lon, lat],
          [lon + size, lat],
          [lon + size, lat + size],
          [lon, lat + size],
          [lon, lat],
        ],
      ],
    ],
  };
}
