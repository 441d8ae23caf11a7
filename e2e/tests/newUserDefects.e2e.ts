import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeExecutable, makePdf } from '../../server/src/testing/documentFixtures.ts';
import { callApi, openHoldingByApi } from '../support/apiSession.ts';
import { signInTo } from '../support/appShellPage.ts';
import { useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import { ManageHoldingsDialog } from '../support/holdingDialogs.ts';
import { LoginPage } from '../support/loginPage.ts';
import { useMailCapture } from '../support/mailCapture.ts';
import { middleOf, openMap } from '../support/mapPage.ts';
import { usePages } from '../support/pageFixture.ts';
import { ownerDialogTitle, PermissionsDialog } from '../support/permissionsDialog.ts';
import { useServer } from '../support/server.ts';

// Issue 24 part 4: defects a new user met on the screens, against the real server and its demo seed (Wold Farm,
// README "Demo logins"). Mail goes to a local SMTP catcher, so that the outbox really sends.
const mail = useMailCapture();
// Slow to start on a loaded machine: the demo seed runs at start.
const running = useServer({ env: mail.env, readyTimeoutMs: 850_000 });
const pages = usePages(useBrowser(), running);

const testTimeoutMs = 240_000;
const owner = 'client@headland.example';
const master = 'master@headland.example';
const holding = 'Wold Farm';

/** The editor address of a 2027 cropping of Wold Farm, from the fields API. */
async function croppingEditorPath(): Promise<string> {
  const token = await openHoldingByApi(running.server.url, owner, holding);
  const fields = await callApi<{ Croppings: { CroppingId: number }[] }[]>(
    running.server.url,
    token,
    'GET',
    '/api/fields/v1?year=2027',
  );
  const cropping = fields.flatMap((field) => field.Croppings)[0]!;
  return `/fields/cropping/${cropping.CroppingId}`;
}

describe('data layers named by the name rule', () => {
  it(
    'tells the 30 P Index layers apart by field, and the legend acts on the layer drawn on top',
    async () => {
      const mapPage = await openMap(await pages.open());
      const { page } = mapPage;
      await mapPage.button('Data layers').click();
      const tree = mapPage.dialog('Data layers');
      await tree.waitFor();
      const pIndex = tree.getByRole('checkbox', { name: /^Show P Index 2027 \(/ });
      await expect.poll(() => pIndex.count()).toBeGreaterThan(20);
      const names = await Promise.all(
        (await pIndex.all()).map((box) => box.getAttribute('aria-label').then((label) => label ?? '')),
      );
      // One row per field, each naming its field: no two alike.
      expect(new Set(names).size).toBe(names.length);
      await capture(page, 'defects-layer-names-by-type');

      // Two layers of one field: the last shown is drawn on top, and the legend describes it.
      const field = mapPage.fields.find(
        (each) => each.Boundary && names.includes(`Show P Index 2027 (${each.Name})`),
      )!;
      await tree.getByRole('checkbox', { name: `Show P Index 2027 (${field.Name})`, exact: true }).check();
      await tree.getByRole('checkbox', { name: `Show K mg/l 2027 (${field.Name})`, exact: true }).check();
      await tree.getByRole('button', { name: 'Close', exact: true }).click();
      await tree.waitFor({ state: 'hidden' });
      await mapPage.settled((state) => Number(state.dataLayers) === 2);
      const menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.settled((state) => Number(state.zoom) > 15);

      const legend = page.getByRole('region', { name: 'Key legend' });
      const chooser = legend.getByRole('combobox', { name: 'Layer' });
      expect(await chooser.inputValue()).toBe('K mg/l 2027');
      const details = page.getByRole('status', { name: 'Details' });
      const hover = async () => {
        const [x, y] = await mapPage.pixelOf(middleOf(field));
        await page.mouse.move(x + 3, y + 3);
        await page.mouse.move(x, y);
        await details.waitFor();
      };
      await hover();
      expect(await details.innerText()).toContain('K mg/l 2027');

      // Choosing the other layer in the legend brings it on top: what the legend says is what is drawn.
      await chooser.click();
      await legend.getByRole('option', { name: 'P Index 2027', exact: true }).click();
      await expect.poll(() => chooser.inputValue()).toBe('P Index 2027');
      await mapPage.settled();
      await hover();
      await expect.poll(() => details.innerText()).toContain('P Index 2027');
      await capture(page, 'defects-legend-top-layer');
    },
    testTimeoutMs,
  );
});

describe('document uploads', () => {
  it(
    'says Import error for a text file named .jpg, and no red alert outlives a later upload',
    async () => {
      const page = await pages.open();
      await signInTo(page, owner, holding, 2025);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Documents' }).click();
      const library = page.getByRole('dialog', { name: 'Document library' });
      await library.waitFor();
      const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
        const chooser = page.waitForEvent('filechooser');
        await library.getByRole('button', { name: 'Browse' }).click();
        await (await chooser).setFiles([file]);
      };

      await choose({
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just words, no picture'),
      });
      const failure = page.getByRole('dialog', { name: 'Import error' });
      await failure
        .getByText('There was an error during the import process. Be sure that the files are correct.')
        .waitFor();
      expect(await library.getByText('Allowed file types are', { exact: false }).count()).toBe(0);
      await capture(page, 'defects-document-import-error');
      await failure.getByRole('button', { name: 'OK' }).click();
      await failure.waitFor({ state: 'detached' });

      // A refused file leaves its alert until the next upload, which takes it away.
      await choose({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: makeExecutable() });
      await library
        .getByRole('alert')
        .getByText('Allowed file types are : jpg, jpeg, png, gif, pdf')
        .waitFor();
      await choose({ name: 'Soil report.pdf', mimeType: 'application/pdf', buffer: makePdf() });
      await library.getByRole('button', { name: 'Open Soil report.pdf', exact: true }).waitFor();
      expect(await library.getByRole('alert').count()).toBe(0);
    },
    testTimeoutMs,
  );
});

describe('the conflict dialog', () => {
  it(
    'says who changed what: you, in another tab, changed the cropping',
    async () => {
      const path = await croppingEditorPath();
      const first = await pages.open();
      await signInTo(first, owner, holding, 2027);
      const second = await pages.open();
      await signInTo(second, owner, holding, 2027);
      await first.goto(path);
      await second.goto(path);
      const description = (page: Page) =>
        page.getByRole('main').getByRole('textbox', { name: 'Description', exact: true });
      await description(first).waitFor();
      await description(second).waitFor();
      await description(first).fill('Rolled in March');
      await first.getByRole('main').getByRole('button', { name: 'Save' }).click();
      await description(first).waitFor({ state: 'detached' });
      await description(second).fill('Rolled in April');
      await second.getByRole('main').getByRole('button', { name: 'Save' }).click();
      const conflict = second.getByRole('dialog', { name: 'Conflict' });
      await conflict.waitFor();
      expect(await conflict.innerText()).toContain('Changed by: you, in another tab or window');
      expect(await conflict.innerText()).toContain('What changed: the cropping');
      await capture(second, 'defects-conflict-who-what');
    },
    testTimeoutMs,
  );
});

describe('reset password, step 1', () => {
  it(
    'gives the e-mail hint for not-an-email and sends nothing',
    async () => {
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      let sent = 0;
      page.on('request', (request) => {
        if (request.url().includes('/password/reset')) sent += 1;
      });
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('not-an-email');
      await email.blur();
      await page.getByText('Enter a valid e-mail address.').waitFor();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Enter a valid e-mail address.').waitFor();
      expect(sent).toBe(0);
    },
    testTimeoutMs,
  );
});

describe('the holding form and invitations', () => {
  it(
    'refuses a Starting Year of 2099, and an invitation reads Sent once its mail has left',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding);
      const manage = await ManageHoldingsDialog.open(shell);
      const edit = await manage.edit(holding);
      const startingYear = edit.dialog.getByLabel('Starting Year', { exact: true });
      const kept = await startingYear.inputValue();
      await startingYear.fill('2099');
      await edit.dialog.getByText(/^Starting Year cannot be later than \d{4}\.$/).waitFor();
      expect(await edit.saveButton.isDisabled()).toBe(true);
      await startingYear.fill(kept);
      await edit.dialog.getByText(/^Starting Year cannot be later than/).waitFor({ state: 'detached' });
      await edit.dialog.getByRole('button', { name: 'Cancel' }).click();
      await edit.dialog.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');

      const invited = 'fresh.hand@farm.example';
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      await dialog.openTab('Invitations');
      await dialog.root.getByLabel('Email address').fill(invited);
      await dialog.root.getByLabel('Initial access level').selectOption({ label: 'Operator' });
      await dialog.button('Send').click();
      await mail.waitFor(invited, () => true, 60_000);
      const row = dialog.root
        .getByRole('table', { name: 'Invitations to join this holding' })
        .getByRole('row', { name: invited, exact: true });
      await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain('Sent');
      expect(await row.innerText()).not.toContain('Waiting to be sent');
    },
    testTimeoutMs,
  );
});

