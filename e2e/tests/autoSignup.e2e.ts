import { describe, expect, it } from 'vitest';
import { callApi, signInByApi } from '../support/apiSession.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { LoginPage, stepTimeoutMs } from '../support/loginPage.ts';
import { linksIn, useMailCapture } from '../support/mailCapture.ts';
import { useServer } from '../support/server.ts';
import { usePages } from '../support/pageFixture.ts';

// The auto sign-up of the Access role (session-shell §2, §6): an administrator opens the account, whose link is
// mailed to its holder; they set it up on one screen and are signed in. The mail catcher is registered first:
// it gives the app's server its SMTP_URL.
const mail = useMailCapture();
const env = mail.env;
const running = useServer({ env });
const pages = usePages(useBrowser(), running);

const testTimeoutMs = 180_000;

describe('auto sign-up of an Access-role account', () => {
  it(
    'sets the account up on one screen with the known names, the terms and a password, and signs in',
    async () => {
      const email = 'ada.keeper@estate.example';
      const admin = await signInByApi(running.server.url, 'admin@headland.example');
      const { link } = await callApi<{ link: string }>(
        running.server.url,
        admin,
        'POST',
        '/api/signup/v1/access',
        {
          email,
          firstName: 'Ada',
          lastName: 'Keeper',
        },
      );
      // The person follows the link mailed to them, the same one the administrator was given.
      const message = await mail.waitFor(
        email,
        (received) => /[?&]signup=/.test(received.text ?? ''),
        60_000,
      );
      expect(message.text).toContain('opened a Headland account for you');
      const mailed = linksIn(message).find((candidate) => candidate.includes('signup='));
      expect(mailed).toBe(link);
      const opened = new URL(mailed!);

      const page = await pages.open();
      await page.goto(mailed!);
      const screen = page.getByRole('main');
      await screen.getByRole('heading', { name: 'Set up your account' }).waitFor({ timeout: stepTimeoutMs });
      // One screen: no wizard steps, no holding.
      expect(await screen.getByRole('button', { name: 'Next' }).count()).toBe(0);
      expect(await screen.getByLabel('First name').inputValue()).toBe('Ada');
      expect(await screen.getByLabel('Last name').inputValue()).toBe('Keeper');

      // Nothing is sent until the form is complete; errors show after the first try.
      await screen.getByRole('button', { name: 'Set up my account' }).click();
      await screen.getByText('You must accept the terms and conditions.').waitFor();
      await screen.getByLabel(/^New password/).fill('Barley2026');
      await screen.getByLabel('Confirm new password').fill('Barley2027');
      await screen
        .getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' })
        .check();
      await screen.getByRole('button', { name: 'Set up my account' }).click();
      await screen.getByText('The passwords do not match').waitFor();
      await screenshot(page, 'auto-signup-01-form', { fullPage: false });
      await screen.getByLabel('Confirm new password').fill('Barley2026');
      await screen.getByRole('button', { name: 'Set up my account' }).click();

      // Signed in with the new password, the terms already accepted: straight on to the holdings given.
      const login = new LoginPage(page);
      await login.holdingHeading.waitFor({ timeout: stepTimeoutMs });
      expect(await login.termsHeading.count()).toBe(0);
      await screenshot(page, 'auto-signup-02-signed-in', { fullPage: false });

      // The link is spent; the password signs in from now on.
      const again = await pages.open();
      await again.goto(`${opened.pathname}${opened.search}`);
      await again.getByRole('alert').getByText('Invalid signup request').waitFor();
      const token = await fetch(`${running.server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: email,
          password: 'Barley2026',
        }).toString(),
      });
      expect(token.status).toBe(200);
    },
    testTimeoutMs,
  );
});
