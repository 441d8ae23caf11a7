import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { callApi, openHoldingByApi } from '../support/apiSession.ts';
import { useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// The dashboard (issue 26): its crop totals are the fields list's croppings added up, a change made by another
// user shows without a reload, a restricted member's totals cover only their croppings, and the map opens.
const running = useServer();
const pages = usePages(useBrowser(), running);
const holding = 'Wold Farm';
const owner = 'client@headland.example';
const member = 'member@headland.example';
const restricted = 'restricted@headland.example';
const testTimeoutMs = 180_000;

interface ListedField {
  FieldId: number;
  Name: string;
  Croppings: { CroppingId: number; CropId: number; Area: number | null }[];
}

/** Hectares as the dashboard writes them in English: 2 decimals, no grouping. */
const hectares = (value: number) => (Math.round(Number((value * 100).toPrecision(15))) / 100).toFixed(2);

/** The fields list of the session's year, added up by crop: what each crop's row must show. */
async function listTotals(token: string): Promise<Map<number, string>> {
  const fields = await callApi<ListedField[]>(running.server.url, token, 'GET', '/api/fields/v1');
  const sums = new Map<number, number>();
  for (const field of fields)
    for (const cropping of field.Croppings)
      if (cropping.CropId !== 0)
        sums.set(cropping.CropId, (sums.get(cropping.CropId) ?? 0) + (cropping.Area ?? 0));
  return new Map([...sums].map(([cropId, sum]) => [cropId, hectares(sum)]));
}

/** Each crop row of the cropping card with the year's hectares, by crop id. */
async function shownTotals(page: Page): Promise<Map<number, string>> {
  const card = page.getByRole('main').getByRole('region', { name: /^The cropping of/ });
  await card.getByRole('table').waitFor({ timeout: stepTimeoutMs });
  const rows = await card
    .locator('tr[data-crop-id]')
    .evaluateAll((elements) =>
      elements.map((row) => [
        Number(row.getAttribute('data-crop-id')),
        row.querySelector('[data-column="hectares"]')?.textContent ?? '',
      ]),
    );
  return new Map((rows as [number, string][]).filter(([, text]) => text !== '—'));
}

describe('the dashboard', () => {
  it(
    'shows each crop’s hectares as the sum of its croppings in the fields list, and a crop opens that list filtered',
    async () => {
      const token = await openHoldingByApi(running.server.url, owner, holding);
      const page = await pages.open();
      await signInTo(page, owner, holding);
      const expected = await listTotals(token);
      expect(expected.size).toBeGreaterThan(2);
      await expect.poll(() => shownTotals(page)).toEqual(expected);
      await page.locator('.dashboard-map[data-rendered="true"]').waitFor({ timeout: stepTimeoutMs });
      await capture(page, 'dashboard-01-cards', { fullPage: true });

      // The largest crop's link opens the fields list filtered to it: as many fields as the card counts.
      const card = page.getByRole('main').getByRole('region', { name: /^The cropping of/ });
      const first = card.locator('tbody tr[data-crop-id]').first();
      const fieldCount = Number((await first.locator('td').nth(2).innerText()).trim());
      const link = first.getByRole('link');
      const cropName = (await link.innerText()).trim();
      await link.click();
      await page.waitForURL(/\/fields\?crop=\d+$/);
      const main = page.getByRole('main');
      await expect.poll(() => main.getByLabel('Crop', { exact: true }).inputValue()).toBe(cropName);
      const list = main.getByRole('table');
      await expect.poll(() => list.locator('a[href*="/fields/details/"]').count()).toBe(fieldCount);
      await capture(page, 'dashboard-02-fields-of-crop');
    },
    testTimeoutMs,
  );

  it(
    'updates the totals without a reload when another user changes a cropping',
    async () => {
      const token = await openHoldingByApi(running.server.url, owner, holding);
      const page = await pages.open();
      await signInTo(page, member, holding);
      const before = await listTotals(token);
      await expect.poll(() => shownTotals(page)).toEqual(before);

      const fields = await callApi<ListedField[]>(running.server.url, token, 'GET', '/api/fields/v1');
      const cropping = fields
        .flatMap((field) => field.Croppings)
        .find((each) => each.CropId !== 0 && each.Area)!;
      // Marks the page: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { keptAcrossDashboard: true }));
      await callApi(running.server.url, token, 'PUT', `/api/croppings/v1/${cropping.CroppingId}`, {
        Area: Number(((cropping.Area ?? 0) - 0.5).toFixed(2)),
      });
      const after = await listTotals(token);
      expect(after.get(cropping.CropId)).not.toBe(before.get(cropping.CropId));
      await expect.poll(() => shownTotals(page), { timeout: 10_000 }).toEqual(after);
      expect(
        await page.evaluate(() => (window as { keptAcrossDashboard?: boolean }).keptAcrossDashboard),
      ).toBe(true);
      await capture(page, 'dashboard-03-live-update');
    },
    testTimeoutMs,
  );

  it(
    'counts only a restricted member’s own croppings, and says so',
    async () => {
      const ownerToken = await openHoldingByApi(running.server.url, owner, holding);
      const memberToken = await openHoldingByApi(running.server.url, restricted, holding);
      const page = await pages.open();
      await signInTo(page, restricted, holding);
      const theirs = await listTotals(memberToken);
      const everyone = await listTotals(ownerToken);
      expect(theirs.size).toBeGreaterThan(0);
      expect(theirs.size).toBeLessThan(everyone.size);
      await expect.poll(() => shownTotals(page)).toEqual(theirs);
      await page
        .getByRole('main')
        .getByText('These totals count only the croppings shared with you.')
        .waitFor({ timeout: stepTimeoutMs });
      await capture(page, 'dashboard-04-restricted');
    },
    testTimeoutMs,
  );

  it(
    'opens the map from the holding’s small map',
    async () => {
      const page = await pages.open();
      await signInTo(page, owner, holding);
      const map = page.locator('.dashboard-map[data-rendered="true"]');
      await map.waitFor({ timeout: stepTimeoutMs });
      expect(Number(await map.getAttribute('data-fields'))).toBeGreaterThan(0);
      await map.click({ position: { x: 40, y: 200 } });
      await page.waitForURL(/\/datalayers$/);
    },
    testTimeoutMs,
  );
});
