import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  changePasswordRequestSchema,
  updateUserRequestSchema,
  User,
} from '@headland/domain/api/sessionApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { newPasswordError } from '@headland/domain/passwordRule';
import { isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { accessTokens, businesses, sessions, users } from '../../db/schema.ts';
import { recordEvent, type ChangeActor } from '../../events/recordEvent.ts';
import { badRequest, forbidden, notFound, validationFailed } from '../../http/httpErrors.ts';
import type { AuthCache } from '../session/authCache.ts';
import type { AuthContext } from '../session/authContext.ts';
import { hashPassword } from '../session/passwordHash.ts';
import { latestTerms, userByEmail, userById } from '../session/session.queries.ts';
import { presentUser } from '../session/session.presenters.ts';

export interface UserDeps {
  db: Db;
  authCache: AuthCache;
}

export const emailInUseMessage = 'This e-mail address is already used by another account.';

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
  if (!terms) throw badRequest('There are no terms and conditions to accept.');
  if (version !== terms.version) {
    throw badRequest(`Only the latest terms and conditions (version ${terms.version}) can be accepted.`, [
      { Field: 'version', Message: `Only version ${terms.version} can be accepted.` },
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
 * Sets a new password after the rule of session-shell §5 (required, then the rule). Every other token of the
 * user is revoked and its holding session ended, so other devices must sign in again; this one stays.
 */
export async function changePassword(
  deps: UserDeps,
  auth: AuthContext,
  body: z.infer<typeof changePasswordRequestSchema>,
): Promise<true> {
  const password = body.password ?? body.Password ?? '';
  // No confirmation travels to the server: the dialog compares the two fields itself.
  const problem = newPasswordError(password, password);
  if (problem) throw validationFailed([{ Field: 'password', Message: problem }]);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordResetRequested: false })
      .where(eq(users.id, auth.user.id));
    const revoked = await tx
      .update(accessTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(accessTokens.userId, auth.user.id),
          ne(accessTokens.id, auth.tokenId),
          isNull(accessTokens.revokedAt),
        ),
      )
      .returning({ sessionId: accessTokens.sessionId });
    for (const { sessionId } of revoked) {
      if (sessionId && sessionId !== auth.session?.id) {
        await tx
          .update(sessions)
          .set({ endedAt: sql`now()` })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
      }
    }
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
): Promise<User> {
  const { db } = deps;
  const targetId = body.Id ?? auth.user.id;
  const self = targetId === auth.user.id;
  const admin = isAdminOrHigher(auth.user.role);
  if (!self && !admin) throw forbidden('You can only edit your own account.');
  const target = await userById(db, targetId);
  if (!target) throw notFound('This user does not exist.');
  if (!self && target.role < auth.user.role) {
    throw forbidden('You cannot edit a user whose role is more privileged than yours.');
  }
  const roleChanges = body.Role !== undefined && body.Role !== target.role;
  if (roleChanges && !admin) throw forbidden('Only an administrator can change a role.');
  if (roleChanges && body.Role! < auth.user.role) {
    throw forbidden('You cannot grant a role more privileged than your own.');
  }
  const businessChanges = body.BusinessId !== undefined && body.BusinessId !== target.business_id;
  if (businessChanges && !admin) throw forbidden('Only an administrator can change the business of a user.');
  if (businessChanges && body.BusinessId !== null && body.BusinessId !== undefined) {
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, body.BusinessId));
    if (!business)
      throw badRequest('This business does not exist.', [
        { Field: 'BusinessId', Message: 'This business does not exist.' },
      ]);
  }
  if (body.Email !== undefined && body.Email.toLowerCase() !== target.email.toLowerCase()) {
    const holder = await userByEmail(db, body.Email);
    if (holder && holder.id !== targetId) throw emailInUse();
  }

  const changes = {
    ...(body.FirstName !== undefined ? { firstName: body.FirstName } : {}),
    ...(body.LastName !== undefined ? { lastName: body.LastName } : {}),
    ...(body.Email !== undefined ? { email: body.Email } : {}),
    ...(body.Properties !== undefined ? { properties: { ...target.properties, ...body.Properties } } : {}),
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
  const updated = await userById(db, targetId);
  return presentUser(updated!);
}

const emailInUse = () => badRequest(emailInUseMessage, [{ Field: 'Email', Message: emailInUseMessage }]);

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
