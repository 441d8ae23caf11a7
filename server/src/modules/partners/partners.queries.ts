import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';

export interface PartnerRow {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  cropping_ids: number[];
}

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** Every partner, with whether it is enabled for the holding's year and the croppings shared with it then. */
export async function selectPartners(
  db: Db,
  access: CroppingAccess,
  yearId: number,
  partnerId?: number,
): Promise<PartnerRow[]> {
  const holdingId = access.holdingId;
  const one = partnerId === undefined ? sql`TRUE` : sql`p.id = ${partnerId}`;
  return sqlRows<PartnerRow>(
    db,
    sql`SELECT p.id, p.name, p.description,
               coalesce((SELECT ph.enabled FROM partner_holdings ph
                          WHERE ph.partner_id = p.id AND ph.holding_id = ${holdingId} AND ph.year_id = ${yearId}),
                        false) AS enabled,
               coalesce((SELECT array_agg(pc.cropping_id ORDER BY pc.cropping_id) FROM partner_croppings pc
                          WHERE pc.partner_id = p.id AND pc.holding_id = ${holdingId} AND pc.year_id = ${yearId}
                            AND ${croppingVisibleSql(access, sql`pc.cropping_id`)}),
                        '{}') AS cropping_ids
          FROM partners p WHERE ${one}
         ORDER BY lower(p.name), p.id`,
  );
}

export interface RequiredDocumentRow {
  partner_id: number;
  version_id: number;
  title: string;
  version: number;
  text: string;
}

/** The latest version of each legal document of the partners (of one partner when given). */
export async function selectRequiredDocuments(db: Db, partnerId?: number): Promise<RequiredDocumentRow[]> {
  const one = partnerId === undefined ? sql`TRUE` : sql`d.partner_id = ${partnerId}`;
  return sqlRows<RequiredDocumentRow>(
    db,
    sql`SELECT d.partner_id, v.id AS version_id, d.title, v.version, v.text
          FROM legal_documents d
          JOIN legal_document_versions v ON v.legal_document_id = d.id
           AND v.version = (SELECT max(w.version) FROM legal_document_versions w WHERE w.legal_document_id = d.id)
         WHERE ${one}
         ORDER BY d.partner_id, d.id`,
  );
}

export interface SignatureRow {
  version_id: number;
  first_name: string;
  last_name: string;
  created_at: string;
}

/** The holding's signatures, of the given versions when named. */
export async function selectSignatures(
  db: Db,
  holdingId: number,
  versionIds?: readonly number[],
): Promise<SignatureRow[]> {
  const some = versionIds ? sql`s.legal_document_version_id = ANY(${idArray(versionIds)}::int[])` : sql`TRUE`;
  return sqlRows<SignatureRow>(
    db,
    sql`SELECT s.legal_document_version_id AS version_id, s.first_name, s.last_name,
               to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM legal_document_signatures s
         WHERE s.holding_id = ${holdingId} AND ${some}
         ORDER BY s.created_at, s.id`,
  );
}

/** Signs versions for a holding in the signer's name; a version already signed is left as it was. */
export async function insertSignatures(
  db: Db,
  holdingId: number,
  signer: { userId: number; firstName: string; lastName: string },
  versionIds: readonly number[],
): Promise<void> {
  await db.execute(
    sql`INSERT INTO legal_document_signatures (legal_document_version_id, holding_id, user_id, first_name, last_name)
        SELECT v, ${holdingId}, ${signer.userId}, ${signer.firstName}, ${signer.lastName}
          FROM unnest(${idArray(versionIds)}::int[]) AS v
        ON CONFLICT (legal_document_version_id, holding_id) DO NOTHING`,
  );
}

/** Holds the holding's partner settings still while one change checks and writes them. */
export async function lockHoldingPartners(db: Db, holdingId: number): Promise<void> {
  await db.execute(sql`SELECT 1 FROM holdings WHERE id = ${holdingId} FOR UPDATE`);
}

/** Of `croppingIds`, those that are croppings of the holding's crop year the caller sees. */
export async function selectCroppingsOfYear(
  db: Db,
  access: CroppingAccess,
  yearId: number,
  croppingIds: readonly number[],
): Promise<number[]> {
  if (croppingIds.length === 0) return [];
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT c.id FROM croppings c
         WHERE c.holding_id = ${access.holdingId} AND c.year_id = ${yearId}
           AND c.id = ANY(${idArray(croppingIds)}::int[]) AND ${croppingVisibleSql(access, sql`c.id`)}`,
  );
  return rows.map((row) => row.id);
}

export async function upsertPartnerHolding(
  db: Db,
  row: { partnerId: number; holdingId: number; yearId: number; enabled: boolean; userId: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO partner_holdings (partner_id, holding_id, year_id, enabled, changed_by)
        VALUES (${row.partnerId}, ${row.holdingId}, ${row.yearId}, ${row.enabled}, ${row.userId})
        ON CONFLICT (partner_id, holding_id, year_id)
        DO UPDATE SET enabled = EXCLUDED.enabled, changed_by = EXCLUDED.changed_by, changed_at = now()`,
  );
}

export async function shareCroppings(
  db: Db,
  partnerId: number,
  holdingId: number,
  yearId: number,
  croppingIds: readonly number[],
): Promise<void> {
  if (croppingIds.length === 0) return;
  await db.execute(
    sql`INSERT INTO partner_croppings (partner_id, cropping_id, holding_id, year_id)
        SELECT ${partnerId}, c, ${holdingId}, ${yearId} FROM unnest(${idArray(croppingIds)}::int[]) AS c
        ON CONFLICT DO NOTHING`,
  );
}

export async function unshareCroppings(
  db: Db,
  partnerId: number,
  croppingIds: readonly number[],
): Promise<void> {
  if (croppingIds.length === 0) return;
  await db.execute(
    sql`DELETE FROM partner_croppings WHERE partner_id = ${partnerId} AND cropping_id = ANY(${idArray(croppingIds)}::int[])`,
  );
}
