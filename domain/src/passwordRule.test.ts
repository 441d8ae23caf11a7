import { describe, expect, it } from 'vitest';
import {
  isEmail,
  newPasswordError,
  passwordMeetsRule,
  passwordMismatchMessage,
  passwordRequiredMessage,
  passwordRuleMessage,
} from './passwordRule.ts';

describe('newPasswordError', () => {
  it.each([
    ['', '', passwordRequiredMessage],
    ['', 'Abcdefg1', passwordRequiredMessage],
    ['Abcdef1', 'Abcdef1', passwordRuleMessage],
    ['abcdefg1', 'abcdefg1', passwordRuleMessage],
    ['ABCDEFG1', 'ABCDEFG1', passwordRuleMessage],
    ['Abcdefgh', 'Abcdefgh', passwordRuleMessage],
    ['Abcdefg1', 'Abcdefg2', passwordMismatchMessage],
    ['Abcdefg1', '', passwordMismatchMessage],
    ['Abcdefg1', 'Abcdefg1', null],
    ['Żółwik12', 'Żółwik12', null],
  ])('%j confirmed by %j gives %j', (password, confirmation, expected) => {
    expect(newPasswordError(password, confirmation)).toBe(expected);
  });

  it('states the rule in the spec wording', () => {
    expect(passwordRuleMessage).toBe(
      'Your password must be at least 8 characters long, and contain at least one uppercase letter, one lowercase letter, and one number.',
    );
    expect(passwordRequiredMessage).toBe('The new password is required');
    expect(passwordMismatchMessage).toBe('The passwords do not match');
  });

  it.each([
    ['Abcdefg1', true],
    ['Abc defg 1', true],
    ['Abcdéf1', false],
    ['Abcdéfg1', true],
  ])('the rule holds for %j: %s', (password, expected) => {
    expect(passwordMeetsRule(password)).toBe(expected);
  });
});

describe('isEmail', () => {
  it.each([
    ['farmer@example.com', true],
    ['first.last+tag@mail.example.co.uk', true],
    ['  farmer@example.com ', true],
    ['farmer@example', false],
    ['farmer.example.com', false],
    ['farmer@', false],
    ['@example.com', false],
    ['far mer@example.com', false],
    ['farmer@exa_mple.com', false],
    ['farmer@-example.com', false],
    ['', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%j is an e-mail: %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});
