import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The Export screen against the real server and its demo seed: the owner of Wold Farm downloads the 2025
// fields and croppings as a zipped shapefile.
const pages = useAppPages();
const testTimeoutMs = 180_000;

describe('the Export screen', () => {
  it(
    'downloads the fields and croppings of the year as a zipped shapefile with its five files',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'client@headland.example', 'Wold Farm', 2025);
      // Below the menu's collapse height, Export sits in the Data group.
      await shell.menu.getByRole('button', { name: 'Data', exact: true }).click();
      await shell.menuEntry('Export').click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Export', level: 2 }).waitFor();
      await main.getByRole('radio', { name: 'Fields and croppings of a crop year' }).check();
      await main.getByRole('radio', { name: /^Shapefile: / }).check();

      const download = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Download', exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Wold_Farm_fields_2025\.zip$/);
      const entries = unzipSync(new Uint8Array(await readFile(await file.path())));
      const endings = Object.keys(entries)
        .map((name) => name.slice(name.lastIndexOf('.')))
        .sort();
      expect(endings).toEqual(['.cpg', '.dbf', '.prj', '.shp', '.shx']);
      const shp = Object.entries(entries).find(([name]) => name.endsWith('.shp'))![1];
      // A polygon shapefile (type 5) with at least one record after its 100-byte header.
      expect(new DataView(shp.buffer, shp.byteOffset).getInt32(32, true)).toBe(5);
      expect(shp.length).toBeGreaterThan(100);
      await main.getByRole('status').filter({ hasText: 'Downloaded Wold_Farm_fields_2025.zip.' }).waitFor();
    },
    testTimeoutMs,
  );
});
