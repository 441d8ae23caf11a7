import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { screenshot } from '../support/browser.ts';
import { LoginPage, demoPassword, stepTimeoutMs } from '../support/loginPage.ts';
import { useMailCapture } from '../support/mailCapture.ts';
import { useAppPages } from '../support/pageFixture.ts';

// A real mail server receives what the app sends; it starts before the app's server, which is told its address.
const mail = useMailCapture();
// Its own server: this file changes demo accounts' passwords.
const pages = useAppPages({ env: mail.env });

const testTimeoutMs = 180_000;

describe('a forgotten password', () => {
  it(
    'is reset through the e-mailed link; the old password then fails and the link cannot be used twice',
    async () => {
      const account = 'penlan@headland.example';
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset password' }).waitFor();
      const send = page.getByRole('button', { name: 'Send' });
      await page.getByLabel('Email', { exact: true }).fill('penlan@headland');
      await send.click();
      await page.getByText('Enter a valid e-mail address.').waitFor();
      await page.getByLabel('Email', { exact: true }).fill(account);
      await send.click();
      await page.getByRole('status').getByText(`If an account uses ${account}`).waitFor();
      expect(await send.isDisabled()).toBe(true);
      await screenshot(page, 'reset-01-link-sent', { fullPage: false });

      const message = await mail.waitFor(account, (received) => /password/i.test(received.subject));
      expect(message.subject).toBe('Reset your Headland password');
      expect(message.partTypes).toEqual(['text/plain', 'text/html']);
      expect(message.text).toContain('Someone asked to reset the password of the Headland account for');
      expect(message.html).toContain('<html lang="en">');
      expect(message.html).toContain('>Choose a new password</a>');
      const link = /https?:\/\/\S+[?&]resetPassword=[\w-]+/.exec(message.text ?? '')?.[0];
      expect(link).toBeDefined();
      expect(link!.startsWith(`${new URL(page.url()).origin}/`)).toBe(true);
      // The button and the written-out link lead to the same place.
      expect(message.html).toContain(`href="${link}"`);

      const reset = await pages.open();
      await reset.goto(link!);
      await reset.getByText(`Choose a new password for ${account}.`).waitFor();
      expect(new URL(reset.url()).search).toBe('');
      const save = reset.getByRole('button', { name: 'Save password' });
      await reset.getByLabel('New password', { exact: true }).fill('weakpass');
      await save.click();
      await reset
        .getByRole('alert')
        .getByText(/^Your password must be at least 8 characters long/)
        .waitFor();
      await reset.getByLabel('New password', { exact: true }).fill('NewFurrow2027');
      await reset.getByLabel('Confirm password', { exact: true }).fill('NewFurrow2027');
      await screenshot(reset, 'reset-02-new-password', { fullPage: false });
      await save.click();
      await reset.getByText('Your password has been changed. Sign in with your new password.').waitFor();
      const afterReset = new LoginPage(reset);
      expect(await afterReset.email.inputValue()).toBe(account);
      await screenshot(reset, 'reset-03-password-changed', { fullPage: false });

      // The old password fails; the new one signs in.
      await afterReset.signIn(account, demoPassword);
      await expect
        .poll(() => afterReset.error.innerText())
        .toBe('The e-mail address or password is incorrect.');
      await afterReset.signInToHoldingStep(account, 'NewFurrow2027');

      // The link works once.
      const again = await pages.open();
      await again.goto(link!);
      await again
        .getByRole('alert')
        .getByText(
          'This link has already been used. Ask for a new one if you still need to reset your password.',
        )
        .waitFor({ timeout: stepTimeoutMs });
      expect(await again.getByLabel('New password', { exact: true }).count()).toBe(0);
      await screenshot(again, 'reset-04-link-used', { fullPage: false });
    },
    testTimeoutMs,
  );

  it(
    'is not told apart from an address without an account',
    async () => {
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email', { exact: true }).fill('nobody.here@headland.example');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('status').getByText('If an account uses nobody.here@headland.example').waitFor();
      // Cancel goes back to signing in.
      await page.getByRole('button', { name: 'Back to sign in' }).click();
      await login.waitForPasswordStep();
    },
    testTimeoutMs,
  );
});

describe('changing the password', () => {
  it(
    'shows that it was changed, then signs out after 1.5 s',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'balgray@headland.example', 'Mains of Balgray');
      await shell.userMenuButton.click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel('Current password', { exact: true }).fill(demoPassword);
      await dialog.getByLabel('New password', { exact: true }).fill('Harvest2028');
      await dialog.getByLabel('Confirm password', { exact: true }).fill('Harvest2028');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      const notice = dialog.getByText('Your password has been changed. You will now be signed out.');
      await notice.waitFor();
      await screenshot(page, 'reset-05-password-changed-signing-out', { fullPage: false });
      const login = new LoginPage(page);
      // Then signed out: the 1.5 s delay itself is pinned by the dialog's unit test with fake timers.
      await login.waitForPasswordStep();
      await login.signIn('balgray@headland.example', demoPassword);
      await expect.poll(() => login.error.innerText()).toBe('The e-mail address or password is incorrect.');
      await login.signInToHoldingStep('balgray@headland.example', 'Harvest2028');
    },
    testTimeoutMs,
  );
});
