import { z } from 'zod';
import { invitationAccessLevelSchema } from '../roles.ts';
import { dbId, oneLineText, oneLineMessage } from './wireValues.ts';

/**
 * The sign-up calls of session-shell-connections §7 (Sign-up) and their entities of §3: the sign-up data, the
 * setup payload, the address lookup result and the temporary login token. Field names are the spec's.
 */

/** How long a sign-up link works after it was sent. */
export const signupLinkLifetimeDays = 14;

/** Messages of the sign-up calls that the client turns into words by their code. */
export const signupMessages = {
  invalidRequest: 'Invalid signup request',
  alreadySetUp: 'This account has already been set up.',
  unknownRegion: 'Choose a region from the list.',
  unknownTown: 'Choose a town from the list.',
  townNotInRegion: 'The town is not in the region chosen.',
  termsVersion: 'The terms and conditions have changed: read and accept the latest version.',
  holdingNameRequired: 'Enter the name of your holding.',
  addressNotFound: 'No address was found for this text.',
  addressUnavailable: 'The address service cannot be reached. Enter the address yourself.',
  invalidEmail: 'Enter a valid e-mail address.',
  accountExists: 'An account already uses this address.',
  accessAccountsAdminOnly: 'Only an administrator can open an account for someone else.',
  addressRequired: 'Enter the address of your holding: post code, address, region and town.',
} as const;

export const signupValidateQuerySchema = z.object({
  key: z.string().trim().min(1).max(200),
  email: z.string().trim().min(3).max(254),
});

/** POST /api/signup/v1/request?email=&lang=: a sign-up link for an address, from the login-link dialog. */
export const signupRequestQuerySchema = z.object({
  email: z.string().trim().min(1).max(254),
  lang: z.string().max(35).optional(),
});

/** How many sign-up links one address may be sent in an hour. */
export const signupRequestsPerHour = 3;

/** GET /api/session/v1/login/sso/check?email=&invite=: where an address signs in by single sign-on. */
export const ssoCheckQuerySchema = z.object({
  email: z.string().trim().min(1).max(254),
  invite: z.string().trim().max(2000).optional(),
});

/** The single sign-on login link of the address's organisation, or null to sign in with a password. */
export const ssoCheckResponseSchema = z.object({ loginLink: z.string().nullable() });
export type SsoCheckResponse = z.infer<typeof ssoCheckResponseSchema>;

/** The temporary login token (§3): exchanged once at /oauth/token with the token grant. */
export const temporaryLoginTokenSchema = z.object({ token: z.string(), email: z.string() });
export type TemporaryLoginToken = z.infer<typeof temporaryLoginTokenSchema>;

export const signupHoldingInviteSchema = z.object({
  id: z.string(),
  holdingName: z.string(),
  accessLevel: invitationAccessLevelSchema,
  issuerFirstName: z.string().nullable(),
  issuerLastName: z.string().nullable(),
});
export type SignupHoldingInvite = z.infer<typeof signupHoldingInviteSchema>;

export const signupTownSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The town's region id. */
  region: z.number().int(),
  postCodes: z.array(z.string()),
});
export type SignupTown = z.infer<typeof signupTownSchema>;

export const signupRegionSchema = z.object({ id: z.number().int(), name: z.string() });
export type SignupRegion = z.infer<typeof signupRegionSchema>;

/** The sign-up data (§3); `regions` are the brand's regions the town list covers. */
export const signupDataSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  holdingInvites: z.array(signupHoldingInviteSchema),
  regions: z.array(signupRegionSchema),
  towns: z.array(signupTownSchema),
  tcs: z.object({ text: z.string(), version: z.number().int() }).nullable(),
  /**
   * True for an Access-role account opened for someone (its User's AutoSignupInProgress): it is set up by the
   * short automatic set-up instead of the four-step wizard.
   */
  autoSignup: z.boolean(),
});
export type SignupData = z.infer<typeof signupDataSchema>;

const name = z.string().trim().min(1).max(100).regex(oneLineText, oneLineMessage);
const optionalText = (max: number) =>
  z.string().trim().max(max).regex(oneLineText, oneLineMessage).default('');

/**
 * The sign-up setup payload (§3). The password follows the password rule; the holding name is needed unless it
 * exists. The holding's place (post code, address, region, town) is given together, and may be left out only by
 * someone invited to a holding that exists: they join it rather than describe it.
 */
