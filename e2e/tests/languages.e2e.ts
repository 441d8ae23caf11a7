import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import de from '../../web/src/i18n/de.json';
import deFields from '../../web/src/i18n/de.fields.json';
import enFields from '../../web/src/i18n/en.fields.json';
import deCrops from '../../web/src/i18n/de.crops.json';
import deSignup from '../../web/src/i18n/de.signup.json';
import fr from '../../web/src/i18n/fr.json';
import frFields from '../../web/src/i18n/fr.fields.json';
import frSignup from '../../web/src/i18n/fr.signup.json';
import { capture } from '../support/capture.ts';
import { demoPassword, stepTimeoutMs } from '../support/loginPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The product in the language of the url's `lang`, kept across page loads (session-shell-connections §2, §9),
// and the language picker of the sign-in screen. The owner of Wold Farm, whose fields grow winter wheat.
const pages = useAppPages();

const testTimeoutMs = 240_000;
const owner = 'client@headland.example';
const holding = 'Wold Farm';

type SignInTexts = typeof de;

/** Signs in on the shown sign-in screen with the words of `texts` and opens Wold Farm. */
async function signIn(page: Page, texts: SignInTexts, signup: typeof deSignup): Promise<void> {
  // The brand has single sign-on: the address alone first, then the password.
  await page.getByLabel(texts.login.email, { exact: true }).fill(owner);
  await page.getByRole('button', { name: signup.signon.next }).click();
  await page.getByLabel(texts.login.password, { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: texts.login.signIn }).click();
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: texts.holdingStep.title }).waitFor({ timeout: stepTimeoutMs });
  await main.getByRole('radio', { name: holding, exact: true }).check();
  await main.getByRole('button', { name: texts.holdingStep.continue }).click();
  await page
    .getByLabel(texts.header.currentHolding)
    .filter({ hasText: holding })
    .waitFor({ timeout: stepTimeoutMs });
}

it(
  'shows the sign-in and the fields list in German with ?lang=de, and keeps German after a reload',
  async () => {
    const page = await pages.open({ locale: 'en-GB' });
    await page.goto('/?lang=de');
    await page.getByRole('button', { name: deSignup.signon.next }).waitFor({ timeout: stepTimeoutMs });
    await page.getByRole('heading', { name: de.login.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The picker names each language in its own words.
    const picker = page.getByLabel(de.login.language);
    expect(await picker.inputValue()).toBe('de');
    expect(await picker.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Deutsch', 'English', 'Français', 'Magyar', 'Български']),
    );
    await capture(page, 'languages-de-sign-in');

    await signIn(page, de, deSignup);
    await page
      .getByRole('navigation', { name: de.menu.label })
      .getByRole('link', { name: de.menu.fields })
      .click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: deFields.fields.title, exact: true }).waitFor();
    const table = main.getByRole('table');
    await table.getByRole('columnheader', { name: deFields.fields.list.area }).waitFor();
    await main.getByRole('button', { name: deFields.fields.list.newField }).waitFor();
    // Crop names are German too, and areas are written with a decimal comma.
    await table.getByText(deCrops.crops.names['1'], { exact: true }).first().waitFor();
    expect(await table.locator('tbody td').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\d+,\d\d$/)]),
    );
    await capture(page, 'languages-de-fields');

    // A page load without `lang` stays German.
    await page.goto('/fields');
    await page
      .getByRole('main')
      .getByRole('heading', { name: deFields.fields.title, exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.getByRole('navigation', { name: de.menu.label }).isVisible()).toBe(true);
  },
  testTimeoutMs,
);

it(
  'switches the sign-in screen to the language picked, and keeps it for the next page load',
  async () => {
    const page = await pages.open({ locale: 'en-GB' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Next' }).waitFor({ timeout: stepTimeoutMs });
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: frSignup.signon.next }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await capture(page, 'languages-fr-sign-in');

    await page.reload();
    await page.getByRole('button', { name: frSignup.signon.next }).waitFor({ timeout: stepTimeoutMs });
    await signIn(page, fr, frSignup);
    await page
      .getByRole('navigation', { name: fr.menu.label })
      .getByRole('link', { name: fr.menu.fields })
      .click();
    await page
      .getByRole('main')
      .getByRole('heading', { name: frFields.fields.title, exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    await capture(page, 'languages-fr-fields');
  },
  testTimeoutMs,
);

it('follows the browser’s language when neither the url nor an earlier visit chose one', async () => {
  const page = await pages.open({ locale: 'fr-FR' });
  await page.goto('/');
  await page.getByRole('button', { name: frSignup.signon.next }).waitFor({ timeout: stepTimeoutMs });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
});

it('builds each language other than English into a chunk of its own, outside the main bundle', () => {
  const assets = fileURLToPath(new URL('../../web/dist/assets/', import.meta.url));
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const holding = (text: string) =>
    scripts.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes(JSON.stringify(text).slice(1, -1)),
    );
  // A German and a French text each live in their language's chunk only.
  expect(holding(deFields.fields.import.fileHint)).toEqual([expect.stringMatching(/^texts-de-/)]);
  expect(holding(frFields.fields.import.fileHint)).toEqual([expect.stringMatching(/^texts-fr-/)]);
  // English, the fallback, keeps the sign-in screens' texts in the main bundle; the texts of the screens behind
  // the sign-in load with them, from one chunk (web/src/i18n/createI18n.ts).
  expect(holding(enFields.fields.import.fileHint)).toEqual([expect.stringMatching(/^texts-en-/)]);
});
