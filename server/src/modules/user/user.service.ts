import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  accountMessages,
  type changePasswordRequestSchema,
  type updateUserRequestSchema,
  type UpdateUserResponse,
} from '@headland/domain/api/sessionApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { newPasswordError, newPasswordErrorCode } from '@headland/domain/passwordRule';
import { isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { accessTokens, businesses, emailChanges, users } from '../../db/schema.ts';
import { recordEvent, type ChangeActor } from '../../events/recordEvent.ts';
import { badRequest, forbidden, notFound, tooManyRequests, validationFailed } from '../../http/httpErrors.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import type { AuthContext } from '../../auth/authContext.ts';
import { queueMail, type Mailer } from '../../mail/mailer.ts';
import { userLanguage } from '../../mail/recipientLanguage.queries.ts';
import { waitDescription, type LoginThrottle } from '../../auth/loginThrottle.ts';
import { hashPassword, verifyPassword } from '../../auth/passwordHash.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { emailChangeMail, emailChangeNotice } from './emailChangeMail.ts';
import { dropUnusedResetLinks, endLoginsOf } from './passwordReset.queries.ts';
import { latestTerms, userByEmail, userById } from '../../auth/users.queries.ts';
import { presentUser } from '../../auth/users.presenters.ts';

export interface UserDeps {
  db: Db;
  authCache: AuthCache;
  /** Counts wrong current passwords as failed sign-ins, so that a token cannot be used to guess the password. */
  throttle: LoginThrottle;
  mailer: () => Pick<Mailer, 'wake'>;
  publicUrl: string;
  productName: string;
}

/** How long the link confirming a new e-mail address works. */
export const emailChangeLinkTtlMs = 24 * 3600 * 1000;

/**
 * Checks the caller's current password before an account change, throttled like sign-in (per account and
 * client address), and refuses with a 400 naming `field` when it is missing or wrong.
 */
async function assertCurrentPassword(
  deps: UserDeps,
  auth: AuthContext,
  password: string | undefined,
  field: string,
  address: string,
): Promise<void> {
  if (!password) throw validationFailed([{ Field: field, Code: 'currentPasswordRequired' }]);
  const verdict = await deps.throttle.check(auth.user.email, address);
  if (verdict.blocked) {
    throw tooManyRequests(
      'tooManyWrongPasswords',
      { wait: waitDescription(verdict.retryAfterSeconds) },
      verdict.retryAfterSeconds,
    );
  }
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.user.id));
  if (!row?.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
    await deps.throttle.recordFailure(auth.user.email, address);
    throw validationFailed([{ Field: field, Code: 'currentPasswordWrong' }]);
  }
}

// Changes to an account are not about any holding, so their events carry none and notify nobody.
const accountActor = (auth: AuthContext): ChangeActor => ({
  userId: auth.user.id,
  holdingId: null,
  sessionId: auth.session?.id ?? null,
});

/**
 * Records that the user accepted the terms and conditions. Only the latest version can be accepted; the
 * user's tokens stop being restricted.
 */
export async function acceptTerms(deps: UserDeps, auth: AuthContext, version: number): Promise<true> {
  const terms = await latestTerms(deps.db);
  if (!terms) throw badRequest('noTermsToAccept');
  if (version !== terms.version) {
    throw badRequest('onlyLatestTerms', { version: terms.version }, [
      { Field: 'version', Code: 'onlyTermsVersion', Params: { version: terms.version } },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ tcsAcceptedVersion: version }).where(eq(users.id, auth.user.id));
    await tx
      .update(accessTokens)
      .set({ restricted: false })
      .where(and(eq(accessTokens.userId, auth.user.id), isNull(accessTokens.revokedAt)));
    await recordEvent(tx, accountActor(auth), {
      action: EventAction.Update,
      source: Module.UserAccount,
      objectType: 'TermsAndConditions',
      data: { Version: version },
    });
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === auth.user.id);
  return true;
}

/**
 * Sets a new password after the rule of session-shell §5 (required, then the rule), given the current one (a
 * forgotten password is reset by e-mail instead). Every other token of the user is revoked and its holding
 * session ended, so other devices must sign in again; this one stays.
 */
export async function changePassword(
  deps: UserDeps,
  auth: AuthContext,
  body: z.infer<typeof changePasswordRequestSchema>,
  address: string,
): Promise<true> {
  const password = body.password ?? body.Password ?? '';
  // No confirmation travels to the server: the dialog compares the two fields itself.
  const problem = newPasswordError(password, password);
  if (problem)
    throw validationFailed(
      [{ Field: 'password', Message: problem, Code: newPasswordErrorCode(problem) }],
      'signup',
    );
  await assertCurrentPassword(deps, auth, body.currentPassword, 'currentPassword', address);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordResetRequested: false })
      .where(eq(users.id, auth.user.id));
    await endLoginsOf(tx, auth.user.id, { tokenId: auth.tokenId, sessionId: auth.session?.id ?? null });
    // A reset link e-mailed earlier would undo the password just chosen.
    await dropUnusedResetLinks(tx, auth.user.id);
    await recordEvent(tx, accountActor(auth), {
      action: EventAction.Update,
      source: Module.UserAccount,
      objectType: 'UserPassword',
    });
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === auth.user.id && cached.tokenId !== auth.tokenId);
  return true;
}

/**
 * Updates a user record: anyone their own names, e-mail address and properties; an Admin or Master also other
 * users and roles and businesses, never above their own role and never on a more privileged user.
 */
