import { eq } from 'drizzle-orm';
import {
  passwordResetLinkCodes,
  passwordResetLinkMinutes,
  passwordResetMessages,
  passwordResetsPerHour,
  type PasswordResetLinkCode,
  type PasswordResetResponse,
} from '@headland/domain/api/passwordResetApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { supportedLanguage } from '@headland/domain/languages';
import { isEmail, newPasswordError, newPasswordErrorCode } from '@headland/domain/passwordRule';
import { users } from '../../db/schema.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { runAfterAnswer, workAfterAnswerSettled } from '../../http/afterAnswer.ts';
import { validationFailed } from '../../http/httpErrors.ts';
import { queueMail } from '../../mail/mailer.ts';
import { mailLanguage, renderMail } from '../../mail/renderMail.ts';
import { hashPassword } from '../../auth/passwordHash.ts';
import { userByEmail } from '../../auth/users.queries.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import {
  dropUnusedResetLinks,
  endLoginsOf,
  insertResetLink,
  resetLinkByHash,
  resetLinksSince,
  useResetLink,
} from './passwordReset.queries.ts';
import type { UserDeps } from './user.service.ts';

/** The web app's parameter carrying a reset link's token (session-shell §2, login-time URL parameters). */
export const resetPasswordParameter = 'resetPassword';

/** Resolves once every reset request answered so far has written its link and e-mail, or found no account. */
export const passwordResetsSettled = workAfterAnswerSettled;

/**
 * Step 1 of a reset. Refuses only an address of the wrong shape; otherwise answers at once and, after the
 * answer, e-mails a link when the address has an account (`sendResetLink`). Doing that work after answering
 * keeps the answer's timing from telling whether an account exists.
 */
export function requestPasswordReset(
  deps: UserDeps,
  email: string,
  language: string | undefined,
  log: { error(details: object, message: string): void },
): true {
  const address = email.trim();
  if (!isEmail(address)) {
    throw validationFailed([{ Field: 'email', Code: 'invalidEmail' }]);
  }
  runAfterAnswer(
    deps.db,
    () => sendResetLink(deps, address, language),
    log,
    'a password reset link could not be written',
  );
  return true;
}

/**
 * When `address` belongs to an account, writes a single-use link (only its hash is kept) and e-mails it in the
 * account's language, else in `language`, the screen's; at most `passwordResetsPerHour` an hour.
 */
async function sendResetLink(deps: UserDeps, address: string, language: string | undefined): Promise<void> {
  const account = await userByEmail(deps.db, address);
  // An account without a password is still being set up (its sign-up link leads on), or signs in otherwise: a
  // reset link would let its mailbox skip the sign-up.
  if (!account?.password_hash) return;
  const token = newToken();
  const queued = await deps.db.transaction(async (tx) => {
    // Someone typing another person's address again and again must not fill their mailbox.
    if ((await resetLinksSince(tx, account.id, new Date(Date.now() - 3_600_000))) >= passwordResetsPerHour) {
      return false;
    }
    await insertResetLink(tx, {
      tokenHash: hashToken(token),
      userId: account.id,
      expiresAt: new Date(Date.now() + passwordResetLinkMinutes * 60_000),
    });
    await tx.update(users).set({ passwordResetRequested: true }).where(eq(users.id, account.id));
    const base = deps.publicUrl.replace(/\/+$/, '');
    const mail = renderMail('passwordReset', mailLanguage(account.language ?? supportedLanguage(language)), {
      brand: deps.productName,
      email: account.email,
      minutes: passwordResetLinkMinutes,
      link: `${base}/?${resetPasswordParameter}=${encodeURIComponent(token)}`,
    });
    await queueMail(tx, { to: account.email, subject: mail.subject, text: mail.text, html: mail.html });
    await recordEvent(
      tx,
      { userId: account.id, holdingId: null, sessionId: null },
      { action: EventAction.Update, source: Module.UserAccount, objectType: 'UserPasswordResetRequested' },
    );
    return true;
  });
  if (queued) deps.mailer().wake();
}

const linkRefused = (code: PasswordResetLinkCode) => validationFailed([{ Field: 'token', Code: code }]);

/**
 * Step 2: checks the link of `token` and, given a password that follows the rule, sets it and uses the link
 * up. Setting it ends every login of the user and every other reset link: whoever knew the old password is
 * signed out everywhere.
 */
export async function resetPassword(
  deps: UserDeps,
  token: string,
  password: string | undefined,
): Promise<PasswordResetResponse> {
  const link = await resetLinkByHash(deps.db, hashToken(token));
  if (!link) throw linkRefused(passwordResetLinkCodes.invalid);
  if (link.used) throw linkRefused(passwordResetLinkCodes.used);
  if (link.expired) throw linkRefused(passwordResetLinkCodes.expired);
  if (password === undefined) return { Email: link.email, PasswordSet: false };
  // No confirmation travels to the server: the screen compares the two fields itself.
  const problem = newPasswordError(password, password);
  if (problem)
    throw validationFailed(
      [{ Field: 'password', Message: problem, Code: newPasswordErrorCode(problem) }],
      'signup',
    );
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    // Two requests with one link: only the first sets the password.
    if (!(await useResetLink(tx, link.id))) throw linkRefused(passwordResetLinkCodes.used);
    await tx
      .update(users)
      .set({ passwordHash, passwordResetRequested: false })
      .where(eq(users.id, link.user_id));
    await dropUnusedResetLinks(tx, link.user_id);
    await endLoginsOf(tx, link.user_id);
    await recordEvent(
      tx,
      { userId: link.user_id, holdingId: null, sessionId: null },
      { action: EventAction.Update, source: Module.UserAccount, objectType: 'UserPassword' },
    );
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === link.user_id);
  return { Email: link.email, PasswordSet: true };
}
