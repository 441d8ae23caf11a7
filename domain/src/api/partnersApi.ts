import { z } from 'zod';
import { dbId } from './wireValues.ts';

/**
 * Partners of the session's holding (session-shell-connections §3, §4 Partners, §7 Partners). The spec's paths
 * are given relative to the API, as every other area's are under /api (docs/decisions.md "Partners").
 */
export const partnersRoutes = {
  current: '/api/partners/year/:year/current',
  update: '/api/partners/update',
  sign: '/api/partners/legal-documents/sign',
} as const;

/** At most this many croppings change in one update, and this many documents are signed at once. */
export const maxPartnerCroppingChanges = 5000;
export const maxSignaturesAtOnce = 50;

const cropYear = z.number().int().min(1990).max(2100);

export const partnerYearParamsSchema = z.object({ year: z.coerce.number().int().min(1990).max(2100) });

/** A partner with what the holding shares with it in the year: its croppings and whether it is enabled. */
export const partnerSchema = z.object({
  id: dbId,
  name: z.string(),
  description: z.string(),
  croppingIds: z.array(dbId),
  enabled: z.boolean(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const requiredDocumentSchema = z.object({
  legalDocumentVersionId: dbId,
  title: z.string(),
  version: z.number().int(),
  text: z.string(),
});
export type RequiredDocument = z.infer<typeof requiredDocumentSchema>;

export const signatureSchema = z.object({
  legalDocumentVersionId: dbId,
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;

export const partnersCurrentResponseSchema = z.object({
  partners: z.array(partnerSchema),
  /** The latest version of each of the partner's legal documents, keyed by partner id. */
  requiredDocuments: z.record(z.string(), z.array(requiredDocumentSchema)),
  /** The holding's signatures of the required versions. */
  signatures: z.array(signatureSchema),
});
export type PartnersCurrent = z.infer<typeof partnersCurrentResponseSchema>;

export const partnerUpdateSchema = z.object({
  partnerId: dbId,
  yearId: cropYear,
  enabled: z.boolean(),
  /** Cropping id to "enabled" (shared) or "disabled" (no longer shared); croppings not named keep their state. */
  croppings: z
    .record(
      z.string().regex(/^[1-9][0-9]{0,9}$/, 'A cropping id is a whole number.'),
      z.enum(['enabled', 'disabled']),
    )
    .refine((map) => Object.keys(map).length <= maxPartnerCroppingChanges, {
      message: `At most ${maxPartnerCroppingChanges} croppings change at once.`,
    })
    .optional(),
});
export type PartnerUpdate = z.infer<typeof partnerUpdateSchema>;

export const partnerUpdateResponseSchema = z.object({ partner: partnerSchema });

export const signRequestSchema = z.object({
  ids: z.array(dbId).min(1).max(maxSignaturesAtOnce),
});
export const signResponseSchema = z.object({ signatures: z.array(signatureSchema) });

/** The versions of `documents` the holding has yet to sign: what enabling the partner waits for. */
export function unsignedDocuments(
  documents: readonly RequiredDocument[],
  signatures: readonly Pick<Signature, 'legalDocumentVersionId'>[],
): RequiredDocument[] {
  const signed = new Set(signatures.map((signature) => signature.legalDocumentVersionId));
  return documents.filter((document) => !signed.has(document.legalDocumentVersionId));
}
