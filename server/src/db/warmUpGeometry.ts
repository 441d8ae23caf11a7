import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Runs, once, each PostGIS step a boundary goes through (GeoJSON and WKT reading, repair, both directions of
 * the British grid transform, geodesic area, EWKB and GeoJSON writing). On the embedded database the first
 * of each costs seconds (projection tables, parsers being set up) on the server's only thread; doing it at
 * start-up keeps that wait out of a user's request. On PostgreSQL it costs a few milliseconds.
 */
export async function warmUpGeometry(db: Db): Promise<void> {
  const square = JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [430_000, 310_000],
        [430_100, 310_000],
        [430_100, 310_100],
        [430_000, 310_000],
      ],
    ],
  });
  await db.execute(sql`
    WITH src AS MATERIALIZED (
           SELECT ST_Transform(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${square}), 27700)), 4326) AS g
           UNION ALL
           SELECT ST_Transform(ST_GeomFromEWKT('SRID=27700;POLYGON((0 0,10 0,10 10,0 0))'), 4326)),
         stored AS MATERIALIZED (SELECT ST_GeomFromEWKB(decode(encode(ST_AsEWKB(g), 'hex'), 'hex')) AS g FROM src)
    SELECT sum(ST_Area(g::geography)), max(length(ST_AsGeoJSON(ST_Transform(g, 27700), 3))),
           max(length(ST_AsGeoJSON(g, 8)))
      FROM stored`);
  // A boundary of about 20,000 vertices (the limit) once through the same steps: the embedded database's
  // memory grows to what such a request needs here rather than during one.
  await db.execute(sql`
    WITH big AS MATERIALIZED (
           SELECT ST_AsGeoJSON(ST_Buffer(ST_SetSRID(ST_MakePoint(430000, 310000), 27700), 300, 5000)) AS text),
         src AS MATERIALIZED (SELECT ST_SetSRID(ST_GeomFromGeoJSON(text), 27700) AS g FROM big),
         valid AS MATERIALIZED (SELECT ST_Transform(ST_Multi(ST_CollectionExtract(ST_MakeValid(g), 3)), 4326) AS g FROM src)
    SELECT ST_Area(g::geography), length(encode(ST_AsEWKB(g), 'hex')) FROM valid`);
}
