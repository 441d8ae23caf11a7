import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInTo, waitForOpaque } from '../support/appShellPage.ts';
import { capture } from '../support/capture.ts';
import { LoginPage } from '../support/loginPage.ts';
import { ManageHoldingsDialog } from '../support/holdingDialogs.ts';
import { openMap } from '../support/mapPage.ts';
import { ownerDialogTitle, PermissionsDialog } from '../support/permissionsDialog.ts';
import { useAppPages } from '../support/pageFixture.ts';

// Defects users met on the screens (issue 12): the map for the Access role, a deleted field asked for again, the
// timeline, and the shell around the modules. The demo seed: Wold Farm, crop years 2025 to 2027. Tests share
// one server; the one that opens crop year 2028 and the one that deletes a field change nothing the others read.
const pages = useAppPages();

const testTimeoutMs = 240_000;
const owner = 'client@headland.example';
const holding = 'Wold Farm';

/** Whether a button is wholly inside the window and nothing covers its middle. */
async function inView(page: Page, button: Locator): Promise<boolean> {
  const box = await button.boundingBox();
  const size = page.viewportSize()!;
  if (!box || box.x < 0 || box.y < 0) return false;
  if (box.y + box.height > size.height || box.x + box.width > size.width) return false;
  return button.evaluate(
    (element, [x, y]) => {
      const top = document.elementFromPoint(x!, y!);
      return top !== null && (element === top || element.contains(top));
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}

/** The text of every error dialog the page shows. */
async function errorDialogs(page: Page): Promise<string[]> {
  return page.getByRole('alertdialog').allInnerTexts();
}

describe('the Access role', () => {
  it(
    'opens Map layers with its fields drawn and no permission error',
    async () => {
      const page = await pages.open();
      const refused: string[] = [];
      page.on('response', (response: Response) => {
        if (response.status() === 403) refused.push(new URL(response.url()).pathname);
      });
      const mapPage = await openMap(page, 'access@headland.example');
      const state = await mapPage.settled((each) => Number(each.croppingsInView) > 0);
      expect(Number(state.fieldsInView)).toBeGreaterThan(20);
      expect(refused).toEqual([]);
      expect(await page.getByText('You do not have permission to view fields').count()).toBe(0);
      // Nothing to change and no field pages for this role: the map's own tools only.
      expect(await mapPage.button('New field').count()).toBe(0);
      await capture(page, 'screens-01-access-map');
    },
    testTimeoutMs,
  );
});

describe('the fields screens', () => {
  it(
    'does not ask for a field again once it is deleted',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding);
      await shell.menuEntry('Fields').click();
      await page.getByRole('main').getByRole('heading', { name: 'Fields', exact: true }).waitFor();
      const table = page.getByRole('main').getByRole('table');
      await table.waitFor();
      const link = table.getByRole('link').last();
      const name = (await link.innerText()).trim();
      await link.click();
      await page.getByRole('main').getByRole('heading', { name, level: 3 }).waitFor();
      const fieldPath = new URL(page.url()).pathname;
      const fieldId = fieldPath.split('/').at(-1)!;

      const afterDelete: string[] = [];
      let deleted = false;
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (request.method() === 'DELETE' && path === `/api/fields/v1/${fieldId}`) deleted = true;
        else if (deleted && path === `/api/fields/v1/${fieldId}`) afterDelete.push(request.method());
      });
      const notFound: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
      });

      await page.getByRole('main').getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete field' });
      await dialog.waitFor();
      await waitForOpaque(dialog);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL((url) => url.pathname === '/fields');
      await table.waitFor();
      await expect.poll(() => table.getByRole('link', { name, exact: true }).count()).toBe(0);
      // Time for any late request to show itself.
      await page.waitForTimeout(1_500);
      expect(deleted).toBe(true);
      expect(afterDelete).toEqual([]);
      expect(notFound).toEqual([]);
      expect(await errorDialogs(page)).toEqual([]);
      // Back does not lead to the deleted field's page either.
      await page.goBack();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).not.toBe(fieldPath);
      expect(afterDelete).toEqual([]);
    },
    testTimeoutMs,
  );

  it(
    'opens the timeline on the current crop year with months, and keeps field names in view sideways',
    async () => {
      const page = await pages.open();
      await page.setViewportSize({ width: 1366, height: 768 });
      const shell = await signInTo(page, owner, holding, 2027);
      await shell.menuEntry('Fields').click();
      await page.getByRole('main').getByRole('link', { name: 'Timeline', exact: true }).click();
      const timeline = page.getByRole('main').getByRole('region', { name: /timeline/i });
      await timeline.waitFor();
      await timeline.getByRole('button').first().waitFor();
      const viewport = timeline.locator('xpath=..');
      const view = (await viewport.evaluate((element) => {
        // The scrolling element is the nearest ancestor that scrolls sideways.
        let node: HTMLElement | null = element as HTMLElement;
        while (node && !['auto', 'scroll'].includes(getComputedStyle(node).overflowX))
          node = node.parentElement;
        const box = node!.getBoundingClientRect();
        return { left: box.left, right: box.right, scrollLeft: node!.scrollLeft };
      })) as { left: number; right: number; scrollLeft: number };
      expect(view.scrollLeft).toBeGreaterThan(0);

      // The current year's label is on screen, and so are the months of its harvest (January 2027).
      const yearLabel = timeline.getByText('2027', { exact: true });
      const yearBox = (await yearLabel.boundingBox())!;
      expect(yearBox.x).toBeGreaterThanOrEqual(view.left);
      expect(yearBox.x).toBeLessThan(view.right);
      const january = timeline.locator('[data-month="2027-01"]');
      expect(await january.innerText()).toBe('Jan');
      const januaryBox = (await january.boundingBox())!;
      expect(januaryBox.x).toBeGreaterThan(view.left);
      expect(januaryBox.x).toBeLessThan(view.right);
      expect(await timeline.locator('[data-month]').count()).toBe(36);
      await capture(page, 'screens-02-timeline');

      // Scrolled back to the start and then to the end: the first field's name stays at the left edge.
      const firstName = timeline.getByRole('heading', { level: 4 }).first();
      await viewport.evaluate((element) => {
        let node: HTMLElement | null = element as HTMLElement;
        while (node && !['auto', 'scroll'].includes(getComputedStyle(node).overflowX))
          node = node.parentElement;
        node!.scrollLeft = node!.scrollWidth;
      });
      await page.waitForTimeout(300);
      const nameBox = (await firstName.boundingBox())!;
      expect(nameBox.x).toBeGreaterThanOrEqual(view.left - 1);
      expect(nameBox.x).toBeLessThan(view.left + 20);
    },
    testTimeoutMs,
  );
});

