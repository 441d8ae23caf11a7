import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../server/src/testing/documentFixtures.ts';
import { signInTo } from '../support/appShellPage.ts';
import { fieldNamed, middleOf, openMap, outerRing } from '../support/mapPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// Issue 12, defect 8: Back, reload or closing the tab in the middle of an edit asks first, in the field dialog
// in the map's boundary editor and in the document properties; an unchanged form lets the page go without a
// question. Demo seed, Wold Farm; nothing is saved but one uploaded document.
const pages = useAppPages();

const testTimeoutMs = 180_000;
const owner = 'client@headland.example';
const holding = 'Wold Farm';
const question = 'confirm: You have unsaved changes. Leave without saving?';

/** Records every question the page asks, answering each with 'stay' (dismiss). */
function questionsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type() === 'beforeunload' ? 'beforeunload' : `${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return asked;
}

/** Reloads the page; a reload the user declined at the browser's question never ends, so it is not awaited. */
function reload(page: Page): void {
  void page.reload({ timeout: 5_000 }).catch(() => undefined);
}

/** Signs in, opens the first field's details and answers its address. */
async function openFieldDetails(page: Page): Promise<string> {
  const shell = await signInTo(page, owner, holding);
  await shell.menuEntry('Fields').click();
  await page.getByRole('main').getByRole('heading', { name: 'Fields', exact: true }).waitFor();
  const table = page.getByRole('main').getByRole('table');
  await table.waitFor();
  await table.getByRole('link').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/fields/details/'));
  return new URL(page.url()).pathname;
}

describe('leaving the field dialog', () => {
  it(
    'asks before Back or reload drops a change, and lets an unchanged dialog go',
    async () => {
      const page = await pages.open();
      const detailsPath = await openFieldDetails(page);
      const asked = questionsOf(page);
      const main = page.getByRole('main');
      const dialog = page.getByRole('dialog', { name: 'Edit field' });
      const fieldNumber = dialog.getByRole('textbox', { name: 'Field number', exact: true });

      // Unchanged: reload goes without a question.
      await main.getByRole('button', { name: 'Edit', exact: true }).click();
      await fieldNumber.waitFor();
      await page.reload();
      await main.getByRole('button', { name: 'Edit', exact: true }).click();
      await fieldNumber.waitFor();
      expect(asked).toEqual([]);

      // Changed: Back asks, and staying keeps the dialog and the change.
      await fieldNumber.fill('A-17');
      await page.goBack();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe(question);
      expect(new URL(page.url()).pathname).toBe(detailsPath);
      expect(await fieldNumber.inputValue()).toBe('A-17');

      // Reload asks the browser's own question; staying keeps the change.
      reload(page);
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[1]).toBe('beforeunload');
      expect(await fieldNumber.inputValue()).toBe('A-17');

      // Cancel drops the change: Back then leaves the page without a question.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.goBack();
      await page.waitForURL((url) => url.pathname !== detailsPath);
      expect(asked).toHaveLength(2);
    },
    testTimeoutMs,
  );
});

describe("leaving the map's boundary editor", () => {
  it(
    'asks before Back or reload drops a moved corner, and lets an unchanged boundary go',
    async () => {
      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      const asked = questionsOf(page);
      const field = fieldNamed(mapPage, 'Middle Field');
      const panel = mapPage.dialog('Boundary of Middle Field');
      const openEditor = async () => {
        const menu = await mapPage.contextMenuAt(middleOf(field));
        await menu.getByRole('menuitem', { name: 'Edit boundary', exact: true }).click();
        await panel.getByLabel('Boundary area').waitFor();
      };

      // Unchanged: reload goes without a question.
      await openEditor();
      await page.reload();
      await mapPage.settled((state) => Number(state.fieldsInView) > 0);
      expect(asked).toEqual([]);

      // A corner moved: Back asks, and staying keeps the editor and its change.
      await openEditor();
      const area = panel.getByLabel('Boundary area');
      const original = await area.innerText();
      const [x, y] = await mapPage.pixelOf(outerRing(field)[0]!);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 20, y - 15, { steps: 4 });
      await page.mouse.move(x - 40, y - 30, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => area.innerText()).not.toBe(original);
      const mapPath = new URL(page.url()).pathname;
      await page.goBack();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe(question);
      expect(new URL(page.url()).pathname).toBe(mapPath);
      expect(await area.innerText()).not.toBe(original);

      reload(page);
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[1]).toBe('beforeunload');
      expect(await panel.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);

      // Cancel gives the boundary back: reload then goes without a question.
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await panel.waitFor({ state: 'hidden' });
      await page.reload();
      await mapPage.settled((state) => Number(state.fieldsInView) > 0);
      expect(asked).toHaveLength(2);
    },
    testTimeoutMs,
  );

  it(
    'asks once a new field has a first corner or a name, and not when the drawing was given up',
    async () => {
      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      const asked = questionsOf(page);
      const box = (await mapPage.map.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.6];
      await mapPage.button('New field').click();
      const panel = mapPage.dialog('New field');
      const name = panel.getByRole('textbox', { name: 'Name' });
      await name.waitFor();

      // A first corner placed: Back asks. The corners are kept left of the panel floating over the map, where a
      // click would land on the panel instead.
      const panelBox = (await panel.boundingBox())!;
      const right = Math.min(x, panelBox.x - 40);
      expect(right - 60).toBeGreaterThan(box.x + 40);
      await page.mouse.click(right - 60, y);
      await page.mouse.click(right, y);
      await page.goBack();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe(question);

      // Escape gives the drawing up: nothing left to lose, reload goes without a question.
      await page.keyboard.press('Escape');
      await page.reload();
      await mapPage.settled((state) => Number(state.fieldsInView) > 0);
      expect(asked).toHaveLength(1);

      // A name typed is a change too.
      await mapPage.button('New field').click();
      await name.fill('Beck Corner');
      reload(page);
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[1]).toBe('beforeunload');
      expect(await name.inputValue()).toBe('Beck Corner');
    },
    testTimeoutMs,
  );
});

describe('leaving the document properties', () => {
  it(
    'asks before Back drops an edited description, and lets unchanged properties go',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding);
      const asked = questionsOf(page);
      const openLibrary = async () => {
        await shell.userMenuButton.click();
        await page.getByRole('menuitem', { name: 'Documents' }).click();
        const library = page.getByRole('dialog', { name: 'Document library' });
        await library.waitFor();
        return library;
      };
      const library = await openLibrary();
      const chooser = page.waitForEvent('filechooser');
      await library.getByRole('button', { name: 'Browse' }).click();
      await (
        await chooser
      ).setFiles([{ name: 'spray plan.pdf', mimeType: 'application/pdf', buffer: makePdf() }]);
      const document = library.getByRole('button', { name: 'Open spray plan.pdf', exact: true });
      const popup = page.getByRole('dialog', { name: 'Document properties' });
      const description = popup.getByLabel('Description');

      // Unchanged: reload goes without a question.
      await document.click();
      await description.waitFor();
      await page.reload();
      await shell.userMenuButton.waitFor();
      expect(asked).toEqual([]);

      // Changed: Back asks, and staying keeps the change.
      await (await openLibrary()).getByRole('button', { name: 'Open spray plan.pdf', exact: true }).click();
      await description.fill('Before drilling');
      const path = new URL(page.url()).pathname;
      await page.goBack();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe(question);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await description.inputValue()).toBe('Before drilling');

      reload(page);
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[1]).toBe('beforeunload');
      expect(await description.inputValue()).toBe('Before drilling');
    },
    testTimeoutMs,
  );
});
