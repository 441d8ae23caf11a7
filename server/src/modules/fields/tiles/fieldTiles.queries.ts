import { sql, type SQL } from 'drizzle-orm';
import type { FieldTileParams } from '@headland/domain/api/fieldTilesApi';
import type { Db } from '../../../db/database.ts';
import { croppingVisibleSql, type CroppingAccess } from '../../../auth/croppingAccess.ts';
import { sqlRows } from '../../../db/sqlRows.ts';

/** Tile units across a tile, and the margin drawn beyond each edge so that strokes meet across tiles. */
export const tileExtent = 4096;
export const tileBuffer = 64;

/** Web mercator metres per degree of longitude: how wide a field's box is on the tile grid, east to west. */
const mercatorMetresPerDegree = 111_319.490_79;
const mercatorWorldMetres = 40_075_016.685_58;

/**
 * The narrowest field drawn at zoom `z`, in web mercator metres: two of the 256 screen pixels a tile is shown
 * across. Anything smaller is a speck at that zoom, and leaving it out is what keeps coarse tiles small.
 */
export const minFieldExtentMetres = (z: number) => ((mercatorWorldMetres / 2 ** z) * 2) / 256;

export interface FieldTileQuery {
  holdingId: number;
  yearId: number;
  access: CroppingAccess;
  tile: FieldTileParams;
  /** The most fields the tile carries, the largest first. */
  limit: number;
}

/**
 * The tile's fields, chosen once for both encoders: the holding's fields with a boundary that reach into the
 * tile (with its margin) and are at least `minFieldExtentMetres` across, largest first, at most `limit`.
 */
function chosenFieldsSql(query: FieldTileQuery): SQL {
  const { z, x, y } = query.tile;
  return sql`
    SELECT f.id, f.name, f.field_number, f.boundary, coalesce(fy.disabled, false) AS disabled
      FROM fields f
      LEFT JOIN field_years fy ON fy.field_id = f.id AND fy.year_id = ${query.yearId}
     WHERE f.holding_id = ${query.holdingId} AND f.boundary IS NOT NULL
       AND f.boundary && ST_Transform(ST_TileEnvelope(${z}, ${x}, ${y}, margin => ${tileBuffer / tileExtent}), 4326)
       AND greatest(ST_XMax(f.boundary) - ST_XMin(f.boundary), ST_YMax(f.boundary) - ST_YMin(f.boundary))
           * ${mercatorMetresPerDegree} >= ${minFieldExtentMetres(z)}
     ORDER BY f.boundary_area DESC NULLS LAST, f.id
     LIMIT ${query.limit}`;
}

/** The year's croppings of the chosen fields that the caller may see, with their own boundary or their field's. */
function chosenCroppingsSql(query: FieldTileQuery): SQL {
  return sql`
    SELECT c.id, c.field_id, c.crop_id, coalesce(c.boundary, chosen.boundary) AS boundary
      FROM croppings c JOIN chosen ON chosen.id = c.field_id
     WHERE c.holding_id = ${query.holdingId} AND c.year_id = ${query.yearId}
       AND ${croppingVisibleSql(query.access, sql`c.id`)}`;
}

/** The tile encoded by PostGIS (`ST_AsMVT`, which needs protobuf: PostgreSQL servers, not the embedded one). */
export async function selectFieldTileMvt(db: Db, query: FieldTileQuery): Promise<Buffer> {
  const { z, x, y } = query.tile;
  const envelope = sql`ST_TileEnvelope(${z}, ${x}, ${y})`;
  const mvtGeom = (geometry: SQL) =>
    sql`ST_AsMVTGeom(ST_Transform(${geometry}, 3857), ${envelope}, ${tileExtent}, ${tileBuffer}, true)`;
  const rows = await sqlRows<{ tile: Buffer | Uint8Array | null }>(
    db,
    sql`
    WITH chosen AS (${chosenFieldsSql(query)}),
    field_features AS (
      SELECT id AS feature_id, id AS "FieldId", name AS "Name", field_number AS "FieldNumber",
             disabled AS "Disabled", ${mvtGeom(sql`boundary`)} AS geom
        FROM chosen),
    cropping_features AS (
      SELECT id AS feature_id, id AS "CroppingId", field_id AS "FieldId", crop_id AS "CropId",
             ${mvtGeom(sql`boundary`)} AS geom
        FROM (${chosenCroppingsSql(query)}) c)
    SELECT coalesce((SELECT ST_AsMVT(ff, 'fields', ${tileExtent}, 'geom', 'feature_id')
                       FROM field_features ff WHERE geom IS NOT NULL), ''::bytea)
        || coalesce((SELECT ST_AsMVT(cf, 'croppings', ${tileExtent}, 'geom', 'feature_id')
                       FROM cropping_features cf WHERE geom IS NOT NULL), ''::bytea) AS tile`,
  );
  const tile = rows[0]?.tile;
  return tile ? Buffer.from(tile) : Buffer.alloc(0);
}

export interface TileFieldRow extends Record<string, unknown> {
  id: number;
  name: string;
  field_number: string | null;
  disabled: boolean;
  /** GeoJSON of the boundary in 4326. */
  geojson: string;
}

export interface TileCroppingRow extends Record<string, unknown> {
  id: number;
  field_id: number;
  crop_id: number;
  geojson: string;
}

/** The tile's fields and croppings as GeoJSON, for encoding on the server (the embedded database's PostGIS has no protobuf). */
export async function selectFieldTileFeatures(
  db: Db,
  query: FieldTileQuery,
): Promise<{ fields: TileFieldRow[]; croppings: TileCroppingRow[] }> {
  const rows = await sqlRows<{ layer: string; features: (TileFieldRow | TileCroppingRow)[] | null }>(
    db,
    sql`
    WITH chosen AS (${chosenFieldsSql(query)})
    SELECT 'fields' AS layer,
           (SELECT json_agg(json_build_object('id', id, 'name', name, 'field_number', field_number,
                                              'disabled', disabled, 'geojson', ST_AsGeoJSON(boundary)))
              FROM chosen) AS features
    UNION ALL
    SELECT 'croppings',
           (SELECT json_agg(json_build_object('id', id, 'field_id', field_id, 'crop_id', crop_id,
                                              'geojson', ST_AsGeoJSON(boundary)))
              FROM (${chosenCroppingsSql(query)}) c)`,
  );
  const of = (layer: string) => rows.find((row) => row.layer === layer)?.features ?? [];
  return { fields: of('fields') as TileFieldRow[], croppings: of('croppings') as TileCroppingRow[] };
}
