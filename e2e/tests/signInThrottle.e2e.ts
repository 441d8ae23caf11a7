import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { LoginPage, demoPassword, stepTimeoutMs } from '../support/loginPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// Its own server: the failed sign-ins of this file stay out of every other file's way.
const pages = useAppPages();

const testTimeoutMs = 180_000;
const account = 'penlan@headland.example';
const wrongPassword = 'Wrong-Harvest1';
const incorrect = 'The e-mail address or password is incorrect.';
const refused = 'Too many failed sign-in attempts. Please wait 15 minutes before trying again.';

describe('the sign-in throttle', () => {
  it(
    'after five wrong passwords shows the refusal at once, also for the right password, without retrying it',
    async () => {
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      const tokenCalls: number[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/oauth/token') tokenCalls.push(Date.now());
      });
      const attempt = async (password: string) => {
        const answered = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/oauth/token',
        );
        await login.signIn(account, password);
        return answered;
      };

      for (let count = 1; count <= 5; count++) {
        const answer = await attempt(wrongPassword);
        expect(answer.status()).toBe(400);
        await expect.poll(() => login.error.innerText()).toBe(incorrect);
      }
      expect(tokenCalls).toHaveLength(5);

      // The right password now: the server refuses it for a while, and the screen says so at once.
      const startedAt = Date.now();
      const answer = await attempt(demoPassword);
      expect(answer.status()).toBe(429);
      await expect.poll(() => login.error.innerText(), { timeout: stepTimeoutMs }).toBe(refused);
      // Shown without the ten seconds of retries the client gives other 429s: one request, answered.
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      await page.waitForTimeout(2_500);
      expect(tokenCalls).toHaveLength(6);
      expect(await login.error.innerText()).toBe(refused);
      // Still the password step: nothing signed in.
      expect(await login.signInButton.isVisible()).toBe(true);
      await screenshot(page, 'sign-in-throttled', { fullPage: false });

      // Another account from this browser is not held back by this one's failures.
      await login.signIn('balgray@headland.example');
      await login.holdingHeading.waitFor({ timeout: stepTimeoutMs });
    },
    testTimeoutMs,
  );
});
