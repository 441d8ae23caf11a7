import { timingSafeEqual } from 'node:crypto';
import {
  invitationLifetimeDays,
  invitationLink,
  permissionsMessages,
  type Invitation,
  type PublicInvitation,
  type SendInvitationRequest,
} from '@headland/domain/api/permissionsApi';
import { brands, type BrandId } from '@headland/domain/brands';
import { EventAction, Module } from '@headland/domain/enumerations';
import { isEmail } from '@headland/domain/passwordRule';
import type { InvitationAccessLevel } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, forbidden, notFound } from '../../http/httpErrors.ts';
import { queueMail, type Mailer } from '../../mail/mailer.ts';
import { recipientLanguage } from '../../mail/recipientLanguage.queries.ts';
import { mayManageHolding } from '../../auth/holdingAccess.ts';
import { displayName } from '../../auth/users.presenters.ts';
import { type Caller } from '../../auth/caller.ts';
import { actorOf, assertWritable } from '../permissions/permissions.service.ts';
import { isoTimestamp } from '../../db/sqlRows.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { invitationMail } from './invitationMail.ts';
import { signupInvitationMail } from './signupInvitationMail.ts';
import { createSignupLink } from '../signup/signup.service.ts';
import { hasSetUpAccount } from '../signup/signup.service.ts';
import {
  deletePendingInvitation,
  holdingName,
  invitationById,
  isMemberByEmail,
  listInvitations,
  membershipRole,
  setInvitationMail,
  upsertPendingInvitation,
  type InvitationRow,
} from './invitations.queries.ts';

export interface InvitationsDeps {
  db: Db;
  mailer: Pick<Mailer, 'wake'>;
  publicUrl: string;
}

function presentInvitation(row: InvitationRow): Invitation {
  return {
    email: row.email,
    accessLevel: row.access_level as InvitationAccessLevel,
    issuedOn: isoTimestamp(row.issued_on),
    acceptedOn: row.accepted_on === null ? null : isoTimestamp(row.accepted_on),
    deliveryStatus: row.mail_status,
  };
}

/** The holding's invitations as the Invitations tab lists them: pending first, newest first. */
export async function invitationsOf(db: Db, holdingId: number): Promise<Invitation[]> {
  return (await listInvitations(db, holdingId)).map(presentInvitation);
}

async function assertManager(db: Db, caller: Caller): Promise<void> {
  const holdingRole = await membershipRole(db, caller.holdingId, caller.auth.user.id);
  if (!mayManageHolding(caller.auth.user.role, holdingRole)) {
    throw forbidden('invitationsOwnersOnly');
  }
}

/** Invitation ids are UUIDs; anything else is refused before it reaches the database. */
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isInvitationId(value: string): boolean {
  return uuidShape.test(value);
}

/**
 * Invites an address to the holding, or sends a pending invitation again: one invitation per address, with
 * the new access level and date. The e-mail is written to the outbox in the same transaction, then the sender
 * is woken to deliver it.
 */
export async function sendInvitation(
  deps: InvitationsDeps,
  caller: Caller,
  request: SendInvitationRequest,
  brandId: BrandId,
): Promise<{ invites: Invitation[] }> {
  assertWritable(caller);
  await assertManager(deps.db, caller);
  const email = request.email.trim();
  if (!isEmail(email)) {
    throw badRequest('emailInvalidPlease', {}, [{ Field: 'email' }]);
  }
  if (await isMemberByEmail(deps.db, caller.holdingId, email)) {
    throw badRequest('alreadyMember', {}, [{ Field: 'email' }]);
  }
  const { user } = caller.auth;
  // Only the link carries the secret; the database keeps its hash.
  const secret = newToken();
  await deps.db.transaction(async (tx) => {
    const name = await holdingName(tx, caller.holdingId);
    if (name === null) throw notFound('holdingNotFound');
    const invitation = await upsertPendingInvitation(tx, {
      holdingId: caller.holdingId,
      email,
      accessLevel: request.accessLevel,
      issuedBy: user.id,
      secretHash: hashToken(secret),
      expiresAt: new Date(Date.now() + invitationLifetimeDays * 24 * 3600 * 1000),
    });
    const link = invitationLink(deps.publicUrl, invitation.id, secret);
    // An address without an account gets a sign-up link that ends in the holding; the answer is the same.
    const signup = !(await hasSetUpAccount(tx, email));
    // The sign-up link is written either way, so that the answer's timing does not tell whether the address
    // has an account; an account that is set up cannot use it (validation refuses it).
    const signupLink = await createSignupLink(tx, {
      publicUrl: deps.publicUrl,
      email,
      invitationId: invitation.id,
      extra: { invite: new URL(link).searchParams.get('invite') ?? '' },
    });
    const mail = (signup ? signupInvitationMail : invitationMail)({
      to: email,
      // An address with no account, or one without a chosen language, is written to in the sender's.
      language: await recipientLanguage(tx, email, user.id),
      holdingName: name,
      issuerName: displayName({
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
      }),
      accessLevel: request.accessLevel,
      link: signup ? signupLink : link,
      productName: brands[brandId].name,
    });
    await setInvitationMail(tx, invitation.id, await queueMail(tx, mail));
    await recordEvent(tx, actorOf(caller), {
      action: invitation.created ? EventAction.Create : EventAction.Update,
      source: Module.Holding,
      objectType: 'HoldingInvitation',
      data: { Email: email, AccessLevel: request.accessLevel, Resent: !invitation.created },
    });
  });
  deps.mailer.wake();
  return { invites: await invitationsOf(deps.db, caller.holdingId) };
}

/** Cancels the pending invitation of an address; an e-mail not yet sent for it is dropped too. */
export async function cancelInvitation(
  deps: InvitationsDeps,
  caller: Caller,
  email: string,
): Promise<{ invites: Invitation[] }> {
  assertWritable(caller);
  await assertManager(deps.db, caller);
  await deps.db.transaction(async (tx) => {
    const cancelled = await deletePendingInvitation(tx, caller.holdingId, email.trim());
    if (!cancelled) throw notFound('noPendingInvitation');
    await recordEvent(tx, actorOf(caller), {
      action: EventAction.Delete,
      source: Module.Holding,
      objectType: 'HoldingInvitation',
      data: { Email: cancelled.email, AccessLevel: cancelled.access_level },
    });
  });
  return { invites: await invitationsOf(deps.db, caller.holdingId) };
}

/**
 * Whether `secret` is the one of the invitation's link. Invitations written before secrets have none and
 * match nothing: their owner sends them again.
 */
export function secretMatches(secretHash: string | null, secret: string | null | undefined): boolean {
  if (!secretHash || !secret) return false;
  const given = Buffer.from(hashToken(secret));
  const stored = Buffer.from(secretHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * What the web shows about an invitation link before sign-in: only what the e-mail itself said (the holding's
 * name, the invited address, who sent it, whether it was used). Without the link's secret it tells nothing: an
 * unknown id and a wrong or missing secret get the same 404.
 */
export async function publicInvitation(
  db: Db,
  invitationId: string,
  secret: string | undefined,
): Promise<PublicInvitation> {
  if (!isInvitationId(invitationId)) throw badRequest('invalidInvitation');
  const row = await invitationById(db, invitationId);
  if (!row || !secretMatches(row.secret_hash, secret)) throw notFound('invitationGone');
  if (row.accepted_on === null && row.expired) throw notFound('invitationExpired');
  return {
    holdingName: row.holding_name,
    email: row.email,
    issuerFirstName: row.issuer_first_name,
    issuerLastName: row.issuer_last_name,
    accepted: row.accepted_on !== null,
  };
}
