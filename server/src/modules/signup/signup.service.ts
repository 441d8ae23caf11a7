import {
  type AccessAccount,
  type AutoSignup,
  signupLinkLifetimeDays,
  signupMessages,
  signupRequestsPerHour,
  type SsoCheckResponse,
  type SignupData,
  type SignupSetup,
  type SignupSetupResponse,
  type TemporaryLoginToken,
} from '@headland/domain/api/signupApi';
import { brands, type BrandId } from '@headland/domain/brands';
import { EventAction, Module } from '@headland/domain/enumerations';
import { harvestYearOf } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import { isEmail, passwordMeetsRule, passwordRuleMessage } from '@headland/domain/passwordRule';
import { HoldingRole, isAdminOrHigher, Role, type InvitationAccessLevel } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { runAfterAnswer } from '../../http/afterAnswer.ts';
import { forbidden, HttpError } from '../../http/httpErrors.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import type { AuthContext } from '../../auth/authContext.ts';
import { issueLoginToken } from '../../auth/loginTokens.ts';
import { hashPassword } from '../../auth/passwordHash.ts';
import { latestTerms } from '../../auth/users.queries.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { queueMail } from '../../mail/mailer.ts';
import { recipientLanguage } from '../../mail/recipientLanguage.queries.ts';
import { displayName } from '../../auth/users.presenters.ts';
import { mailLanguage, renderMail } from '../../mail/renderMail.ts';
import {
  closeSignupRequests,
  deletePendingAccount,
  finishAutoAccount,
  finishWizardAccount,
  hasSetUpAccount,
  insertAccessAccount,
  insertSignupHolding,
  insertUserContacts,
  reopenAccessAccount,
  revokeTokensOf,
  signupTown,
  signupRequestsSince,
  insertPendingUser,
  insertSignupRequest,
  pendingInvitesOf,
  pendingUserById,
  regionsByIds,
  townsOfRegions,
  usableSignupRequest,
  useSignupRequest,
  userForSignup,
} from './signup.queries.ts';

export interface SignupDeps {
  db: Db;
  authCache: AuthCache;
}

/** How long the temporary login token of a validated sign-up link works: long enough to exchange it at once. */
const temporaryTokenTtlMs = 15 * 60 * 1000;

/** The role of an account opened by sign-up: a farmer managing their own holdings. */
export const signupRole = Role.Client;

/** Refusal of a sign-up link or call, the same whatever was wrong so that it tells nothing about accounts. */
const invalidRequest = () =>
  new HttpError(
    400,
    'signup.invalidRequest',
    {},
    { Errors: [{ Field: 'key', Code: 'signup.invalidRequest' }] },
    {},
    signupMessages.invalidRequest,
  );

/**
 * Creates a sign-up link for an address (stored as the hash of its key, within `tx`) and answers its address
 * in the web app: `?signup=KEY&email=ADDRESS`, with `extra` parameters such as the invitation.
 */
