import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { LoginPage, stepTimeoutMs } from '../support/loginPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The estate's identity provider: a page this test serves itself in place of the address.
const identityProvider = 'https://idp.estate.example/login';
const pages = useAppPages({
  env: { SSO_LOGIN_LINKS: `estate.example=${identityProvider}?user={email}&invite={invite}` },
});

const testTimeoutMs = 120_000;

describe('signing in where the brand has single sign-on', () => {
  it(
    "sends an address of a configured domain to its organisation's sign-in, and any other on to the password",
    async () => {
      const page = await pages.open();
      await page.route(`${identityProvider}**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Estate sign-in</title><h1>Estate sign-in</h1>',
        }),
      );
      const login = new LoginPage(page);
      await login.open();
      // The first step asks for the address alone.
      expect(await login.password.count()).toBe(0);
      await screenshot(page, 'sso-01-email-step', { fullPage: false });

      // Another domain: on to the password, with the address kept and a way back to change it.
      await login.enterEmail('penlan@headland.example');
      expect(await login.email.inputValue()).toBe('penlan@headland.example');
      await screenshot(page, 'sso-02-password-step', { fullPage: false });
      await login.changeEmailButton.click();
      await login.nextButton.waitFor();
      expect(await login.email.inputValue()).toBe('penlan@headland.example');
      expect(await login.password.count()).toBe(0);

      // The estate's domain goes to its identity provider, with the address.
      await login.email.fill('Ann.Keeper@Estate.Example');
      await login.nextButton.click();
      await page.getByRole('heading', { name: 'Estate sign-in' }).waitFor({ timeout: stepTimeoutMs });
      const url = new URL(page.url());
      expect(`${url.origin}${url.pathname}`).toBe(identityProvider);
      expect(url.searchParams.get('user')).toBe('Ann.Keeper@Estate.Example');
    },
    testTimeoutMs,
  );

  it(
    'signs in with the password for an address of no configured domain',
    async () => {
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      await login.signInToHoldingStep('penlan@headland.example');
      expect(await login.holdingHeading.isVisible()).toBe(true);
    },
    testTimeoutMs,
  );
});
