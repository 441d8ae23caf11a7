import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openHoldingByApi } from '../support/apiSession.ts';
import { signInTo } from '../support/appShellPage.ts';
import { AxeAudit, axeContextOptions } from '../support/axeCheck.ts';
import { useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// The Import screen against a server of its own (one test restarts it): a TASKDATA made by the prescription
// export imports back as its partfields, and an import cut off by a restart shows Error afterwards.
const running = useServer();
const pages = usePages(useBrowser(), running);
const testTimeoutMs = 300_000;

describe('the Import screen', () => {
  it(
    'reads a TASKDATA made by the prescription export and shows its partfields',
    async () => {
      const checks = new AxeAudit();
      const page = await pages.open(axeContextOptions);
      await signInTo(page, 'client@headland.example', 'Wold Farm', 2027);
      await page.goto(new URL('/prescriptions/new', page.url()).toString());
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'New plan', level: 2 }).waitFor();
      await main.getByRole('textbox', { name: 'Plan name' }).fill('Round trip');
      await main.getByLabel('Map layer', { exact: true }).click();
      await page
        .getByRole('option')
        .filter({ hasText: 'Triple superphosphate (TSP) 0-46-0 2027' })
        .first()
        .click();
      await main.getByLabel('Product', { exact: true }).click();
      await page.getByRole('option').filter({ hasText: 'Triple superphosphate (TSP)' }).first().click();
      await main.getByRole('button', { name: 'Make plan' }).click();
      await main.getByRole('heading', { name: 'Round trip', level: 2 }).waitFor();
      await main.getByLabel('Terminal', { exact: true }).click();
      await page.getByRole('option', { name: 'ISOBUS (ISOXML)' }).click();
      const download = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Download', exact: true }).click();
      const file = await download;
      const bytes = new Uint8Array(await readFile(await file.path()));
      const xml = new TextDecoder().decode(
        Object.entries(unzipSync(bytes)).find(([name]) => /TASKDATA\.XML$/i.test(name))![1],
      );
      // PFD is a partfield, its attribute C its designator: the field's name.
      const partfields = [...xml.matchAll(/<PFD\b[^>]*\bC="([^"]*)"/g)].map((match) => match[1]!);
      expect(partfields.length).toBeGreaterThan(0);

      await page.goto(new URL('/import', page.url()).toString());
      await main.getByRole('heading', { name: 'Import', level: 2 }).waitFor();
      await main.getByRole('tab', { name: 'Boundaries', selected: true }).waitFor();
      await checks.check(page, 'import: boundaries');
      const chooser = page.waitForEvent('filechooser');
      await main.getByRole('button', { name: 'Browse', exact: true }).click();
      await (
        await chooser
      ).setFiles({ name: file.suggestedFilename(), mimeType: 'application/zip', buffer: Buffer.from(bytes) });
      const table = main.getByRole('table', { name: 'Features of the file' });
      await table.waitFor();
      for (const name of partfields) await table.getByText(name, { exact: true }).first().waitFor();
      expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(partfields.length);
      await capture(page, 'import-taskdata-partfields', { fullPage: true });
      await checks.check(page, 'import: TASKDATA preview');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'shows an import cut off by a server restart as Error after the restart',
    async () => {
      const { url } = running.server;
      const token = await openHoldingByApi(url, 'client@headland.example', 'Wold Farm');
      const headers = { authorization: `Bearer ${token}` };
      // Enough rows that the import is still at work when the server stops.
      const csv = `lon,lat,yield\n${Array.from({ length: 150_000 }, (_, i) => `-1.${i % 9000},52.${i % 7000},${(i % 90) / 10}`).join('\n')}\n`;
      const form = new FormData();
      form.set('kind', 'yield');
      form.set('file', new Blob([csv]), 'cut-off-yield.csv');
      const previewed = (await (
        await fetch(`${url}/api/layers/v1/import/preview`, { method: 'POST', headers, body: form })
      ).json()) as { ImportId: string };
      const started = await fetch(`${url}/api/layers/v1/import/${previewed.ImportId}/commit`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ Mapping: { lon: 'longitude', lat: 'latitude', yield: 'yield' }, Year: 2027 }),
      });
      expect(started.status).toBe(202);
      await running.server.restart();

      const page = await pages.open();
      await signInTo(page, 'client@headland.example', 'Wold Farm', 2027);
      await page.goto(new URL('/import/layers', page.url()).toString());
      const main = page.getByRole('main');
      await main.getByRole('tab', { name: 'Soil and yield', selected: true }).waitFor();
      const row = main.getByRole('row').filter({ hasText: 'cut-off-yield.csv' });
      await row.getByText('Error', { exact: true }).waitFor();
      // The stop, not the file, is what the user is told failed it.
      await row.getByText('The import stopped because the server restarted', { exact: false }).waitFor();
      expect(await row.getByText('Running', { exact: true }).count()).toBe(0);
      await capture(page, 'import-interrupted', { fullPage: true });
    },
    testTimeoutMs,
  );
});
