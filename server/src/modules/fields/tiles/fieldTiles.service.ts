import { maxFieldTileBytes, type FieldTileParams } from '@headland/domain/api/fieldTilesApi';
import type { Database } from '../../../db/database.ts';
import type { Caller } from '../../../auth/caller.ts';
import { encodeFieldTile } from './geojsonTileEncoder.ts';
import { selectFieldTileFeatures, selectFieldTileMvt, type FieldTileQuery } from './fieldTiles.queries.ts';

/** The most fields a tile starts from; coarse tiles over a large book of fields are cut further to fit. */
export const maxFieldsPerTile = 20_000;

export type FieldTileEncoder = 'postgis' | 'geojson-vt';

/** PostGIS encodes where it can (PostgreSQL); the embedded database's PostGIS has no protobuf. */
export const encoderOf = (database: Database): FieldTileEncoder =>
  database.kind === 'postgres' ? 'postgis' : 'geojson-vt';

async function encodeOnce(database: Database, query: FieldTileQuery, encoder: FieldTileEncoder) {
  if (encoder === 'postgis') return selectFieldTileMvt(database.db, query);
  return encodeFieldTile(await selectFieldTileFeatures(database.db, query), query.tile);
}

/**
 * The tile of the caller's holding and year: every field with a boundary, and the croppings the caller may see.
 * A tile past `maxFieldTileBytes` is made again from the larger half of its fields until it fits.
 */
export async function fieldTile(
  database: Database,
  caller: Pick<Caller, 'holdingId' | 'access'>,
  yearId: number,
  tile: FieldTileParams,
  encoder: FieldTileEncoder = encoderOf(database),
): Promise<Buffer> {
  let limit = maxFieldsPerTile;
  for (;;) {
    const query = { holdingId: caller.holdingId, yearId, access: caller.access, tile, limit };
    const bytes = await encodeOnce(database, query, encoder);
    if (bytes.byteLength <= maxFieldTileBytes || limit <= 1) return bytes;
    limit = Math.floor(limit / 2);
  }
}
