import {
  passwordMismatchMessage,
  passwordRequiredMessage,
  passwordRuleMessage,
} from '@headland/domain/passwordRule';

/** Text ids of the password rule's messages (domain/src/passwordRule.ts), in the rule's order of checks. */
export const passwordMessageKeys: Readonly<Record<string, string>> = {
  [passwordRequiredMessage]: 'password.required',
  [passwordRuleMessage]: 'password.rule',
  [passwordMismatchMessage]: 'password.mismatch',
};