export const signupSetupSchema = z.object({
  firstName: name,
  lastName: name,
  postCode: z
    .string()
    .trim()
    .min(2)
    .max(10)
    .regex(/^[A-Za-z0-9 ]+$/, 'A post code has letters, digits and spaces only.')
    .optional(),
  address: z.string().trim().min(1).max(500).optional(),
  phoneNumber: z
    .string()
    .trim()
    .min(6)
    .max(30)
    .regex(/^\+?[0-9 ()-]+$/, 'A phone number has digits, spaces, brackets, dashes and a leading + only.'),
  regionId: dbId.optional(),
  townId: dbId.optional(),
  holdingName: optionalText(200),
  agronomist: optionalText(200),
  accountNumber: optionalText(20),
  holdingExists: z.boolean(),
  password: z.string().min(1).max(200),
  termsOfUseVersion: z.number().int().min(0).max(1_000_000).nullable(),
  /** The answer to the contact-consent question of step 1: only a yes reaches setup. */
  contactConsent: z.literal(true),
});
export type SignupSetup = z.input<typeof signupSetupSchema>;

export const signupSetupResponseSchema = z.object({
  /** The holding created for the new user, or null when it existed. */
  holdingId: z.number().int().nullable(),
  email: z.string(),
});
export type SignupSetupResponse = z.infer<typeof signupSetupResponseSchema>;

/** The address lookup result (§3). */
export const addressSchema = z.object({
  udprn: z.string(),
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  post_town: z.string(),
  postcode: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressLookupParamsSchema = z.object({ text: z.string().trim().min(2).max(100) });
export const addressGetParamsSchema = z.object({
  udprn: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9:-]+$/, 'An address id has letters, digits, colons and dashes only.'),
});

/**
 * The addresses found for a text. `housesListed` is false when the provider knows only post code districts
 * (no address service is configured): each result then names a district's town and the user types the rest.
 */
export const addressLookupResponseSchema = z.object({
  housesListed: z.boolean(),
  addresses: z.array(addressSchema).max(100),
});
export type AddressLookupResponse = z.infer<typeof addressLookupResponseSchema>;

/** The outward code (area and district) of a UK post code, upper case: 'HG1 2AB' gives 'HG1'; null when none. */
export function outwardCode(postCode: string): string | null {
  const compact = postCode.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{1,2}[0-9][0-9A-Z]?([0-9][A-Z]{2})?$/.test(compact)) return null;
  return compact.length > 4 && /[0-9][A-Z]{2}$/.test(compact) ? compact.slice(0, -3) : compact;
}

/** The leading letters of a post code (its area): 'HG1 2AB' gives 'HG'; at most two. */
export function postCodeLetters(postCode: string): string {
  return (/^\s*([A-Za-z]{1,2})/.exec(postCode)?.[1] ?? '').toUpperCase();
}

/**
 * The towns a post code's leading letters narrow the list to (sign-up §4): towns with a district of that area.
 * With no letters every town stays.
 */
export function townsForPostCode<T extends { postCodes: readonly string[] }>(
  towns: readonly T[],
  postCode: string,
): T[] {
  const letters = postCodeLetters(postCode);
  if (!letters) return [...towns];
  const district = outwardCode(postCode);
  const inArea = towns.filter((town) =>
    town.postCodes.some((code) => code.toUpperCase().replace(/[0-9].*$/, '') === letters),
  );
  // A full district narrows further when a town serves it.
  if (district) {
    const inDistrict = inArea.filter((town) =>
      town.postCodes.some((code) => code.toUpperCase() === district),
    );
    if (inDistrict.length > 0) return inDistrict;
  }
  return inArea;
}

/**
 * The towns a post code offers to choose from: those of its area or district, or every town when it lies
 * outside the towns the product knows (a post code can always be finished by choosing region and town).
 */
export function townChoicesForPostCode<T extends { postCodes: readonly string[] }>(
  towns: readonly T[],
  postCode: string,
): T[] {
  const narrowed = townsForPostCode(towns, postCode);
  return narrowed.length > 0 ? narrowed : [...towns];
}

/**
 * POST /api/signup/v1/access: an administrator opens an Access-role account for someone, with the names known
 * for them, and is given its sign-up link to pass on.
 */
export const accessAccountSchema = z.object({
  email: z.string().trim().min(3).max(254),
  firstName: name,
  lastName: name,
});
export type AccessAccount = z.input<typeof accessAccountSchema>;
export const accessAccountResponseSchema = z.object({ link: z.string() });

/**
 * POST /api/signup/v1/auto: the automatic set-up of an Access-role account (the shell's auto sign-up): the
 * names (filled in from what is known), the password to sign in with, and the terms accepted on the same screen.
 */
export const autoSignupSchema = z.object({
  firstName: name,
  lastName: name,
  password: z.string().min(1).max(200),
  termsOfUseVersion: z.number().int().min(0).max(1_000_000).nullable(),
});
export type AutoSignup = z.input<typeof autoSignupSchema>;
export const autoSignupResponseSchema = z.object({ email: z.string() });
