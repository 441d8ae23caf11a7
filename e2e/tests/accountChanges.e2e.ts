import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { screenshot } from '../support/browser.ts';
import { LoginPage, demoPassword, stepTimeoutMs } from '../support/loginPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// Its own server: this file changes a demo account's e-mail address and password.
const pages = useAppPages();

const testTimeoutMs = 180_000;
const holding = 'Penlan';
const account = 'penlan@headland.example';
const newAddress = 'penlan.farm@headland.example';

describe("changing one's e-mail address and password", () => {
  it(
    'asks for the current password, says a confirmation was sent, and changes the address once its link is followed',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, account, holding);
      await shell.userMenuButton.click();
      await page.getByRole('menuitem', { name: 'Manage user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage user' });
      await dialog.getByLabel('Email', { exact: true }).fill(newAddress);
      const current = dialog.getByLabel('Current password', { exact: true });
      await current.waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Enter your current password.').waitFor();
      await current.fill(demoPassword);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const sent = dialog.getByRole('status');
      await sent.waitFor();
      expect(await sent.innerText()).toContain(
        `A confirmation link has been sent to ${newAddress}. Your e-mail address changes once you open it; until then you sign in with ${account}.`,
      );
      await screenshot(page, 'account-01-email-confirmation-sent', { fullPage: false });
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await shell.logOut();

      // Not yet changed: the new address does not sign in.
      const login = new LoginPage(page);
      await login.waitForPasswordStep();
      await login.signIn(newAddress);
      await expect.poll(() => login.error.innerText()).toBe('The e-mail address or password is incorrect.');

      // The link went to the new address (the local outbox stands in for its mailbox).
      const mail = await pages.open();
      await mail.goto('/outbox');
      // The notice to the old address names the new one too, but carries no link.
      const message = mail
        .getByRole('article')
        .filter({ hasText: `To ${newAddress}` })
        .filter({ hasText: 'confirmEmail=' })
        .first();
      await message.waitFor();
      const link = message
        .getByRole('link')
        .filter({ hasText: /[?&]confirmEmail=/ })
        .first();
      await link.click();
      await mail
        .getByText(`Your e-mail address is now ${newAddress}. Sign in with it from now on.`)
        .waitFor({ timeout: stepTimeoutMs });
      expect(new URL(mail.url()).search).toBe('');
      await screenshot(mail, 'account-02-email-confirmed', { fullPage: false });
      const confirmed = new LoginPage(mail);
      await confirmed.signInToHoldingStep(newAddress);
    },
    testTimeoutMs,
  );

  it(
    'refuses a new password without the right current one, then changes it and signs out',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'balgray@headland.example', 'Mains of Balgray');
      await shell.userMenuButton.click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel('New password', { exact: true }).fill('Harvest2027');
      await dialog.getByLabel('Confirm password', { exact: true }).fill('Harvest2027');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText('Enter your current password.').waitFor();
      await dialog.getByLabel('Current password', { exact: true }).fill('Not-the-password1');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      const refusal = page.getByRole('dialog', { name: 'Error' });
      await refusal.getByText('The current password is incorrect.').waitFor();
      await screenshot(page, 'account-03-wrong-current-password', { fullPage: false });
      await refusal.getByRole('button', { name: 'OK' }).click();
      await refusal.waitFor({ state: 'detached' });

      await dialog.getByLabel('Current password', { exact: true }).fill(demoPassword);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText('Your password has been changed. You will now be signed out.').waitFor();
      const login = new LoginPage(page);
      await login.waitForPasswordStep();
      await login.signInToHoldingStep('balgray@headland.example', 'Harvest2027');
    },
    testTimeoutMs,
  );
});
