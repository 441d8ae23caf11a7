import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, openHoldingByApi } from '../support/apiSession.ts';
import { signInTo, type AppShellPage } from '../support/appShellPage.ts';
import { capture } from '../support/capture.ts';
import { useAppPages } from '../support/pageFixture.ts';
import {
  britishNationalGridPrj,
  irishTransverseMercatorPrj,
  writeZippedShapefile,
} from '../../server/src/testing/shapefileWriter.ts';

// The boundary import (issue 12, defects 4, 11 and 13) against the real server and the demo seed: the owner of
// Wold Farm imports files the test writes. Each test uses its own field names and places.
const pages = useAppPages();

const testTimeoutMs = 240_000;

const shells = new WeakMap<Page, AppShellPage>();
const shellOf = (page: Page) => shells.get(page)!;

async function openImport(page: Page): Promise<Locator> {
  const shell = await signInTo(page, 'client@headland.example', 'Wold Farm', 2027);
  shells.set(page, shell);
  await shell.waitForContext('Wold Farm', 2027);
  await shell.menuEntry('Fields').click();
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Fields', exact: true }).waitFor();
  await main.getByRole('link', { name: 'Import boundaries', exact: true }).click();
  await main.getByRole('button', { name: 'Browse', exact: true }).waitFor();
  return main;
}

async function chooseFile(page: Page, main: Locator, name: string, bytes: Uint8Array): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: 'Browse', exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
}

function square(x: number, y: number, side: number): number[][][][] {
  return [
    [
      [
        [x, y],
        [x + side, y],
        [x + side, y + side],
        [x, y + side],
        [x, y],
      ],
    ],
  ];
}

describe('boundary import', () => {
  it(
    'repairs a bow tie and shows the repair in the preview',
    async () => {
      const page = await pages.open();
      const main = await openImport(page);
      const bowTie = {
        type: 'Feature',
        properties: { name: 'E2E Bow Tie' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-0.5, 54.1],
              [-0.498, 54.102],
              [-0.498, 54.1],
              [-0.5, 54.102],
              [-0.5, 54.1],
            ],
          ],
        },
      };
      await chooseFile(page, main, 'bowtie.geojson', new TextEncoder().encode(JSON.stringify(bowTie)));
      await main.getByText('Some shapes were repaired', { exact: true }).waitFor();
      const row = main
        .getByRole('table', { name: 'Features of the file' })
        .getByRole('row')
        .filter({ hasText: 'E2E Bow Tie' });
      await row.getByText(/^Repaired: Self-intersection/).waitFor();
      await capture(page, 'imports-01-bow-tie-repaired');
    },
    testTimeoutMs,
  );

  it(
    'warns when the same boundaries are imported again, and skips or replaces them',
    async () => {
      const page = await pages.open();
      const main = await openImport(page);
      const file = writeZippedShapefile({
        prj: britishNationalGridPrj,
        columns: [{ name: 'NAME', type: 'C', length: 30 }],
        features: [
          { polygons: square(441_000, 462_000, 200), properties: { NAME: 'E2E Twice North' } },
          { polygons: square(441_400, 462_000, 100), properties: { NAME: 'E2E Twice South' } },
        ],
      });
      await chooseFile(page, main, 'twice.zip', file);
      await main.getByRole('table', { name: 'Features of the file' }).waitFor();
      await main.getByRole('button', { name: 'Import', exact: true }).click();
      await main.getByText('2 fields were created.', { exact: true }).waitFor();

      // The same file again: both features lie on the fields just made, so both start left out.
      await chooseFile(page, main, 'twice.zip', file);
      await main.getByText('Some boundaries are already here', { exact: true }).waitFor();
      await main.getByText('Already a field: E2E Twice North covers 100%', { exact: true }).waitFor();
      expect(await main.getByRole('checkbox', { name: 'Import feature 1' }).isChecked()).toBe(false);
      expect(await main.getByRole('checkbox', { name: 'Import feature 2' }).isChecked()).toBe(false);
      expect(await main.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      await capture(page, 'imports-02-already-here');

      // Replace North's boundary, skip South.
      await main.getByLabel('Feature 1: what to do').first().click();
      await page.getByRole('option', { name: 'Replace the boundary of E2E Twice North' }).click();
      await main.getByRole('button', { name: 'Import', exact: true }).click();
      await main.getByText('1 field was given its new boundary.', { exact: true }).waitFor();
      expect(await main.getByText(/fields? (was|were) created/).count()).toBe(0);

      await shellOf(page).menuEntry('Fields').click();
      await main.getByRole('heading', { name: 'Fields', exact: true }).waitFor();
      const table = main.getByRole('table');
      await table.getByRole('link', { name: 'E2E Twice North', exact: true }).waitFor();
      for (const name of ['E2E Twice North', 'E2E Twice South']) {
        expect(await table.getByRole('link', { name, exact: true }).count()).toBe(1);
      }
      expect(await table.getByRole('link', { name: /^E2E Twice .* \(2\)$/ }).count()).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    'reads a shapefile in Irish Transverse Mercator and puts its fields where they belong',
    async () => {
      const page = await pages.open();
      const main = await openImport(page);
      const file = writeZippedShapefile({
        prj: irishTransverseMercatorPrj,
        columns: [{ name: 'NAME', type: 'C', length: 30 }],
        features: [{ polygons: square(560_000, 570_000, 100), properties: { NAME: 'E2E Cork Paddock' } }],
      });
      await chooseFile(page, main, 'itm.zip', file);
      await main
        .getByText(/in IRENET95 Irish Transverse Mercator \(EPSG:2157\): 1 features? with a boundary/)
        .waitFor();
      await main.getByRole('button', { name: 'Import', exact: true }).click();
      await main.getByText('1 field was created.', { exact: true }).waitFor();
      await main.getByRole('link', { name: 'E2E Cork Paddock', exact: true }).click();
      await main.getByRole('heading', { name: 'E2E Cork Paddock' }).first().waitFor();
      // The field's boundary, read back from the server in longitudes and latitudes: in County Cork.
      const fieldId = Number(new URL(page.url()).pathname.split('/').pop());
      const base = new URL(page.url()).origin;
      const token = await openHoldingByApi(base, 'client@headland.example', 'Wold Farm');
      const boundary = await callApi<{ Boundary: { coordinates: number[][][][] }; BoundaryArea: number }>(
        base,
        token,
        'GET',
        `/api/fields/v1/${fieldId}`,
      );
      const [lon, lat] = boundary.Boundary.coordinates[0]![0]![0]!;
      // EPSG:2157 (560000, 570000) is at 8.581° W, 51.881° N.
      expect(lon).toBeCloseTo(-8.581, 2);
      expect(lat).toBeCloseTo(51.881, 2);
      expect(boundary.BoundaryArea).toBeCloseTo(1, 1);
      await capture(page, 'imports-03-irish-field');
    },
    testTimeoutMs,
  );
});
