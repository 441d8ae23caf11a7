import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInTo, waitForOpaque, type AppShellPage } from '../support/appShellPage.ts';
import { capture } from '../support/capture.ts';
import { useAppPages } from '../support/pageFixture.ts';
import { britishNationalGridPrj, writeZippedShapefile } from '../../server/src/testing/shapefileWriter.ts';

// The Fields module (fields-croppings-maps §2, §5) against the real server and the demo seed: the owner of
// Wold Farm (crop years 2025–2027). Tests share one server and each works on fields it creates itself.
const pages = useAppPages();

/** Generous: the suite must pass on a loaded two-core machine. */
const testTimeoutMs = 240_000;

const owner = 'client@headland.example';
const ownerHolding = 'Wold Farm';

/** Signs the owner in to Wold Farm in `year` and waits for the header to show that year. */
async function signIn(page: Page, year: number): Promise<AppShellPage> {
  const shell = await signInTo(page, owner, ownerHolding, year);
  await shell.waitForContext(ownerHolding, year);
  return shell;
}

async function openFieldList(page: Page, shell: AppShellPage): Promise<Locator> {
  await shell.menuEntry('Fields').click();
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Fields', exact: true }).waitFor();
  const table = main.getByRole('table');
  await table.waitFor();
  return table;
}

/** Creates a field of the given whole area from the list's New field dialog; lands on its details. */
async function createField(page: Page, shell: AppShellPage, name: string, areaHa: string): Promise<void> {
  await openFieldList(page, shell);
  await page.getByRole('main').getByRole('button', { name: 'New field' }).click();
  const dialog = page.getByRole('dialog', { name: 'New field' });
  await dialog.waitFor();
  await waitForOpaque(dialog);
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('spinbutton', { name: /^Whole area/ }).fill(areaHa);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('main').getByRole('heading', { name }).first().waitFor();
}

/** The cropping editor of the open field's current year. */
async function openNewCropping(page: Page, year: number): Promise<Locator> {
  await page
    .getByRole('main')
    .getByRole('link', { name: `Add a cropping in ${year}` })
    .click();
  const main = page.getByRole('main');
  await main.getByText('New cropping', { exact: false }).first().waitFor();
  return main;
}

async function pickCrop(editor: Locator, crop: string): Promise<void> {
  const input = editor.getByLabel(/^Crop( \*)?$/);
  await input.fill(crop);
  await editor.page().getByRole('option', { name: crop, exact: true }).click();
  // Salads ask whether the crop is under protection.
  if (crop === 'Radish') await chooseOption(editor, /^Protection/, 'Temporary protection');
}

async function saveCropping(editor: Locator): Promise<void> {
  const save = editor.getByRole('button', { name: 'Save' });
  expect(await save.isEnabled()).toBe(true);
  await save.click();
  await editor.getByRole('heading', { name: /New cropping/ }).waitFor({ state: 'detached' });
}

/** A radish cropping: a crop that asks for no crop details. */
async function addRadish(editor: Locator, sowing: string, harvest: string, area: string): Promise<void> {
  await pickCrop(editor, 'Radish');
  await typeDate(editor, 'Sowing date', sowing);
  await typeDate(editor, 'Harvest date', harvest);
  await fillArea(editor, area);
  await saveCropping(editor);
}

/** Types the cropping's area; the number box reads it when left. */
async function fillArea(editor: Locator, area: string): Promise<void> {
  const input = editor.getByRole('spinbutton', { name: /^Area/ });
  await input.fill(area);
  await input.press('Tab');
}

/** Picks an option of one of the editor's drop-down lists. */
async function chooseOption(editor: Locator, label: RegExp, option: string): Promise<void> {
  await editor.getByLabel(label).click();
  await editor.page().getByRole('option', { name: option, exact: true }).click();
}

/** Types a date as dd/mm/yyyy and leaves the box, which is when the picker reads it. */
async function typeDate(editor: Locator, label: string, date: string): Promise<void> {
  const input = editor.getByRole('textbox', { name: label, exact: true });
  await input.fill(date);
  await input.press('Tab');
}

function datesAlert(editor: Locator): Locator {
  return editor.getByRole('alert').filter({ hasText: 'Please check the dates' });
}

async function expectDateMessages(editor: Locator, messages: string[]): Promise<void> {
  const alert = datesAlert(editor);
  for (const message of messages) await alert.getByText(message, { exact: true }).waitFor();
  const shown = (await alert.innerText()).trim();
  for (const message of messages) expect(shown).toContain(message);
}

