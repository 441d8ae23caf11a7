import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { AxeAudit, axeContextOptions } from '../support/axeCheck.ts';
import { capture } from '../support/capture.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The Prescriptions screen against the real server and its demo seed: the owner of Wold Farm makes a plan from
// the 2027 application layer, changes one zone's rate, downloads ISOXML and both shapefile layouts, completes
// the plan and is refused the next change in the spec's words.
const pages = useAppPages();
const testTimeoutMs = 240_000;

describe('the Prescriptions screen', () => {
  it(
    'makes a plan from the application layer, edits a rate, downloads its files and keeps a completed plan read-only',
    async () => {
      // Each screen is also checked by axe for critical and serious WCAG A and AA violations.
      const checks = new AxeAudit();
      const page = await pages.open(axeContextOptions);
      await signInTo(page, 'client@headland.example', 'Wold Farm', 2027);
      await page.goto(new URL('/prescriptions/new', page.url()).toString());
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'New plan', level: 2 }).waitFor();
      await checks.check(page, 'prescriptions: new plan');
      await main.getByRole('textbox', { name: 'Plan name' }).fill('Browser phosphate');
      await main.getByLabel('Map layer', { exact: true }).click();
      // The demo's application layer: TSP for the 2027 crops, its zones carrying their ProductRate.
      await page
        .getByRole('option')
        .filter({ hasText: 'Triple superphosphate (TSP) 0-46-0 2027' })
        .first()
        .click();
      await main.getByLabel('Product', { exact: true }).click();
      await page.getByRole('option').filter({ hasText: 'Triple superphosphate (TSP)' }).first().click();
      await main.getByRole('button', { name: 'Make plan' }).click();
      await main.getByRole('heading', { name: 'Browser phosphate', level: 2 }).waitFor();
      await capture(page, 'prescriptions-plan');
      await checks.check(page, 'prescriptions: plan');

      const firstRate = main.getByRole('textbox', { name: /^Rate of zone 1 in / }).first();
      await firstRate.fill('123');
      await main.getByRole('button', { name: 'Save' }).click();
      await main.getByRole('status').filter({ hasText: 'Plan saved.' }).waitFor();

      for (const [preset, expected] of [
        ['ISOBUS (ISOXML)', /TASKDATA\/TASKDATA\.XML$/i],
        ['Trimble (shapefile)', /^[^/]+\.shp$/],
        ['John Deere Operations Center (Rx shapefile)', /^Rx\/[^/]+\.shp$/],
      ] as const) {
        await main.getByLabel('Terminal', { exact: true }).click();
        await page.getByRole('option', { name: preset }).click();
        const download = page.waitForEvent('download');
        await main.getByRole('button', { name: 'Download', exact: true }).click();
        const file = await download;
        const entries = Object.keys(unzipSync(new Uint8Array(await readFile(await file.path()))));
        expect(
          entries.some((name) => expected.test(name)),
          `${preset}: ${entries.join(', ')}`,
        ).toBe(true);
      }

      await main.getByLabel('Plan status', { exact: true }).click();
      await page.getByRole('option', { name: 'Complete' }).click();
      await main.getByRole('button', { name: 'Save' }).click();
      await main.getByRole('status').filter({ hasText: 'Plan saved.' }).waitFor();
      await firstRate.fill('99');
      await main.getByRole('button', { name: 'Save' }).click();
      const alert = main.getByRole('alert');
      await alert.filter({ hasText: 'Read-only plan' }).waitFor();
      await alert
        .filter({
          hasText: "Plan 'Browser phosphate' cannot be updated because it has already been completed.",
        })
        .waitFor();
      await capture(page, 'prescriptions-read-only');
      await checks.check(page, 'prescriptions: read-only plan');
      checks.expectClean();
    },
    testTimeoutMs,
  );
});
