import {
  unsignedDocuments,
  type Partner,
  type PartnersCurrent,
  type PartnerUpdate,
  type RequiredDocument,
  type Signature,
} from '@headland/domain/api/partnersApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import type { Caller } from '../../auth/caller.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, notFound } from '../../http/httpErrors.ts';
import {
  insertSignatures,
  lockHoldingPartners,
  selectCroppingsOfYear,
  selectPartners,
  selectRequiredDocuments,
  selectSignatures,
  shareCroppings,
  unshareCroppings,
  upsertPartnerHolding,
  type PartnerRow,
  type RequiredDocumentRow,
  type SignatureRow,
} from './partners.queries.ts';

const presentPartner = (row: PartnerRow): Partner => ({
  id: row.id,
  name: row.name,
  description: row.description,
  croppingIds: row.cropping_ids.map(Number),
  enabled: row.enabled,
});

const presentDocument = (row: RequiredDocumentRow): RequiredDocument => ({
  legalDocumentVersionId: row.version_id,
  title: row.title,
  version: row.version,
  text: row.text,
});

const presentSignature = (row: SignatureRow): Signature => ({
  legalDocumentVersionId: row.version_id,
  firstName: row.first_name,
  lastName: row.last_name,
  createdAt: row.created_at,
});

/** The partners of the holding's crop year, the documents each requires and the holding's signatures. */
export async function currentPartners(db: Db, caller: Caller, yearId: number): Promise<PartnersCurrent> {
  const [partners, documents] = await Promise.all([
    selectPartners(db, caller.access, yearId),
    selectRequiredDocuments(db),
  ]);
  const signatures = await selectSignatures(
    db,
    caller.holdingId,
    documents.map((row) => row.version_id),
  );
  const requiredDocuments: Record<string, RequiredDocument[]> = {};
  for (const partner of partners) requiredDocuments[String(partner.id)] = [];
  for (const row of documents) requiredDocuments[String(row.partner_id)]?.push(presentDocument(row));
  return {
    partners: partners.map(presentPartner),
    requiredDocuments,
    signatures: signatures.map(presentSignature),
  };
}

/**
 * Signs required document versions for the holding in the caller's name. Every id must be the latest version of
 * a partner's document and not yet signed by the holding: anything else is refused and nothing is signed.
 */
export async function signDocuments(db: Db, caller: Caller, ids: readonly number[]): Promise<Signature[]> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await lockHoldingPartners(tx, caller.holdingId);
    const required = new Set((await selectRequiredDocuments(tx)).map((row) => row.version_id));
    const notRequired = unique.find((id) => !required.has(id));
    if (notRequired !== undefined) throw badRequest('legalDocumentNotRequired', { id: notRequired });
    const signed = await selectSignatures(tx, caller.holdingId, unique);
    if (signed[0]) throw badRequest('legalDocumentAlreadySigned', { id: signed[0].version_id });
    await insertSignatures(
      tx,
      caller.holdingId,
      {
        userId: caller.auth.user.id,
        firstName: caller.auth.user.firstName,
        lastName: caller.auth.user.lastName,
      },
      unique,
    );
    await recordEvent(tx, caller.actor, {
      action: EventAction.Create,
      source: Module.Holding,
      objectType: 'LegalDocumentSignature',
      data: { LegalDocumentVersionIds: unique },
    });
    return (await selectSignatures(tx, caller.holdingId, unique)).map(presentSignature);
  });
}

/**
 * Enables or disables a partner for the holding's crop year and changes which croppings are shared with it.
 * Enabling needs every required document signed; croppings must be the holding's of that year. Disabling
 * takes effect at once: the partner's users' cached callers are forgotten on every server.
 */
export async function updatePartner(
  db: Db,
  authCache: AuthCache,
  caller: Caller,
  update: PartnerUpdate,
): Promise<Partner> {
  const changes = Object.entries(update.croppings ?? {}).map(([id, state]) => ({ id: Number(id), state }));
  const partner = await db.transaction(async (tx) => {
    await lockHoldingPartners(tx, caller.holdingId);
    const [current] = await selectPartners(tx, caller.access, update.yearId, update.partnerId);
    if (!current) throw notFound('partnerNotFound');
    if (update.enabled) {
      const documents = (await selectRequiredDocuments(tx, update.partnerId)).map(presentDocument);
      const signatures = await selectSignatures(
        tx,
        caller.holdingId,
        documents.map((document) => document.legalDocumentVersionId),
      );
      const unsigned = unsignedDocuments(documents, signatures.map(presentSignature));
      if (unsigned.length > 0) throw badRequest('partnerDocumentsUnsigned', { count: unsigned.length });
    }
    const named = changes.map((change) => change.id);
    const ofYear = new Set(await selectCroppingsOfYear(tx, caller.access, update.yearId, named));
    const stranger = named.find((id) => !ofYear.has(id));
    if (stranger !== undefined)
      throw badRequest('partnerCroppingNotOfYear', { id: stranger, year: update.yearId });
    await upsertPartnerHolding(tx, {
      partnerId: update.partnerId,
      holdingId: caller.holdingId,
      yearId: update.yearId,
      enabled: update.enabled,
      userId: caller.auth.user.id,
    });
    const shared = changes.filter((change) => change.state === 'enabled').map((change) => change.id);
    const unshared = changes.filter((change) => change.state === 'disabled').map((change) => change.id);
    await shareCroppings(tx, update.partnerId, caller.holdingId, update.yearId, shared);
    await unshareCroppings(tx, update.partnerId, unshared);
    await recordEvent(tx, caller.actor, {
      action: EventAction.Update,
      source: Module.Holding,
      objectType: 'Partner',
      data: {
        PartnerId: update.partnerId,
        YearId: update.yearId,
        Enabled: update.enabled,
        Shared: shared.length,
        Unshared: unshared.length,
      },
    });
    const [after] = await selectPartners(tx, caller.access, update.yearId, update.partnerId);
    return presentPartner(after!);
  });
  // The partner's users keep no cached holding session past this change, here or on another server.
  authCache.forgetWhere((cached) => cached.partnerId === update.partnerId);
  return partner;
}
