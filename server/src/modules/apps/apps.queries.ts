import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A connection row as the service works with it; the sealed columns stay sealed here. */
export interface ConnectionRow {
  id: number;
  app_id: number;
  user_id: number;
  user_name: string;
  holding_id: number;
  mode: number;
  status: number;
  organisation_id: string | null;
  organisation_name: string | null;
  first_year: number | null;
  basic_user: string | null;
  sealed_password: string | null;
  sealed_access_token: string | null;
  sealed_refresh_token: string | null;
  access_expires_at: Date | string | null;
  sealed_pkce_verifier: string | null;
}

const columns = sql`c.id, c.app_id, c.user_id, trim(u.first_name || ' ' || u.last_name) AS user_name, c.holding_id,
  c.mode, c.status, c.organisation_id, c.organisation_name, c.first_year, c.basic_user, c.sealed_password,
  c.sealed_access_token, c.sealed_refresh_token, c.access_expires_at, c.sealed_pkce_verifier`;

/** Every connection made on the holding, by any of its users. */
export function selectConnections(db: Db, holdingId: number): Promise<ConnectionRow[]> {
  return sqlRows<ConnectionRow>(
    db,
    sql`SELECT ${columns} FROM app_connections c JOIN users u ON u.id = c.user_id
         WHERE c.holding_id = ${holdingId} ORDER BY c.app_id, c.id`,
  );
}

/** One connection of the holding; `lock` takes its row FOR UPDATE (inside a transaction). */
export async function selectConnection(
  db: Db,
  holdingId: number,
  id: number,
  lock = false,
): Promise<ConnectionRow | undefined> {
  const [row] = await sqlRows<ConnectionRow>(
    db,
    sql`SELECT ${columns} FROM app_connections c JOIN users u ON u.id = c.user_id
         WHERE c.id = ${id} AND c.holding_id = ${holdingId} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  return row;
}

/** The connection waiting for the authorisation whose state hashes to `stateHash`. */
export async function selectByState(db: Db, stateHash: string): Promise<ConnectionRow | undefined> {
  const [row] = await sqlRows<ConnectionRow>(
    db,
    sql`SELECT ${columns} FROM app_connections c JOIN users u ON u.id = c.user_id
         WHERE c.oauth_state_hash = ${stateHash} FOR UPDATE OF c`,
  );
  return row;
}

/**
 * The caller's connection of the app on the holding, made now or found (a reconnect): its organisation and
 * configuration stay, its working tokens stay until new ones replace them.
 */
export async function upsertConnection(
  db: Db,
  values: { appId: number; userId: number; holdingId: number; mode: number },
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`INSERT INTO app_connections (app_id, user_id, holding_id, mode)
        VALUES (${values.appId}, ${values.userId}, ${values.holdingId}, ${values.mode})
        ON CONFLICT (holding_id, user_id, app_id) DO UPDATE SET mode = excluded.mode, updated_at = now()
        RETURNING id`,
  );
  return row!.id;
}

export async function storePendingAuthorisation(
  db: Db,
  id: number,
  stateHash: string | null,
  sealedVerifier: string | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE app_connections SET oauth_state_hash = ${stateHash}, sealed_pkce_verifier = ${sealedVerifier},
          updated_at = now() WHERE id = ${id}`,
  );
}

export async function storeTokens(
  db: Db,
  id: number,
  tokens: { sealedAccess: string; sealedRefresh: string | null; expiresAt: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE app_connections SET sealed_access_token = ${tokens.sealedAccess},
          sealed_refresh_token = ${tokens.sealedRefresh}, access_expires_at = ${tokens.expiresAt.toISOString()},
          oauth_state_hash = NULL, sealed_pkce_verifier = NULL, status = 0, updated_at = now()
        WHERE id = ${id}`,
  );
}

export async function storeBasicCredentials(
  db: Db,
  id: number,
  user: string,
  sealedPassword: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE app_connections SET mode = 2, basic_user = ${user}, sealed_password = ${sealedPassword}, status = 0,
          oauth_state_hash = NULL, sealed_pkce_verifier = NULL, updated_at = now()
        WHERE id = ${id}`,
  );
}

/** A connection the provider no longer accepts: its tokens are dropped, so only a reconnect mends it. */
export async function markUnauthorised(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`UPDATE app_connections SET status = 1, sealed_access_token = NULL, sealed_refresh_token = NULL,
          access_expires_at = NULL, updated_at = now() WHERE id = ${id}`,
  );
}

export async function setStatus(db: Db, id: number, status: number): Promise<void> {
  await db.execute(
    sql`UPDATE app_connections SET status = ${status}, updated_at = now() WHERE id = ${id} AND status <> ${status}`,
  );
}

export async function storeOrganisation(
  db: Db,
  id: number,
  organisation: { id: string; name: string },
  firstYear: number | null,
  status: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE app_connections SET organisation_id = ${organisation.id}, organisation_name = ${organisation.name},
          first_year = ${firstYear}, status = ${status}, updated_at = now() WHERE id = ${id}`,
  );
}

export async function deleteConnection(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM app_connections WHERE id = ${id}`);
}

export async function holdingYears(db: Db, holdingId: number): Promise<number[]> {
  const rows = await sqlRows<{ year_id: number }>(
    db,
    sql`SELECT year_id FROM holding_crop_years WHERE holding_id = ${holdingId} ORDER BY year_id`,
  );
  return rows.map((row) => row.year_id);
}

/** Whether any connection holds a sealed secret: then the server cannot start without its key. */
export async function sealedConnectionsExist(db: Db): Promise<boolean> {
  const [row] = await sqlRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM app_connections) AS found`,
  );
  return Boolean(row?.found);
}
