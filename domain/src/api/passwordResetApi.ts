import { z } from 'zod';
import { emailMaxLength } from './sessionApi.ts';

/** How long a password reset link works after it was sent. */
export const passwordResetLinkMinutes = 60;
/** Reset links e-mailed to one account per hour at most; further requests are answered alike and send nothing. */
export const passwordResetsPerHour = 3;

/**
 * POST /api/user/v1/password/reset?email=: e-mails a reset link when the address has an account, and answers
 * the same either way. `lang` is the language of the screen it was asked from, used when the account has none.
 */
export const passwordResetRequestQuerySchema = z.object({
  email: z.string().max(emailMaxLength),
  lang: z.string().max(35).optional(),
});

/** POST /api/user/v1/login/reset?token=: the link's single-use token. */
export const passwordResetQuerySchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Without a password the call only checks the link (step 2 opens with it); with one it sets the password, if
 * it follows the rule, and uses the link up.
 */
export const passwordResetBodySchema = z.object({ password: z.string().max(1024).optional() }).nullish();

export const passwordResetResponseSchema = z.object({
  /** The account the link is for. */
  Email: z.string(),
  /** True once the password has been set. */
  PasswordSet: z.boolean(),
});
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

/** Why a reset link does not work, as the `Code` of the 400's field error on `token`. */
export const passwordResetLinkCodes = {
  used: 'resetLinkUsed',
  expired: 'resetLinkExpired',
  invalid: 'resetLinkInvalid',
} as const;
export type PasswordResetLinkCode = (typeof passwordResetLinkCodes)[keyof typeof passwordResetLinkCodes];

/** The server's words for those codes, for clients that show messages as they are. */
export const passwordResetMessages = {
  resetLinkUsed: 'This password reset link has already been used. Ask for a new one if you still need it.',
  resetLinkExpired: 'This password reset link has expired. Ask for a new one.',
  resetLinkInvalid: 'This password reset link is not valid. Ask for a new one.',
  invalidEmail: 'Enter a valid e-mail address.',
} as const;
