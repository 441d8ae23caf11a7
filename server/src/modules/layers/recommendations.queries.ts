import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A zone a calculated layer is made from: its value, number, label, field and geometry (EWKB, hex). */
export interface SourceZone {
  value: number | null;
  zoneNumber: number | null;
  label: string | null;
  fieldId: number | null;
  ewkb: string;
}

/** The zones of a layer, by number and id, to make a calculated layer from. */
export function sourceZones(db: Db, layerId: number): Promise<SourceZone[]> {
  return sqlRows<SourceZone>(
    db,
    sql`SELECT value, zone_number AS "zoneNumber", label, field_id AS "fieldId", encode(ST_AsEWKB(geom), 'hex') AS ewkb
          FROM layer_zones WHERE layer_id = ${layerId} ORDER BY zone_number NULLS LAST, id`,
  );
}

/**
 * One zone per sample point of a layer: the points' Voronoi cells cut to the field's boundary (or to the
 * points' surroundings when the field has none); cells under 0.1 m² are left out.
 */
export function voronoiCells(
  db: Db,
  layerId: number,
  fieldId: number | null,
): Promise<{ value: number | null; ewkb: string }[]> {
  return sqlRows<{ value: number | null; ewkb: string }>(
    db,
    sql`WITH pts AS (SELECT value, geom FROM layer_points WHERE layer_id = ${layerId}),
             area AS (SELECT coalesce((SELECT boundary FROM fields WHERE id = ${fieldId ?? 0}),
                                      (SELECT ST_Expand(ST_Envelope(ST_Collect(geom)), 0.001) FROM pts)) AS g),
             cells AS (SELECT (ST_Dump(ST_VoronoiPolygons(ST_Collect(geom), 0, (SELECT g FROM area)))).geom AS cell FROM pts),
             cut AS (SELECT p.value, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Intersection(c.cell, a.g)), 3)) AS g
                       FROM cells c JOIN pts p ON ST_Covers(c.cell, p.geom), area a)
        SELECT value, encode(ST_AsEWKB(g), 'hex') AS ewkb FROM cut
         WHERE NOT ST_IsEmpty(g) AND ST_Area(g::geography) >= 0.1`,
  );
}

/** Per application layer: the area of its zones with a rate, and the product they take (rate × area). */
export function applicationSums(
  db: Db,
  layerIds: readonly number[],
): Promise<{ layerId: number; area: number; amount: number }[]> {
  return sqlRows<{ layerId: number; area: number; amount: number }>(
    db,
    sql`SELECT layer_id AS "layerId", coalesce(sum(area_ha) FILTER (WHERE product_rate IS NOT NULL), 0)::float8 AS area,
               coalesce(sum(product_rate * area_ha), 0)::float8 AS amount
          FROM layer_zones WHERE layer_id = ANY(${`{${layerIds.join(',')}}`}::int[])
         GROUP BY layer_id`,
  );
}

/** The cropping's TargetYield, Residue and Purpose attributes and its holding's region and PK model that year. */
export async function requirementInputs(
  db: Db,
  holdingId: number,
  croppingId: number,
): Promise<{
  targetYield: unknown;
  residue: unknown;
  purpose: unknown;
  regionId: number | null;
  pkModel: string | null;
}> {
  const [row] = await sqlRows<{
    targetYield: unknown;
    residue: unknown;
    purpose: unknown;
    regionId: number | null;
    pkModel: string | null;
  }>(
    db,
    sql`SELECT c.attributes -> 'TargetYield' AS "targetYield", c.attributes -> 'Residue' AS residue,
               c.attributes -> 'Purpose' AS purpose, h.region_id AS "regionId", y.pk_model AS "pkModel"
          FROM croppings c JOIN holdings h ON h.id = c.holding_id
          LEFT JOIN holding_crop_years y ON y.holding_id = c.holding_id AND y.year_id = c.year_id
         WHERE c.id = ${croppingId} AND c.holding_id = ${holdingId}`,
  );
  return row ?? { targetYield: null, residue: null, purpose: null, regionId: null, pkModel: null };
}