export async function updateUser(
  deps: UserDeps,
  auth: AuthContext,
  body: z.infer<typeof updateUserRequestSchema>,
  address: string,
): Promise<UpdateUserResponse> {
  const { db } = deps;
  const targetId = body.Id ?? auth.user.id;
  const self = targetId === auth.user.id;
  const admin = isAdminOrHigher(auth.user.role);
  if (!self && !admin) throw forbidden('editOwnAccountOnly');
  const target = await userById(db, targetId);
  if (!target) throw notFound('userNotFound');
  if (!self && target.role < auth.user.role) {
    throw forbidden('userMorePrivileged');
  }
  const roleChanges = body.Role !== undefined && body.Role !== target.role;
  if (roleChanges && !admin) throw forbidden('roleChangeAdminOnly');
  if (roleChanges && body.Role! < auth.user.role) {
    throw forbidden('roleTooPrivileged');
  }
  const businessChanges = body.BusinessId !== undefined && body.BusinessId !== target.business_id;
  if (businessChanges && !admin) throw forbidden('businessChangeAdminOnly');
  if (businessChanges && body.BusinessId !== null && body.BusinessId !== undefined) {
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, body.BusinessId));
    if (!business) throw badRequest('businessNotFound', {}, [{ Field: 'BusinessId' }]);
  }
  // A new address takes effect only once it confirms the link sent to it; the caller's password comes first.
  const newEmail =
    body.Email !== undefined && body.Email.toLowerCase() !== target.email.toLowerCase() ? body.Email : null;
  if (newEmail !== null) {
    await assertCurrentPassword(deps, auth, body.CurrentPassword, 'CurrentPassword', address);
    // To a user changing their own address, one that another account uses is answered like any other, so that
    // the answer tells nobody whether an address has an account: its confirmation link is refused instead.
    if (!self) {
      const holder = await userByEmail(db, newEmail);
      if (holder && holder.id !== targetId) throw emailInUse();
    }
  }

  const changes = {
    ...(body.FirstName !== undefined ? { firstName: body.FirstName } : {}),
    ...(body.LastName !== undefined ? { lastName: body.LastName } : {}),
    // The same address in another case is no new address: it is stored as typed.
    ...(body.Email !== undefined && newEmail === null ? { email: body.Email } : {}),
    ...(body.Properties !== undefined ? { properties: { ...target.properties, ...body.Properties } } : {}),
    ...(body.Language !== undefined ? { language: body.Language } : {}),
    ...(roleChanges ? { role: body.Role! } : {}),
    ...(businessChanges ? { businessId: body.BusinessId ?? null } : {}),
  };
  if (Object.keys(changes).length) {
    try {
      await db.transaction(async (tx) => {
        await tx.update(users).set(changes).where(eq(users.id, targetId));
        await recordEvent(tx, accountActor(auth), {
          action: EventAction.Update,
          source: Module.UserAccount,
          objectType: 'User',
          data: { UserId: targetId, Fields: Object.keys(changes) },
        });
      });
    } catch (error) {
      // Two accounts racing for one address: the unique index decides.
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
    deps.authCache.forgetWhere((cached) => cached.user.id === targetId);
  }
  if (newEmail !== null)
    await requestEmailChange(deps, auth, { id: targetId, email: target.email }, newEmail);
  const updated = await userById(db, targetId);
  return { ...presentUser(updated!), PendingEmail: newEmail };
}

/**
 * Sends the link that confirms a new e-mail address to that address, and a notice to the current one. Only
 * the latest request of a user counts: earlier links stop working.
 */
async function requestEmailChange(
  deps: UserDeps,
  auth: AuthContext,
  target: { id: number; email: string },
  newEmail: string,
): Promise<void> {
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, target.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      tokenHash: hashToken(token),
      userId: target.id,
      newEmail,
      expiresAt: new Date(Date.now() + emailChangeLinkTtlMs),
    });
    const base = deps.publicUrl.replace(/\/+$/, '');
    const link = `${base}/?confirmEmail=${encodeURIComponent(token)}`;
    // Both messages reach the same person: they are written in the account's language.
    const language = await userLanguage(tx, target.id);
    const { productName } = deps;
    const hours = emailChangeLinkTtlMs / 3_600_000;
    await queueMail(tx, emailChangeMail({ to: newEmail, language, link, hours, productName }));
    await queueMail(tx, emailChangeNotice({ to: target.email, language, newEmail, productName }));
    await recordEvent(tx, accountActor(auth), {
      action: EventAction.Update,
      source: Module.UserAccount,
      objectType: 'UserEmailChangeRequested',
      data: { UserId: target.id },
    });
  });
  deps.mailer().wake();
}

/**
 * Confirms a new e-mail address from the link sent to it: single use, within its lifetime, and only while no
 * other account has taken the address meanwhile. Answers the address.
 */
export async function confirmEmailChange(deps: UserDeps, token: string): Promise<{ Email: string }> {
  const refused = () => badRequest('emailChangeLinkInvalid', {}, [{ Field: 'token' }]);
  let userId: number;
  let email: string;
  try {
    ({ userId, email } = await deps.db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailChanges.tokenHash, hashToken(token)),
            isNull(emailChanges.usedAt),
            sql`${emailChanges.expiresAt} > now()`,
          ),
        )
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!change) throw refused();
      const holder = await userByEmail(tx, change.newEmail);
      if (holder && holder.id !== change.userId) throw emailInUse();
      await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
      await recordEvent(
        tx,
        { userId: change.userId, holdingId: null, sessionId: null },
        {
          action: EventAction.Update,
          source: Module.UserAccount,
          objectType: 'User',
          data: { UserId: change.userId, Fields: ['email'] },
        },
      );
      return { userId: change.userId, email: change.newEmail };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  deps.authCache.forgetWhere((cached) => cached.user.id === userId);
  return { Email: email };
}

const emailInUse = () => badRequest('emailInUse', {}, [{ Field: 'Email' }]);

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