describe('leaving the cropping editor through the main menu', () => {
  it(
    'asks before a menu link drops a typed change; staying keeps it, leaving goes',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, owner, holding, 2027);
      await page.goto(await croppingEditorPath());
      const description = page.getByRole('main').getByRole('textbox', { name: 'Description', exact: true });
      await description.waitFor();
      const editorPath = new URL(page.url()).pathname;
      const asked: string[] = [];
      let answer = false;
      page.on('dialog', (question) => {
        asked.push(question.message());
        void (answer ? question.accept() : question.dismiss());
      });

      await description.fill('Drilled late');
      await shell.menuEntry('Dashboard').click();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe('You have unsaved changes. Leave without saving?');
      expect(new URL(page.url()).pathname).toBe(editorPath);
      expect(await description.inputValue()).toBe('Drilled late');

      answer = true;
      await shell.menuEntry('Dashboard').click();
      await shell.dashboardHeading(holding).waitFor();
      expect(asked).toHaveLength(2);
    },
    testTimeoutMs,
  );
});

describe('custom base maps', () => {
  it(
    'lets a Master add a base map to the holding, refusing an http address, and offers it in the picker',
    async () => {
      const mapPage = await openMap(await pages.open(), master);
      const { page } = mapPage;
      await mapPage.button('Map options').click();
      await page.getByRole('button', { name: 'Custom base maps…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Custom base maps' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Drone survey');
      await dialog.getByRole('textbox', { name: 'Url' }).fill('http://tiles.example.com/{z}/{x}/{y}.png');
      await dialog.getByRole('textbox', { name: 'ZoomMin' }).fill('18');
      await dialog.getByRole('textbox', { name: 'ZoomMax' }).fill('12');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog
        .getByText(
          'Url must be an https tile address with {x}, {y} and {z}, or an https WMS address with its LAYERS.',
        )
        .waitFor();
      await dialog.getByText('ZoomMax cannot be lower than ZoomMin.').waitFor();
      await dialog
        .getByRole('textbox', { name: 'Url' })
        .fill('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
      await dialog.getByRole('textbox', { name: 'ZoomMax' }).fill('19');
      await dialog.getByRole('textbox', { name: 'West' }).fill('-0.3');
      await dialog.getByRole('textbox', { name: 'South' }).fill('53.2');
      await dialog.getByRole('textbox', { name: 'East' }).fill('0.1');
      await dialog.getByRole('textbox', { name: 'North' }).fill('53.5');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog
        .getByRole('table', { name: 'Custom base maps of the holding' })
        .getByText('Drone survey')
        .waitFor();
      await capture(page, 'defects-custom-basemaps');
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'detached' });

      await mapPage.button('Map options').click();
      await page.getByRole('combobox', { name: 'Base map' }).click();
      await page.getByRole('option', { name: 'Drone survey' }).waitFor();
    },
    testTimeoutMs,
  );
});