describe('fields and croppings', () => {
  it(
    'creates a field and adds a cropping with typed dates, showing each date error on the way',
    async () => {
      const page = await pages.open();
      const shell = await signIn(page, 2027);
      await createField(page, shell, 'E2E Long Acre', '10');
      await capture(page, 'fields-01-new-field');

      const editor = await openNewCropping(page, 2027);
      await pickCrop(editor, 'Winter wheat');
      const save = editor.getByRole('button', { name: 'Save' });

      // Harvest before sowing.
      await typeDate(editor, 'Sowing date', '20/09/2026');
      await typeDate(editor, 'Harvest date', '01/09/2026');
      await expectDateMessages(editor, ['The sowing date must be before the harvest or destruction date.']);
      expect(await save.isDisabled()).toBe(true);
      await capture(page, 'fields-02-date-order-error');

      // Sowing outside crop year 2027 (1 August 2026 to 31 July 2027).
      await typeDate(editor, 'Harvest date', '10/08/2027');
      await typeDate(editor, 'Sowing date', '20/09/2025');
      await expectDateMessages(editor, [
        'The dates do not fit crop year 2027: sowing must be between 01/08/2026 and 31/07/2027, and harvest or destruction no later than 31/07/2028.',
      ]);
      expect(await save.isDisabled()).toBe(true);

      // A destruction more than two crop years after sowing, and after the end of the next crop year.
      await typeDate(editor, 'Sowing date', '20/09/2026');
      await typeDate(editor, 'Destruction date', '01/09/2028');
      await expectDateMessages(editor, [
        'The sowing and the harvest or destruction dates must not be more than two consecutive crop years apart.',
        'The destruction date must not be after 31/07/2028, the end of the next crop year.',
      ]);
      expect(await save.isDisabled()).toBe(true);
      await capture(page, 'fields-03-two-years-error');

      await typeDate(editor, 'Destruction date', '');
      await datesAlert(editor).waitFor({ state: 'detached' });
      // Clearing the destruction date leaves the Destroyed box as it was.
      await editor.getByRole('checkbox', { name: 'Destroyed' }).uncheck();
      await chooseOption(editor, /^Purpose/, 'Milling');
      await chooseOption(editor, /^Residue/, 'Baled');
      // The variety list is the catalogue's, not only what the holding has grown before.
      await editor.getByLabel('Variety', { exact: true }).fill('Sky');
      await page.getByRole('option', { name: 'Skyfall', exact: true }).click();
      expect(await save.isEnabled()).toBe(true);
      await save.click();
      const croppings = page.getByRole('main').getByRole('region', { name: 'Crop year 2027' });
      await croppings.getByRole('link', { name: 'Winter wheat' }).waitFor();
      const row = croppings.getByRole('row').filter({ hasText: 'Winter wheat' });
      expect(await row.innerText()).toContain('20/09/2026');
      expect(await row.innerText()).toContain('10/08/2027');
      expect(await row.innerText()).toContain('Skyfall');
      await capture(page, 'fields-04-cropping-saved');
    },
    testTimeoutMs,
  );

  it(
    'shows the concurrent-crops message when two croppings at the same time cover more than the field',
    async () => {
      const page = await pages.open();
      const shell = await signIn(page, 2027);
      await createField(page, shell, 'E2E Twin Crops', '6');
      let editor = await openNewCropping(page, 2027);
      await addRadish(editor, '01/04/2027', '01/06/2027', '4');
      editor = await openNewCropping(page, 2027);
      await pickCrop(editor, 'Radish');
      await typeDate(editor, 'Sowing date', '15/04/2027');
      await typeDate(editor, 'Harvest date', '15/06/2027');
      await fillArea(editor, '3');
      await editor
        .getByText(
          'There are other crops at the same time on this field, and the overall cropped area (7.00 ha) exceeds that of the field (6.00 ha). Please check the dates and area.',
          { exact: true },
        )
        .waitFor();
      expect(await editor.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await capture(page, 'fields-05-concurrent-crops');
    },
    testTimeoutMs,
  );

  it(
    'shows a perennial sown in 2026 continuing into 2027, and the invalid-dates warning on the timeline',
    async () => {
      const page = await pages.open();
      const shell = await signIn(page, 2026);
      await createField(page, shell, 'E2E Ley Field', '8');
      let editor = await openNewCropping(page, 2026);
      await pickCrop(editor, 'Rhubarb');
      await typeDate(editor, 'Sowing date', '03/09/2025');
      await fillArea(editor, '2');
      await saveCropping(editor);
      await page
        .getByRole('main')
        .getByRole('region', { name: 'Crop year 2026' })
        .getByRole('link', { name: 'Rhubarb' })
        .waitFor();

      // A 2026 crop lifted in September 2026, and a 2027 crop sown before that: small enough that the area check
      // accepts them, but the later one starts before the earlier one ends, which the timeline flags.
      editor = await openNewCropping(page, 2026);
      await addRadish(editor, '02/05/2026', '20/09/2026', '1');

      await shell.openYearMenu();
      await page.getByRole('menuitem', { name: '2027', exact: true }).click();
      await shell.waitForContext(ownerHolding, 2027);
      await page.getByRole('main').getByRole('heading', { name: 'E2E Ley Field' }).first().waitFor();
      editor = await openNewCropping(page, 2027);
      await addRadish(editor, '05/09/2026', '10/10/2026', '1');

      await page.getByRole('main').getByRole('link', { name: 'Timeline', exact: true }).click();
      const timeline = page.getByRole('main').getByRole('region', { name: /timeline/i });
      await timeline.waitFor();
      // A bar is named by what it shows, in sentences, and by what its arrow means.
      const ley = timeline.getByRole('button', {
        name: /^Rhubarb ?\. 03\/09\/2025 – .*Continues into 2027/,
      });
      await ley.waitFor();
      const late = timeline.getByRole('button', {
        name: /^Radish ?\. 05\/09\/2026 – 10\/10\/2026 ?\. This crop has invalid dates, and may not be represented accurrately in the timeline\.$/,
      });
      await late.waitFor();
      await late
        .getByText('This crop has invalid dates, and may not be represented accurrately in the timeline.', {
          exact: false,
        })
        .waitFor();
      await late.scrollIntoViewIfNeeded();
      await capture(page, 'fields-06-timeline');
    },
    testTimeoutMs,
  );

  it(
    'imports a zipped shapefile of three fields and lists them with their areas',
    async () => {
      const page = await pages.open();
      const shell = await signIn(page, 2027);
      await openFieldList(page, shell);
      await page.getByRole('main').getByRole('link', { name: 'Import boundaries', exact: true }).click();
      const main = page.getByRole('main');
      const chooser = page.waitForEvent('filechooser');
      await main.getByRole('button', { name: 'Browse', exact: true }).click();
      await (
        await chooser
      ).setFiles({
        name: 'e2e-fields.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(threeFieldShapefile()),
      });
      const features = main.getByRole('table', { name: 'Features of the file' });
      await features.waitFor();
      expect(await features.getByRole('row').count()).toBe(4);
      await capture(page, 'fields-07-import-preview');
      await main.getByRole('button', { name: 'Import', exact: true }).click();
      await main.getByText('3 fields were created.', { exact: true }).waitFor();

      const table = await openFieldList(page, shell);
      for (const [name, area] of importedFields) {
        const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
        await row.waitFor();
        const cells = await row.getByRole('cell').allInnerTexts();
        expect(Math.abs(Number(cells[2]) - area)).toBeLessThan(0.02);
      }
      await capture(page, 'fields-08-imported-fields');
    },
    testTimeoutMs,
  );
});

/** Names and areas (ha) of the shapefile's fields: rectangles in British National Grid metres. */
const importedFields: [string, number][] = [
  ['E2E North Piece', 4],
  ['E2E Long Strip', 3],
  ['E2E Corner Plot', 1.5],
];

function rectangle(x: number, y: number, width: number, height: number): number[][][][] {
  return [
    [
      [
        [x, y],
        [x + width, y],
        [x + width, y + height],
        [x, y + height],
        [x, y],
      ],
    ],
  ];
}

function threeFieldShapefile(): Uint8Array {
  const x = 440_000;
  const y = 460_000;
  return writeZippedShapefile({
    name: 'e2e-fields',
    prj: britishNationalGridPrj,
    columns: [{ name: 'NAME', type: 'C', length: 40 }],
    features: [
      { polygons: rectangle(x, y, 200, 200), properties: { NAME: 'E2E North Piece' } },
      { polygons: rectangle(x + 300, y, 300, 100), properties: { NAME: 'E2E Long Strip' } },
      { polygons: rectangle(x, y + 300, 100, 150), properties: { NAME: 'E2E Corner Plot' } },
    ],
  });
}
