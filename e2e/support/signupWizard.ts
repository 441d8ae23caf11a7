import type { Locator } from 'playwright-core';

/** The sign-up wizard's steps that every path through it takes the same way. */

/** Step 1: agrees to the terms, says yes to being contacted, and goes on. */
export async function agreeToTerms(wizard: Locator): Promise<void> {
  await wizard.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }).check();
  await wizard.getByRole('radio', { name: 'Yes' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
}

export interface Contact {
  firstName: string;
  lastName: string;
  phone: string;
}

/** Step 2: the person's names and phone number, and on to the next step. */
export async function fillContact(wizard: Locator, contact: Contact): Promise<void> {
  await wizard.getByLabel('First name').fill(contact.firstName);
  await wizard.getByLabel('Last name').fill(contact.lastName);
  await wizard.getByLabel('Phone number').fill(contact.phone);
  await wizard.getByRole('button', { name: 'Next' }).click();
}