export async function createSignupLink(
  tx: Db,
  input: { publicUrl: string; email: string; invitationId: string | null; extra?: Record<string, string> },
): Promise<string> {
  const key = newToken();
  await insertSignupRequest(tx, {
    keyHash: hashToken(key),
    email: input.email,
    invitationId: input.invitationId,
    expiresAt: new Date(Date.now() + signupLinkLifetimeDays * 24 * 3600 * 1000),
  });
  const url = new URL(`${input.publicUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('signup', key);
  url.searchParams.set('email', input.email.trim());
  for (const [name, value] of Object.entries(input.extra ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * `POST /api/signup/v1/validate/?key=&email=`: checks a sign-up link and answers a single-use temporary login
 * token for the account being set up (opened here, without a password). The link works once: whoever opens it
 * second (a forwarded mail, a scanner that followed it) is refused. The web keeps the wizard's login in the
 * tab, so that a reload during the wizard carries on without the link. Every failure is the same 'Invalid
 * signup request'.
 */
export async function validateSignup(
  deps: SignupDeps,
  key: string,
  email: string,
): Promise<TemporaryLoginToken> {
  if (!isEmail(email)) throw invalidRequest();
  const userId = await deps.db.transaction(async (tx) => {
    const request = await usableSignupRequest(tx, hashToken(key), email);
    if (!request) throw invalidRequest();
    const existing = await userForSignup(tx, request.email);
    if (existing && !existing.signup_pending) throw invalidRequest();
    await useSignupRequest(tx, request.id);
    return existing?.id ?? (await insertPendingUser(tx, request.email, signupRole));
  });
  const { token } = await issueLoginToken(deps.db, userId, 'signup', temporaryTokenTtlMs);
  return { token, email: email.trim() };
}

/**
 * The account of a login that is still being set up; anything else is refused. `setUpBy` narrows it to the
 * accounts the wizard sets up, or to those of the automatic set-up (Access-role accounts opened for someone).
 */
async function pendingAccount(db: Db, auth: AuthContext, setUpBy?: 'wizard' | 'auto') {
  const user = await pendingUserById(db, auth.user.id);
  if (!user?.signup_pending) throw invalidRequest();
  if (setUpBy !== undefined && user.auto_signup_in_progress !== (setUpBy === 'auto')) throw invalidRequest();
  return user;
}

/** `GET /api/signup/v1/data`: what the wizard shows and offers. */
export async function signupData(deps: SignupDeps, auth: AuthContext, brandId: BrandId): Promise<SignupData> {
  const user = await pendingAccount(deps.db, auth);
  const brand = brands[brandId];
  const [invites, regions, towns, terms] = await Promise.all([
    pendingInvitesOf(deps.db, user.email),
    regionsByIds(deps.db, brand.regionIds),
    townsOfRegions(deps.db, brand.regionIds),
    brand.features.termsAndConditions ? latestTerms(deps.db) : Promise.resolve(null),
  ]);
  return {
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    holdingInvites: invites.map((invite) => ({
      id: invite.id,
      holdingName: invite.holding_name,
      accessLevel: invite.access_level as InvitationAccessLevel,
      issuerFirstName: invite.issuer_first_name,
      issuerLastName: invite.issuer_last_name,
    })),
    regions,
    towns: towns.map((town) => ({
      id: town.id,
      name: town.name,
      region: town.region_id,
      postCodes: town.post_codes,
    })),
    tcs: terms ? { text: terms.text, version: terms.version } : null,
    autoSignup: user.auto_signup_in_progress,
  };
}

const fieldError = (field: string, message: string, code: string) =>
  new HttpError(400, code, {}, { Errors: [{ Field: field, Message: message, Code: code }] }, {}, message);

/**
 * `POST /api/signup/v1/setup`: sets the account up in one transaction (names, password, accepted terms, contact
 * details) and, unless the holding exists, creates it with the user as its Owner in the current crop year. The
 * sign-up links of the address stop working and the login that set it up ends: the web signs in with the new
 * password.
 */
export async function setupSignup(
  deps: SignupDeps,
  auth: AuthContext,
  brandId: BrandId,
  input: SignupSetup & { holdingName: string; agronomist: string; accountNumber: string },
): Promise<SignupSetupResponse> {
  const brand = brands[brandId];
  if (!passwordMeetsRule(input.password))
    throw fieldError('password', passwordRuleMessage, 'signup.passwordRule');
  const place = [input.postCode, input.address, input.regionId, input.townId];
  const placeGiven = place.every((part) => part !== undefined);
  if (!placeGiven && (place.some((part) => part !== undefined) || !input.holdingExists)) {
    throw fieldError('postCode', signupMessages.addressRequired, 'signup.addressRequired');
  }
  if (input.regionId !== undefined && !brand.regionIds.includes(input.regionId)) {
    throw fieldError('regionId', signupMessages.unknownRegion, 'signup.unknownRegion');
  }
  if (!input.holdingExists && !input.holdingName) {
    throw fieldError('holdingName', signupMessages.holdingNameRequired, 'signup.holdingNameRequired');
  }
  // Refused before the password is hashed: a signed-in account cannot make the server hash for nothing.
  const pending = await pendingAccount(deps.db, auth, 'wizard');
  // Only someone invited to a holding joins it without giving its place.
  if (!placeGiven && (await pendingInvitesOf(deps.db, pending.email)).length === 0) {
    throw fieldError('postCode', signupMessages.addressRequired, 'signup.addressRequired');
  }
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const user = await pendingAccount(tx, auth, 'wizard');
    const town = input.townId === undefined ? undefined : await signupTown(tx, input.townId);
    if (placeGiven && !town) throw fieldError('townId', signupMessages.unknownTown, 'signup.unknownTown');
    if (town && town.region_id !== input.regionId) {
      throw fieldError('townId', signupMessages.townNotInRegion, 'signup.townNotInRegion');
    }
    const terms = brand.features.termsAndConditions ? await latestTerms(tx) : null;
    if (terms && input.termsOfUseVersion !== terms.version) {
      throw fieldError('termsOfUseVersion', signupMessages.termsVersion, 'signup.termsVersion');
    }
    await finishWizardAccount(tx, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      termsVersion: terms?.version ?? null,
    });
    await insertUserContacts(tx, {
      userId: user.id,
      phoneNumber: input.phoneNumber,
      postCode: input.postCode?.toUpperCase() ?? null,
      address: input.address ?? null,
      regionId: input.regionId ?? null,
      townId: input.townId ?? null,
      agronomist: input.agronomist,
      contactConsent: input.contactConsent,
    });
    await closeSignupRequests(tx, user.email);
    let holdingId: number | null = null;
    if (!input.holdingExists && town && input.address !== undefined) {
      const yearId = harvestYearOf(isoDateFromLocalDate(new Date()));
      holdingId = await insertSignupHolding(
        tx,
        {
          tradingName: input.holdingName,
          accountNumber: input.accountNumber || null,
          address: input.address,
          townId: town.id,
          regionId: town.region_id,
          weatherStationId: brand.features.weather ? town.weather_station_id : null,
          features: {
            perHoldingPermissions: brand.features.perHoldingPermissions,
            sprayAudit: false,
            scoutingLink: false,
          },
        },
        { userId: user.id, holdingRole: HoldingRole.Owner },
        yearId,
      );
      await recordEvent(
        tx,
        { userId: user.id, holdingId, sessionId: null },
        {
          action: EventAction.Create,
          source: Module.Holding,
          objectType: 'Holding',
          data: { Name: input.holdingName, YearId: yearId },
        },
      );
    }
    // The restricted login of the sign-up ends: the next one is with the password.
    await revokeTokensOf(tx, user.id);
    return { holdingId, email: user.email };
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === auth.user.id);
  return result;
}

/**
 * `POST /api/signup/v1/cancel`: the person refused what sign-up needs. The account being set up is deleted
 * (with its logins and tokens) and its sign-up links stop working; an account already set up is refused.
 */
export async function cancelSignup(deps: SignupDeps, auth: AuthContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await pendingAccount(tx, auth);
    await closeSignupRequests(tx, user.email);
    await deletePendingAccount(tx, user.id);
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === auth.user.id);
}

export interface SignupRequestDeps {
  db: Db;
  publicUrl: string;
  productName: string;
  wakeMailer(): void;
  log: { error(details: object, message: string): void };
}

/**
 * `POST /api/signup/v1/request?email=`: the login-link dialog's 'sign up'. An address without an account is
 * mailed a sign-up link (at most `signupRequestsPerHour` an hour); an address with one gets nothing. The answer
 * is the same either way, so that it tells nobody whether the address has an account; the look-up and the link
 * are done after answering, so that its timing does not tell either.
 */
export function requestSignupLink(
  deps: SignupRequestDeps,
  email: string,
  language: string | undefined,
): true {
  const address = email.trim();
  if (!isEmail(address)) {
    throw fieldError('email', signupMessages.invalidEmail, 'signup.invalidEmail');
  }
  runAfterAnswer(
    deps.db,
    () => sendSignupLink(deps, address, language),
    deps.log,
    'a sign-up link could not be written',
  );
  return true;
}

async function sendSignupLink(
  deps: SignupRequestDeps,
  address: string,
  language: string | undefined,
): Promise<void> {
  if (await hasSetUpAccount(deps.db, address)) return;
  const queued = await deps.db.transaction(async (tx) => {
    if ((await signupRequestsSince(tx, address, new Date(Date.now() - 3_600_000))) >= signupRequestsPerHour) {
      return false;
    }
    const link = await createSignupLink(tx, {
      publicUrl: deps.publicUrl,
      email: address,
      invitationId: null,
    });
    const mail = renderMail('signupLink', mailLanguage(language), {
      brand: deps.productName,
      email: address,
      days: signupLinkLifetimeDays,
      link,
    });
    await queueMail(tx, { to: address, subject: mail.subject, text: mail.text, html: mail.html });
    return true;
  });
  if (queued) deps.wakeMailer();
}

/**
 * `GET /api/session/v1/login/sso/check?email=&invite=`: the login link of the identity provider of the address's
 * domain, where the brand has single sign-on and the domain is configured; otherwise null, and the login screen
 * goes on to the password step. It depends on the domain only, never on whether the address has an account.
 */
export function ssoLoginLink(
  links: ReadonlyMap<string, string>,
  brandId: BrandId,
  email: string,
  invite: string | undefined,
): SsoCheckResponse {
  const address = email.trim();
  if (!isEmail(address)) {
    throw fieldError('email', signupMessages.invalidEmail, 'signup.invalidEmail');
  }
  if (!brands[brandId].features.singleSignOn) return { loginLink: null };
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const template = links.get(domain);
  if (!template) return { loginLink: null };
  const loginLink = template
    .replaceAll('{email}', encodeURIComponent(address))
    .replaceAll('{invite}', encodeURIComponent(invite ?? ''));
  return { loginLink };
}

/** Who may open Access-role accounts, where their links lead and how they are mailed. */
export interface AccessAccountDeps {
  db: Db;
  publicUrl: string;
  productName: string;
  wakeMailer(): void;
}

/**
 * `POST /api/signup/v1/access`: an administrator opens an Access-role account for someone (no password, its
 * automatic set-up pending, the names known for them). Its sign-up link is mailed to the address, in the same
 * transaction, and also answered to the administrator. An address with a set-up account is refused; one still
 * being set up becomes this Access account.
 */
export async function openAccessAccount(
  deps: AccessAccountDeps,
  auth: AuthContext,
  input: AccessAccount,
): Promise<{ link: string }> {
  if (!isAdminOrHigher(auth.user.role)) throw forbidden('accessAccountsAdminOnly');
  const email = input.email.trim();
  if (!isEmail(email)) throw fieldError('email', signupMessages.invalidEmail, 'signup.invalidEmail');
  const opened = await deps.db.transaction(async (tx) => {
    const existing = await userForSignup(tx, email);
    if (existing && !existing.signup_pending) {
      throw fieldError('email', signupMessages.accountExists, 'signup.accountExists');
    }
    if (existing) {
      await reopenAccessAccount(tx, existing.id, {
        role: Role.Access,
        firstName: input.firstName,
        lastName: input.lastName,
      });
    } else {
      await insertAccessAccount(tx, {
        email,
        role: Role.Access,
        firstName: input.firstName,
        lastName: input.lastName,
      });
    }
    const link = await createSignupLink(tx, { publicUrl: deps.publicUrl, email, invitationId: null });
    // The account's saved language, else the administrator's, else the default (as for invitations).
    const mail = renderMail('accessAccount', await recipientLanguage(tx, email, auth.user.id), {
      brand: deps.productName,
      issuer: displayName({
        userId: auth.user.id,
        email: auth.user.email,
        firstName: auth.user.firstName,
        lastName: auth.user.lastName,
      }),
      email,
      days: signupLinkLifetimeDays,
      link,
    });
    await queueMail(tx, { to: email, subject: mail.subject, text: mail.text, html: mail.html });
    return { link };
  });
  deps.wakeMailer();
  return opened;
}

/**
 * `POST /api/signup/v1/auto`: the automatic set-up of an Access-role account, in one transaction: the names,
 * the password, the latest terms accepted, and the account no longer pending. There is no holding: Access users
 * work on the holdings they are given. As after the wizard, the sign-up login ends and the web signs in with the
 * new password.
 */
export async function autoSignup(
  deps: SignupDeps,
  auth: AuthContext,
  brandId: BrandId,
  input: AutoSignup,
): Promise<{ email: string }> {
  const brand = brands[brandId];
  if (!passwordMeetsRule(input.password))
    throw fieldError('password', passwordRuleMessage, 'signup.passwordRule');
  await pendingAccount(deps.db, auth, 'auto');
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const user = await pendingAccount(tx, auth, 'auto');
    const terms = brand.features.termsAndConditions ? await latestTerms(tx) : null;
    if (terms && input.termsOfUseVersion !== terms.version) {
      throw fieldError('termsOfUseVersion', signupMessages.termsVersion, 'signup.termsVersion');
    }
    await finishAutoAccount(tx, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      termsVersion: terms?.version ?? null,
    });
    await closeSignupRequests(tx, user.email);
    await revokeTokensOf(tx, user.id);
    return { email: user.email };
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === auth.user.id);
  return result;
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export { hasSetUpAccount } from './signup.queries.ts';