describe('dialogs and forms', () => {
  it(
    'keeps dialog footers in view, shows read-only inputs as such and cropping descriptions whole',
    async () => {
      const page = await pages.open();
      await page.setViewportSize({ width: 1366, height: 768 });
      const shell = await signInTo(page, owner, holding);
      for (const size of [
        { width: 1366, height: 768 },
        { width: 1400, height: 900 },
      ]) {
        await page.setViewportSize(size);
        const manage = await ManageHoldingsDialog.open(shell);
        const edit = await manage.edit(holding);
        expect(await inView(page, edit.saveButton)).toBe(true);
        expect(await inView(page, edit.cancelButton)).toBe(true);
        const previous = edit.dialog.getByLabel('Previous year total area (ha)');
        expect(await previous.getAttribute('readonly')).not.toBeNull();
        const background = await previous.evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(background).not.toBe('rgb(255, 255, 255)');
        await capture(page, `screens-08-edit-holding-${size.width}`);
        await edit.cancelButton.click();
        await edit.dialog.waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        await manage.dialog.waitFor({ state: 'detached' });

        const permissions = await PermissionsDialog.open(page, ownerDialogTitle);
        await permissions.openTab('Cropping');
        const close = permissions.root.getByRole('button', { name: 'Close', exact: true }).last();
        await close.waitFor();
        expect(await inView(page, close)).toBe(true);
        expect(await inView(page, permissions.root.getByRole('button', { name: 'Refresh' }))).toBe(true);
        const headings = permissions.root.getByRole('table').getByRole('rowheader');
        await headings.nth(3).waitFor();
        const cut = await headings.evaluateAll((cells) =>
          cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
        );
        expect(cut).toEqual([]);
        await capture(page, `screens-09-cropping-tab-${size.width}`);
        await close.click();
        await permissions.root.waitFor({ state: 'detached' });
      }
    },
    testTimeoutMs,
  );

  it(
    'asks before Back or closing the tab drops an edit, and takes no longer description than the server',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding);
      await shell.menuEntry('Fields').click();
      await page.getByRole('main').getByRole('heading', { name: 'Fields', exact: true }).waitFor();
      const table = page.getByRole('main').getByRole('table');
      await table.waitFor();
      await table.getByRole('link').first().click();
      const croppingLink = page.locator('main a[href^="/fields/cropping/"]').first();
      await croppingLink.click();
      await page.waitForURL((url) => url.pathname.startsWith('/fields/cropping/'));
      const editorPath = new URL(page.url()).pathname;
      const description = page.getByRole('main').getByRole('textbox', { name: 'Description', exact: true });
      await description.waitFor();
      await description.fill('d'.repeat(400));
      expect((await description.inputValue()).length).toBe(250);
      await description.fill('Drilled late after the wet spell');

      const asked: string[] = [];
      page.on('dialog', (dialog) => {
        asked.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goBack();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe('confirm: You have unsaved changes. Leave without saving?');
      expect(new URL(page.url()).pathname).toBe(editorPath);
      expect(await description.inputValue()).toBe('Drilled late after the wet spell');

      await page.close({ runBeforeUnload: true });
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[1]).toMatch(/^beforeunload/);
      expect(page.isClosed()).toBe(false);
      expect(await description.inputValue()).toBe('Drilled late after the wet spell');
    },
    testTimeoutMs,
  );

  it(
    'starts a polygon again with Escape or by choosing Polygon once three points in a line were drawn',
    async () => {
      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      // The middle of the map, clear of the panels along its top.
      const box = (await mapPage.map.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.6];
      await mapPage.button('New field').click();
      const panel = mapPage.dialog('New field');
      await panel.waitFor();
      const help = panel.getByText('Click on the map to add corners; double-click to finish.', {
        exact: false,
      });
      await help.waitFor();
      const line = async () => {
        await page.mouse.click(x - 60, y);
        await page.mouse.click(x, y);
        await page.mouse.dblclick(x + 60, y);
        await help.waitFor({ state: 'hidden' });
      };
      await line();
      await page.keyboard.press('Escape');
      await help.waitFor();
      await line();
      await panel.getByText('Polygon', { exact: true }).click();
      await help.waitFor();
      await capture(page, 'screens-10-polygon-again');
      await panel.getByRole('button', { name: 'Cancel' }).click();
    },
    testTimeoutMs,
  );
});

