import { sql } from 'drizzle-orm';
import type { HoldingFeatureFlags } from '@headland/domain/holdingPermissions';
import type { Db } from '../../db/database.ts';
import type { MailStatus } from '../../db/schema.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { ownerRolesSql } from '../../auth/ownerRolesSql.ts';

export interface InvitationRow {
  id: string;
  holding_id: number;
  email: string;
  access_level: number;
  issued_on: Date | string;
  accepted_on: Date | string | null;
  mail_status: MailStatus | null;
}

/** A holding's invitations, newest first, with the delivery state of each one's latest e-mail. */
export async function listInvitations(db: Db, holdingId: number): Promise<InvitationRow[]> {
  return sqlRows<InvitationRow>(
    db,
    sql`
    SELECT i.id, i.holding_id, i.email, i.access_level, i.issued_on, i.accepted_on, m.status AS mail_status
      FROM holding_invitations i LEFT JOIN mail_outbox m ON m.id = i.mail_id
     WHERE i.holding_id = ${holdingId}
     ORDER BY i.accepted_on IS NOT NULL, i.issued_on DESC, i.id`,
  );
}

/**
 * Creates the pending invitation of an address, or refreshes the one already pending (new level, issuer and
 * date): there is never more than one. Answers its id and whether it is new.
 */
export async function upsertPendingInvitation(
  db: Db,
  invitation: {
    holdingId: number;
    email: string;
    accessLevel: number;
    issuedBy: number;
    /** Hash of the new link's secret: sending again replaces the secret, so earlier links stop working. */
    secretHash: string;
    expiresAt: Date;
  },
): Promise<{ id: string; created: boolean }> {
  const [row] = await sqlRows<{ id: string; created: boolean }>(
    db,
    sql`
    INSERT INTO holding_invitations (holding_id, email, access_level, issued_by, secret_hash, expires_at)
    VALUES (${invitation.holdingId}, ${invitation.email}, ${invitation.accessLevel}, ${invitation.issuedBy},
            ${invitation.secretHash}, ${invitation.expiresAt.toISOString()}::timestamptz)
    ON CONFLICT (holding_id, lower(email)) WHERE accepted_on IS NULL
    DO UPDATE SET email = EXCLUDED.email, access_level = EXCLUDED.access_level,
                  issued_by = EXCLUDED.issued_by, issued_on = now(),
                  secret_hash = EXCLUDED.secret_hash, expires_at = EXCLUDED.expires_at
    RETURNING id, (xmax = 0) AS created`,
  );
  return row!;
}

export async function setInvitationMail(db: Db, invitationId: string, mailId: string): Promise<void> {
  await db.execute(sql`UPDATE holding_invitations SET mail_id = ${mailId} WHERE id = ${invitationId}`);
}

/**
 * Deletes the pending invitation of an address, and its e-mail if that has not gone out yet. Answers the
 * deleted invitation, or null when none was pending.
 */
export async function deletePendingInvitation(
  db: Db,
  holdingId: number,
  email: string,
): Promise<{ id: string; email: string; access_level: number } | null> {
  const [row] = await sqlRows<{ id: string; email: string; access_level: number; mail_id: string | null }>(
    db,
    sql`
    DELETE FROM holding_invitations
     WHERE holding_id = ${holdingId} AND lower(email) = lower(${email}) AND accepted_on IS NULL
    RETURNING id, email, access_level, mail_id`,
  );
  if (!row) return null;
  if (row.mail_id) {
    await db.execute(sql`DELETE FROM mail_outbox WHERE id = ${row.mail_id} AND status = 'queued'`);
  }
  return { id: row.id, email: row.email, access_level: row.access_level };
}

export async function isMemberByEmail(db: Db, holdingId: number, email: string): Promise<boolean> {
  const [row] = await sqlRows<{ member: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM holding_users m JOIN users u ON u.id = m.user_id
           WHERE m.holding_id = ${holdingId} AND lower(u.email) = lower(${email})) AS member`,
  );
  return Boolean(row?.member);
}

export interface InvitationDetailsRow {
  id: string;
  holding_id: number;
  holding_name: string;
  email: string;
  access_level: number;
  accepted_on: Date | string | null;
  secret_hash: string | null;
  expired: boolean;
  issuer_first_name: string | null;
  issuer_last_name: string | null;
}

/** One invitation with its holding and issuer; `forUpdate` locks it for an acceptance. */
export async function invitationById(
  db: Db,
  invitationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationDetailsRow | null> {
  const lock = options.forUpdate ? sql`FOR UPDATE OF i` : sql``;
  const [row] = await sqlRows<InvitationDetailsRow>(
    db,
    sql`
    SELECT i.id, i.holding_id, h.trading_name AS holding_name, i.email, i.access_level, i.accepted_on,
           i.secret_hash, (i.expires_at IS NULL OR i.expires_at <= now()) AS expired,
           u.first_name AS issuer_first_name, u.last_name AS issuer_last_name
      FROM holding_invitations i
      JOIN holdings h ON h.id = i.holding_id
      LEFT JOIN users u ON u.id = i.issued_by
     WHERE i.id = ${invitationId}
     ${lock}`,
  );
  return row ?? null;
}

export async function markInvitationAccepted(db: Db, invitationId: string, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE holding_invitations SET accepted_on = now(), accepted_by = ${userId} WHERE id = ${invitationId}`);
}

/** The user's membership role of the holding, or null. */
export async function membershipRole(db: Db, holdingId: number, userId: number): Promise<number | null> {
  const [row] = await sqlRows<{ holding_role: number }>(
    db,
    sql`SELECT holding_role FROM holding_users WHERE holding_id = ${holdingId} AND user_id = ${userId}`,
  );
  return row?.holding_role ?? null;
}

/** What narrows a new member of the holding: its owners' account roles and the holding's features. */
export async function holdingOwnersAndFeatures(
  db: Db,
  holdingId: number,
): Promise<{ owner_roles: number[]; features: Partial<HoldingFeatureFlags> | null }> {
  const [row] = await sqlRows<{ owner_roles: number[]; features: Partial<HoldingFeatureFlags> | null }>(
    db,
    sql`SELECT h.features,
               ${ownerRolesSql(sql`h.id`)} AS owner_roles
          FROM holdings h WHERE h.id = ${holdingId}`,
  );
  return row ?? { owner_roles: [], features: null };
}

export async function insertMember(
  db: Db,
  member: { holdingId: number; userId: number; holdingRole: number; holdingPermissions: unknown },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO holding_users (holding_id, user_id, holding_role, holding_permissions)
    VALUES (${member.holdingId}, ${member.userId}, ${member.holdingRole},
            ${JSON.stringify(member.holdingPermissions)}::jsonb)
    ON CONFLICT (holding_id, user_id) DO NOTHING`);
}

export async function holdingName(db: Db, holdingId: number): Promise<string | null> {
  const [row] = await sqlRows<{ trading_name: string }>(
    db,
    sql`SELECT trading_name FROM holdings WHERE id = ${holdingId}`,
  );
  return row?.trading_name ?? null;
}
