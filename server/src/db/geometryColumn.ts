import { customType } from 'drizzle-orm/pg-core';

/**
 * A PostGIS geometry column in EPSG:4326. Values travel as EWKT/WKB text from the driver; services read
 * geometry through ST_AsGeoJSON in SQL rather than through this column's raw value.
 */
export const geometry4326 = (name: string, kind: 'Point' | 'LineString' | 'MultiPolygon') =>
  customType<{ data: string; driverData: string }>({
    dataType: () => `geometry(${kind}, 4326)`,
  })(name);