describe('the shell', () => {
  it(
    'shows the admin flag and the debug toggles to the master user, and neither to a client',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'master@headland.example', holding);
      await shell.userMenuButton.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await waitForOpaque(menu);
      expect(await menu.getByText('Admin', { exact: true }).count()).toBe(1);
      const showIds = menu.getByRole('switch', { name: 'Show IDs' });
      expect(await showIds.isChecked()).toBe(false);
      expect(await menu.getByRole('switch', { name: 'Auto refresh' }).count()).toBe(1);
      await capture(page, 'screens-03-user-menu');
      await showIds.click();
      await expect.poll(() => showIds.isChecked()).toBe(true);
      await expect.poll(() => shell.currentHolding.innerText()).toMatch(/^Wold Farm · 2027 \(ID \d+\)$/);

      const other = await pages.open();
      const client = await signInTo(other, owner, holding);
      await client.userMenuButton.click();
      const clientMenu = other.getByRole('menu');
      await clientMenu.waitFor();
      expect(await clientMenu.getByText('Admin', { exact: true }).count()).toBe(0);
      expect(await clientMenu.getByRole('switch').count()).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    'offers Log out on the terms and holding steps',
    async () => {
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      await login.signIn('newbie@headland.example');
      await login.termsHeading.waitFor();
      await page.getByRole('button', { name: 'Log out' }).click();
      await login.waitForPasswordStep();

      await login.signInToHoldingStep(owner);
      await page.getByRole('button', { name: 'Log out' }).click();
      await login.waitForPasswordStep();
    },
    testTimeoutMs,
  );

  it(
    'keeps the current holding apart from the matches and takes no more than the search allows',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding);
      const picker = await shell.openChangeHolding();
      await picker.search.fill('x'.repeat(5_000));
      expect((await picker.search.inputValue()).length).toBe(100);
      await picker.search.fill('Pen');
      const matches = picker.scope.getByRole('radiogroup', { name: 'Matching holdings' });
      await matches.waitFor();
      const current = picker.scope.getByRole('radiogroup', { name: 'Current holding' });
      expect(await current.getByRole('radio', { name: holding, exact: true }).isChecked()).toBe(true);
      expect(await matches.getByRole('radio', { name: holding, exact: true }).count()).toBe(0);
      expect(await errorDialogs(page)).toEqual([]);
      await capture(page, 'screens-04-holding-search');
    },
    testTimeoutMs,
  );

  it(
    'refuses blank names and keeps a long name from pushing the holding out of the header',
    async () => {
      const page = await pages.open();
      await page.setViewportSize({ width: 1366, height: 768 });
      const shell = await signInTo(page, 'manager@headland.example', holding);
      await shell.userMenuButton.click();
      await page.getByRole('menuitem', { name: 'Manage user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage user' });
      await dialog.waitFor();
      await waitForOpaque(dialog);
      const saves: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/user/v1/user') saves.push(request.method());
      });
      await dialog.getByLabel('First name').fill('   ');
      await dialog.getByLabel('Last name').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await dialog.getByText('Enter a name.').count()).toBe(2);
      expect(saves).toEqual([]);

      await dialog.getByLabel('First name').fill('Bartholomew-Maximilian Alexander');
      await dialog
        .getByLabel('Last name')
        .fill('Fotheringham-Cholmondeley-Featherstonehaugh of Upper Slaughter');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(saves).toEqual(['POST']);

      const holdingBox = (await shell.currentHolding.boundingBox())!;
      const menuBox = (await shell.userMenuButton.boundingBox())!;
      const yearBox = (await shell.yearButton.boundingBox())!;
      expect(await shell.currentHolding.innerText()).toBe('Wold Farm · 2027');
      expect(holdingBox.width).toBeGreaterThan(100);
      expect(holdingBox.x + holdingBox.width).toBeLessThanOrEqual(yearBox.x);
      expect(menuBox.width).toBeLessThanOrEqual(220);
      await capture(page, 'screens-05-long-name');

      // At 420 px the year button and the user menu stay clear of the product name.
      await page.setViewportSize({ width: 420, height: 800 });
      await page.waitForTimeout(300);
      const logo = (await page.getByRole('banner').getByRole('heading', { level: 1 }).boundingBox())!;
      const narrowYear = (await shell.yearButton.boundingBox())!;
      expect(logo.x + logo.width).toBeLessThanOrEqual(narrowYear.x);
      expect(narrowYear.x + narrowYear.width).toBeLessThanOrEqual(420);
      // The holding's name keeps a place between them; Change holding moves into the menu.
      const narrowHolding = (await shell.currentHolding.boundingBox())!;
      expect(narrowHolding.width).toBeGreaterThan(40);
      expect(narrowHolding.x + narrowHolding.width).toBeLessThanOrEqual(narrowYear.x);
      expect(await inView(page, shell.changeHoldingButton)).toBe(false);
      await page.getByRole('button', { name: 'Show or hide the main menu' }).click();
      await expect.poll(() => inView(page, shell.changeHoldingButton)).toBe(true);
      await capture(page, 'screens-06-header-420');
    },
    testTimeoutMs,
  );

  it(
    "offers 'Open a new crop year' only where it can open, and the dashboard tells it without a reload",
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding);
      expect(await shell.openYearMenu()).toEqual([2027, 2026, 2025]);
      await page.getByRole('menuitem', { name: 'Open a new crop year' }).click();
      await shell.waitForContext(holding, 2028);
      // 2028 is the latest year a holding may open in the 2027 harvest year: the next would be refused.
      expect(await shell.openYearMenu()).toEqual([2028, 2027, 2026, 2025]);
      expect(await page.getByRole('menuitem', { name: 'Open a new crop year' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await shell.menuEntry('Dashboard').click();
      const events = page.getByRole('main').getByRole('region', { name: 'Recent events' });
      await events.getByText(/opened the crop year 2028\.$/).waitFor();
      expect(await events.innerText()).not.toMatch(/HoldingCropYear|HoldingUser/);
      await capture(page, 'screens-07-dashboard-events');
    },
    testTimeoutMs,
  );
});
