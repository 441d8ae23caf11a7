import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppShellPage, signInTo, waitForOpaque, tabToken } from '../support/appShellPage.ts';
import { AxeAudit, axeContextOptions } from '../support/axeCheck.ts';
import { newPage, screenshot, useBrowser } from '../support/browser.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { useServer } from '../support/server.ts';

// Partners (session-shell §2, §4 Partners; issue 23) against the real server and its demo seed: the owner of Wold
// Farm enables Humber Grain Marketing, signing its data sharing agreement, and shares two croppings; the
// partner's user sees those two and nothing else; disabling the partner ends that at once.
const running = useServer();
const chromium = useBrowser();

const testTimeoutMs = 240_000;
const holding = 'Wold Farm';
const owner = 'client@headland.example';
const partnerUser = 'grain@headland.example';
const partnerName = 'Humber Grain Marketing';

const pages: Page[] = [];
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

async function openPage(): Promise<Page> {
  const page = await newPage(chromium.browser, running.server.url, axeContextOptions);
  page.setDefaultTimeout(stepTimeoutMs);
  page.setDefaultNavigationTimeout(stepTimeoutMs);
  pages.push(page);
  return page;
}

async function openPartners(page: Page, shell: AppShellPage) {
  await shell.userMenuButton.click();
  await page.getByRole('menuitem', { name: 'Partners', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Partners' });
  await dialog.waitFor();
  return dialog;
}

describe('partners', () => {
  it(
    'the owner shares two croppings with an enabled partner, its user sees only those, and disabling ends it',
    async () => {
      const axe = new AxeAudit();
      const ownerPage = await openPage();
      const shell = await signInTo(ownerPage, owner, holding, 2026);
      let dialog = await openPartners(ownerPage, shell);
      await dialog.getByText(partnerName, { exact: true }).waitFor();
      await waitForOpaque(dialog);
      await axe.check(ownerPage, 'Partners dialog');
      await screenshot(ownerPage, 'partners-01-list', { fullPage: false });

      // Enabling asks for the partner's unsigned agreement to be accepted first.
      await dialog.getByRole('switch', { name: `Enable ${partnerName}` }).click({ force: true });
      const sign = ownerPage.getByRole('dialog', { name: `Sign the legal documents of ${partnerName}` });
      await sign.waitFor();
      await waitForOpaque(sign);
      await axe.check(ownerPage, 'Partner documents to sign');
      const signButton = sign.getByRole('button', { name: 'Sign and enable' });
      expect(await signButton.isDisabled()).toBe(true);
      await sign.getByRole('checkbox', { name: 'I accept Data sharing agreement' }).check({ force: true });
      await screenshot(ownerPage, 'partners-02-sign', { fullPage: false });
      await signButton.click();
      await sign.waitFor({ state: 'detached' });
      await expect
        .poll(() => dialog.getByRole('switch', { name: `Enable ${partnerName}` }).isChecked())
        .toBe(true);

      // Two croppings shared through the croppings dialog.
      await dialog.getByRole('button', { name: `Croppings shared with ${partnerName}` }).click();
      const croppings = ownerPage.getByRole('dialog', { name: `Croppings shared with ${partnerName}` });
      const rows = croppings.getByRole('row');
      await rows.nth(2).waitFor();
      const enableSelected = croppings.getByRole('button', { name: 'Enable', exact: true });
      expect(await enableSelected.isDisabled()).toBe(true);
      const chosen: string[] = [];
      for (const index of [1, 2]) {
        const row = rows.nth(index);
        chosen.push((await row.getByRole('cell').nth(1).innerText()).trim());
        await row.getByRole('checkbox').check({ force: true });
      }
      await enableSelected.click();
      await croppings.getByText('Changes: 2', { exact: true }).waitFor();
      await axe.check(ownerPage, 'Partner croppings dialog');
      await screenshot(ownerPage, 'partners-03-croppings', { fullPage: false });
      await croppings.getByRole('button', { name: 'Save', exact: true }).click();
      await croppings.waitFor({ state: 'detached' });
      await dialog.getByText('Shared croppings: 2', { exact: true }).waitFor();

      // The partner's user sees the two shared croppings' fields and nothing else.
      const partnerPage = await openPage();
      // They open the holding on Fields: the menu offers only what partners may open.
      const partnerShell = await signInTo(partnerPage, partnerUser, holding, 2026, 'Fields');
      expect(new URL(partnerPage.url()).pathname).toBe('/fields');
      expect(await partnerShell.menu.getByRole('link').allInnerTexts()).toEqual(['Fields', 'Map layers']);
      const main = partnerPage.getByRole('main');
      const fieldViews = main.getByRole('navigation', { name: 'Fields views' });
      expect(await fieldViews.getByRole('link', { name: 'Validation' }).count()).toBe(0);
      expect(await fieldViews.getByRole('link', { name: 'Import boundaries' }).count()).toBe(0);
      const table = main.getByRole('table');
      for (const name of chosen) await table.getByRole('link', { name, exact: true }).first().waitFor();
      await screenshot(partnerPage, 'partners-04-partner-fields', { fullPage: false });
      await partnerShell.menuEntry('Map layers').click();
      await main.getByRole('heading', { name: 'Map layers', level: 2, exact: true }).waitFor();
      await partnerPage.waitForLoadState('networkidle');
      await screenshot(partnerPage, 'partners-04b-partner-layers', { fullPage: false });
      expect(await partnerPage.getByRole('alertdialog').count()).toBe(0);
      await partnerShell.menuEntry('Fields').click();
      const token = await tabToken(partnerPage);
      const headers = { authorization: `Bearer ${token}` };
      const croppingList = await partnerPage.request.get('/api/croppings/v1?year=2026', { headers });
      expect(croppingList.status()).toBe(200);
      const shared = (await croppingList.json()) as { FieldName: string }[];
      expect(shared.map((cropping) => cropping.FieldName).sort()).toEqual([...chosen].sort());
      const fieldList = await partnerPage.request.get('/api/fields/v1?year=2026&srid=4326', { headers });
      expect(((await fieldList.json()) as unknown[]).length).toBe(new Set(chosen).size);
      expect(
        (await partnerPage.request.get('/api/dashboard/v1?year=2026', { headers })).status(),
      ).toBeGreaterThanOrEqual(400);

      // The owner disables the partner: the partner's user loses access at once.
      await dialog.getByRole('switch', { name: `Enable ${partnerName}` }).click({ force: true });
      const confirm = ownerPage.getByRole('dialog', { name: 'Disable connecton to partner?' });
      await confirm.getByText(/prevents it from accessing this holding's data/).waitFor();
      await waitForOpaque(confirm);
      await axe.check(ownerPage, 'Disable partner confirmation');
      await screenshot(ownerPage, 'partners-05-disable', { fullPage: false });
      await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect
        .poll(() => dialog.getByRole('switch', { name: `Enable ${partnerName}` }).isChecked())
        .toBe(false);
      const after = await partnerPage.request.get('/api/croppings/v1?year=2026', { headers });
      expect(after.status()).toBe(403);
      dialog = ownerPage.getByRole('dialog', { name: 'Partners' });
      expect(await dialog.isVisible()).toBe(true);
      axe.expectClean();
    },
    testTimeoutMs,
  );
});
