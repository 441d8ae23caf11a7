import { passwordMinLength } from './limits.ts';

export const passwordRequiredMessage = 'The new password is required';
export const passwordRuleMessage =
  'Your password must be at least 8 characters long, and contain at least one uppercase letter, one lowercase letter, and one number.';
export const passwordMismatchMessage = 'The passwords do not match';

/**
 * Length, one uppercase letter, one lowercase letter and one digit. Letters and digits of any script count, so
 * that users typing in Polish or Bulgarian are not refused; length counts characters, not UTF-16 units.
 */
export function passwordMeetsRule(password: string): boolean {
  return (
    [...password].length >= passwordMinLength &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password)
  );
}

/** The first failing check of a new password and its confirmation, or null when both are fine. */
export function newPasswordError(password: string, confirmation: string): string | null {
  if (password.length === 0) return passwordRequiredMessage;
  if (!passwordMeetsRule(password)) return passwordRuleMessage;
  if (password !== confirmation) return passwordMismatchMessage;
  return null;
}

/** The code of a problem `newPasswordError` found, as the sign-up texts name it (`signup.errors.<code>`). */
export function newPasswordErrorCode(
  problem: string,
): 'passwordRequired' | 'passwordRule' | 'passwordMismatch' {
  if (problem === passwordRequiredMessage) return 'passwordRequired';
  return problem === passwordMismatchMessage ? 'passwordMismatch' : 'passwordRule';
}

// The WHATWG form-validation shape, with at least one dot in the domain as real addresses have.
const emailShape =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Whether `value` has the shape of an e-mail address; surrounding spaces are ignored. */
export function isEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= 254 && emailShape.test(trimmed);
}
