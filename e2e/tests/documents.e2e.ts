import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { makeExecutable, makePdf, makePhoto, makePng } from '../../server/src/testing/documentFixtures.ts';
import { signInTo } from '../support/appShellPage.ts';
import { MapPage } from '../support/mapPage.ts';
import { capture } from '../support/capture.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The document library of fields-croppings-maps §2, §5, §8 and session-shell §5, against the real server and
// its demo seed: the owner of Wold Farm uploads, looks at, edits and removes documents.
const pages = useAppPages();
const testTimeoutMs = 240_000;
const folder = mkdtempSync(join(tmpdir(), 'headland-documents-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A place inside the first field of Wold Farm that has a boundary, from the fields API with the tab's token. */
async function placeInAField(page: Page): Promise<{ lon: number; lat: number }> {
  return page.evaluate(async () => {
    const context = JSON.parse(sessionStorage.getItem('headland.context') ?? 'null') as {
      session?: { token: string };
    } | null;
    const token = context?.session?.token ?? sessionStorage.getItem('headland.accessToken');
    const response = await fetch('/api/fields/v1?year=2025', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const fields = (await response.json()) as { Boundary: { coordinates: number[][][][] } | null }[];
    const ring = fields.find((field) => field.Boundary)!.Boundary!.coordinates[0]![0]!;
    const lon = ring.slice(0, -1).reduce((sum, p) => sum + p[0]!, 0) / (ring.length - 1);
    const lat = ring.slice(0, -1).reduce((sum, p) => sum + p[1]!, 0) / (ring.length - 1);
    return { lon, lat };
  });
}

class LibraryDialog {
  constructor(readonly page: Page) {}
  get root(): Locator {
    return this.page.getByRole('dialog', { name: 'Document library' });
  }
  static async open(page: Page): Promise<LibraryDialog> {
    await page.getByRole('button', { name: /^User menu: / }).click();
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const dialog = new LibraryDialog(page);
    await dialog.root.waitFor();
    return dialog;
  }
  document(name: string): Locator {
    return this.root.getByRole('button', { name: `Open ${name}`, exact: true });
  }
  async choose(files: Parameters<import('playwright-core').FileChooser['setFiles']>[0]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.root.getByRole('button', { name: 'Browse' }).click();
    await (await chooser).setFiles(files);
  }
  get alert(): Locator {
    return this.root.getByRole('alert');
  }
}

function properties(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Document properties' });
}

describe('the document library', () => {
  it(
    'uploads photos, a PDF and a PNG, shows them in three sizes, their properties, and edits and removes one',
    async () => {
      const page = await pages.open();
      await signInTo(page, 'client@headland.example', 'Wold Farm', 2025);
      const place = await placeInAField(page);
      const photo = await makePhoto({ takenAt: '2025:06:01 12:30:00', ...place, width: 1200, height: 900 });
      const second = await makePhoto({
        takenAt: '2025:05:20 09:00:00',
        lon: place.lon + 0.0002,
        lat: place.lat,
        colour: '#a05030',
      });
      const library = await LibraryDialog.open(page);
      await library.choose([
        { name: 'blackgrass.jpg', mimeType: 'image/jpeg', buffer: photo },
        { name: 'flooded corner.jpg', mimeType: 'image/jpeg', buffer: second },
        { name: 'soil report.pdf', mimeType: 'application/pdf', buffer: makePdf() },
        { name: 'plan.png', mimeType: 'image/png', buffer: await makePng() },
      ]);
      for (const name of ['blackgrass.jpg', 'flooded corner.jpg', 'soil report.pdf', 'plan.png']) {
        await library.document(name).waitFor();
      }
      await expect.poll(() => library.root.getByText('4 documents').count()).toBe(1);

      // Thumbnails in the three list sizes; the PDF shows its icon.
      for (const [size, pixels] of [
        ['Small', 96],
        ['Medium', 192],
        ['Large', 384],
      ] as const) {
        await library.root.getByText(size, { exact: true }).click();
        const image = library.document('blackgrass.jpg').getByRole('img', { name: 'blackgrass.jpg' });
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
          .toBe(pixels);
      }
      expect(
        await library.document('soil report.pdf').getByRole('img', { name: 'PDF document' }).count(),
      ).toBe(1);
      await capture(page, 'documents-library');

      // The photo's properties: its date taken and the map of where.
      await library.document('blackgrass.jpg').click();
      const popup = properties(page);
      await popup.waitFor();
      expect(await popup.getByLabel('Document date', { exact: true }).inputValue()).toBe('01/06/2025');
      expect(await popup.getByLabel('Upload date', { exact: true }).isDisabled()).toBe(true);
      await popup.getByRole('group', { name: 'Map of where the picture was taken' }).waitFor();
      await popup.getByRole('img', { name: 'Preview of blackgrass.jpg' }).waitFor();
      await capture(page, 'documents-properties');

      // On the map: both photos at their place, clustered until the map zooms in; a click opens the photo.
      await popup.getByRole('button', { name: 'Cancel' }).click();
      await library.root.getByRole('button', { name: 'Close', exact: true }).last().click();
      await library.root.waitFor({ state: 'detached' });
      const mapPage = new MapPage(page);
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Map layers', exact: true })
        .click();
      await mapPage.settled((state) => state.pictures === '2');
      for (let attempt = 0; attempt < 4 && !(await popup.isVisible()); attempt += 1) {
        const [x, y] = await mapPage.pixelOf([place.lon, place.lat]);
        // The pin stands on its tip: its body is above the place.
        await page.mouse.click(x, y - 22);
        await page.waitForTimeout(600);
        await mapPage.settled();
      }
      await popup.waitFor();
      expect(await popup.getByLabel('Name').inputValue()).toBe('blackgrass.jpg');
      await capture(page, 'documents-map');
      await popup.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Dashboard', exact: true })
        .click();
      const reopened = await LibraryDialog.open(page);
      await reopened.document('blackgrass.jpg').click();
      await popup.waitFor();

      // Edit name and year: the photo moves to 2026.
      await popup.getByLabel('Name').fill('');
      await popup.getByRole('button', { name: 'Save' }).click();
      await popup.getByText('Name is required.').waitFor();
      await popup.getByLabel('Name').fill('Blackgrass patch');
      await popup.getByLabel('Year').selectOption('2026');
      await popup.getByRole('button', { name: 'Save' }).click();
      await popup.waitFor({ state: 'detached' });
      await library.document('blackgrass.jpg').waitFor({ state: 'detached' });
      await library.root.getByLabel('Year').selectOption('2026');
      await library.document('Blackgrass patch').waitFor();

      // Delete, with the Remove warning.
      await library.document('Blackgrass patch').click();
      await popup.getByRole('button', { name: 'Delete' }).click();
      const warning = page.getByRole('dialog', { name: 'Remove warning' });
      await warning.getByText('Are you sure you want to remove this picture ?').waitFor();
      await warning.getByRole('button', { name: 'Yes' }).click();
      await popup.waitFor({ state: 'detached' });
      await library.document('Blackgrass patch').waitFor({ state: 'detached' });
    },
    testTimeoutMs,
  );

  it(
    'refuses 11 files, 101 MB and an executable renamed .jpg, each with its message',
    async () => {
      const page = await pages.open();
      await signInTo(page, 'client@headland.example', 'Wold Farm', 2025);
      const library = await LibraryDialog.open(page);
      const pdf = makePdf();
      await library.choose(
        Array.from({ length: 11 }, (_, i) => ({
          name: `report ${i}.pdf`,
          mimeType: 'application/pdf',
          buffer: pdf,
        })),
      );
      await library.alert
        .getByText(
          'Your selection is 11 files long, the maximum number of files you can select is 10. Please unselect some files.',
        )
        .waitFor();

      const big = join(folder, 'survey.pdf');
      const bytes = Buffer.alloc(101 * 1024 * 1024, 0x20);
      pdf.copy(bytes);
      writeFileSync(big, bytes);
      await library.choose([big]);
      await library.alert
        .getByText('The total files size is 101 MB. The maximum total files size is 100MB.')
        .waitFor();

      // The name passes the browser's check: the server reads the content and refuses it.
      await library.choose([{ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: makeExecutable() }]);
      await library.alert.getByText('Allowed file types are : jpg, jpeg, png, gif, pdf').waitFor();

      // A picture that cannot be decoded fails the import as a whole.
      const photo = await makePhoto();
      await library.choose([
        {
          name: 'broken.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.concat([photo.subarray(0, 600), Buffer.alloc(3000, 9)]),
        },
      ]);
      const failure = page.getByRole('dialog', { name: 'Import error' });
      await failure
        .getByText('There was an error during the import process. Be sure that the files are correct.')
        .waitFor();
      await failure.getByRole('button', { name: 'OK' }).click();
    },
    testTimeoutMs,
  );
  it(
    'is read-only for a member who only reads map layers: no upload, and Close alone in the properties',
    async () => {
      const owner = await pages.open();
      await signInTo(owner, 'balgray@headland.example', 'Mains of Balgray', 2025);
      const library = await LibraryDialog.open(owner);
      await library.choose([{ name: 'spray record.pdf', mimeType: 'application/pdf', buffer: makePdf() }]);
      await library.document('spray record.pdf').waitFor();

      const page = await pages.open();
      await signInTo(page, 'demo@headland.example', 'Mains of Balgray', 2025);
      const readOnly = await LibraryDialog.open(page);
      await readOnly.document('spray record.pdf').waitFor();
      expect(await readOnly.root.getByRole('button', { name: 'Browse' }).count()).toBe(0);
      await readOnly.document('spray record.pdf').click();
      const popup = properties(page);
      await popup.waitFor();
      expect(await popup.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
      for (const name of ['Delete', 'Save', 'Cancel']) {
        expect(await popup.getByRole('button', { name, exact: true }).count()).toBe(0);
      }
      await popup.getByRole('button', { name: 'Close', exact: true }).click();
      await popup.waitFor({ state: 'detached' });
    },
    testTimeoutMs,
  );
});
