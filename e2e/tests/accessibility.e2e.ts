import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInTo, waitForOpaque, type AppShellPage } from '../support/appShellPage.ts';
import { AxeAudit, axeContextOptions } from '../support/axeCheck.ts';
import { resultsDir } from '../support/browser.ts';
import { ManageHoldingsDialog } from '../support/holdingDialogs.ts';
import { LoginPage, stepTimeoutMs } from '../support/loginPage.ts';
import { linksIn, useMailCapture } from '../support/mailCapture.ts';
import { MapPage, middleOf, openMap } from '../support/mapPage.ts';
import { createSoilLayer, fieldsAndYear, openHolding, showLayer } from '../support/dataLayers.ts';
import { makePhoto } from '../../server/src/testing/documentFixtures.ts';
import { helpVideosSetting } from '../support/helpVideos.ts';
import { capture } from '../support/capture.ts';
import { usePages } from '../support/pageFixture.ts';
import { useBrowser } from '../support/browser.ts';
import { useServer } from '../support/server.ts';
import { ownerDialogTitle, PermissionsDialog } from '../support/permissionsDialog.ts';
import { agreeToTerms, fillContact } from '../support/signupWizard.ts';

// axe-core over every main screen and dialog (issue 24, part 6): no critical and no serious violation of WCAG A
// and AA. The mail catcher gives the server its SMTP_URL, for the sign-up and password reset links.
const mail = useMailCapture();
// A loaded machine can take minutes to start the server; the hook's own limit still applies.
// The mail capture fills in its SMTP_URL once its hook has run, so the videos join the same object.
Object.assign(mail.env, { HELP_VIDEOS: helpVideosSetting });
const running = useServer({ env: mail.env, readyTimeoutMs: 360_000 });
const pages = usePages(useBrowser(), running);
const testTimeoutMs = 300_000;
const owner = 'client@headland.example';
const holding = 'Wold Farm';

/** Every screen's numbers, written to test-results/axe-summary.json for the record. */
const summary: Record<string, { critical: number; serious: number }> = {};
afterAll(() => {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'axe-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
});

/** An audit whose numbers join the summary. */
function audit(): AxeAudit {
  const checks = new AxeAudit();
  const record = checks.check.bind(checks);
  checks.check = async (page, screen) => {
    await record(page, screen);
    summary[screen] = checks.counts.get(screen)!;
  };
  return checks;
}

function open(): Promise<Page> {
  return pages.open(axeContextOptions);
}

/** Waits for a dialog (or menu) to be shown and faded in: colours are checked as drawn. */
async function shown(element: Locator): Promise<Locator> {
  await element.waitFor({ timeout: stepTimeoutMs });
  await waitForOpaque(element);
  return element;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function openUserMenuItem(shell: AppShellPage, item: string): Promise<void> {
  await shell.userMenuButton.click();
  await shell.page.getByRole('menuitem', { name: item }).click();
}

describe('accessibility of every screen and dialog', () => {
  it(
    'the sign-in steps, the terms, the holding picker, the password reset request and the login-link dialog',
    async () => {
      const checks = audit();
      const page = await open();
      const login = new LoginPage(page);
      await login.open();
      await checks.check(page, 'sign-in: e-mail step');
      await login.enterEmail('newbie@headland.example');
      await checks.check(page, 'sign-in: password step');
      await login.password.fill('not the password');
      await login.signInButton.click();
      await login.error.waitFor();
      await checks.check(page, 'sign-in: refused');
      await login.password.fill('Harvest2026');
      await login.signInButton.click();
      await login.termsHeading.waitFor();
      await checks.check(page, 'sign-in: terms and conditions');
      await login.termsCheckbox.check();
      await login.acceptButton.click();
      await login.holdingHeading.waitFor();
      await page.getByRole('main').getByRole('radio').first().waitFor();
      await checks.check(page, 'holding and crop year picker');

      const other = await open();
      await new LoginPage(other).open();
      await other.getByRole('button', { name: 'Forgot password?' }).click();
      await other.getByRole('heading', { name: 'Reset password' }).waitFor();
      await other.getByLabel('Email', { exact: true }).fill('not-an-email');
      await other.getByRole('button', { name: 'Send' }).click();
      await other.getByText('Enter a valid e-mail address.').waitFor();
      await checks.check(other, 'password reset: step 1');

      await new LoginPage(other).open();
      await other.getByRole('button', { name: 'No account yet? Ask for a sign-up link' }).click();
      await checks.check(other, 'login-link dialog');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    "the dashboard, the header's menus and popups, and the user's own dialogs",
    async () => {
      const checks = audit();
      const page = await open();
      const shell = await signInTo(page, owner, holding);
      // The dashboard's cards (issue 26) come from their own call, and its map from its own code.
      await shown(page.getByRole('region', { name: /^The cropping of/ }));
      await shown(page.getByRole('region', { name: 'What needs attention' }));
      await page.locator('.dashboard-map[data-rendered="true"]').waitFor({ timeout: stepTimeoutMs });
      await checks.check(page, 'dashboard');

      await shell.yearButton.click();
      await shown(page.getByRole('menu', { name: 'Crop year' }));
      await checks.check(page, 'crop-year menu');
      await page.keyboard.press('Escape');

      // The crop-year menu may still be fading out, so the menu is found by its name.
      await shell.userMenuButton.click();
      await shown(page.getByRole('menu', { name: /^User menu/ }));
      await checks.check(page, 'user menu');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await shown(page.getByRole('dialog', { name: 'Notifications' }));
      await checks.check(page, 'notifications: events');
      await page.getByRole('dialog', { name: 'Notifications' }).getByText('Sessions').click();
      await checks.check(page, 'notifications: sessions');
      await page.keyboard.press('Escape');

      await shell.openChangeHolding();
      await checks.check(page, 'change holding dialog');
      await closeDialog(page, page.getByRole('dialog', { name: 'Choose a holding and crop year' }));

      await openUserMenuItem(shell, 'Manage user');
      const user = await shown(page.getByRole('dialog').first());
      await checks.check(page, 'user edit dialog');
      await closeDialog(page, user);

      await openUserMenuItem(shell, 'Change password');
      const password = await shown(page.getByRole('dialog').first());
      await checks.check(page, 'change password dialog');
      await closeDialog(page, password);

      await page.getByRole('button', { name: 'Help', exact: true }).click();
      const help = await shown(page.getByRole('dialog', { name: 'Help' }));
      await checks.check(page, 'help dialog');
      await help
        .getByRole('button', { name: /^Play video/ })
        .first()
        .click();
      await help.locator('iframe').waitFor();
      await checks.check(page, 'help dialog: video');
      await closeDialog(page, help);
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the fields list, a new field, field details, the cropping editor and the timeline',
    async () => {
      const checks = audit();
      const page = await open();
      const shell = await signInTo(page, owner, holding, 2025);
      await shell.menuEntry('Fields').click();
      const main = page.getByRole('main');
      const list = main.getByRole('table').first();
      await list.waitFor();
      await checks.check(page, 'fields list');

      await main.getByRole('button', { name: 'New field' }).click();
      const newField = await shown(page.getByRole('dialog', { name: 'New field' }));
      await checks.check(page, 'new field dialog');
      await closeDialog(page, newField);

      const link = list.getByRole('link').first();
      const name = (await link.innerText()).trim();
      await link.click();
      await main.getByRole('heading', { name, level: 3 }).waitFor();
      await checks.check(page, 'field details');

      await main.getByRole('link', { name: 'Add a cropping in 2025' }).click();
      await main.getByText('New cropping', { exact: false }).first().waitFor();
      await checks.check(page, 'cropping editor');
      await page.goBack();
      await main.getByRole('heading', { name, level: 3 }).waitFor();

      await shell.menuEntry('Fields').click();
      await main.getByRole('link', { name: 'Timeline', exact: true }).click();
      const timeline = main.getByRole('region', { name: /timeline/i });
      await timeline.getByRole('button').first().waitFor();
      await checks.check(page, 'timeline');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    "the map and its panels, the data layers' dialogs and the context menu",
    async () => {
      const checks = audit();
      const page = await open();
      const mapPage = new MapPage(page);
      const shell = await signInTo(page, owner, holding);
      await shell.menuEntry('Map layers').click();
      await mapPage.settled((state) => Number(state.fieldsInView) > 0);
      await checks.check(page, 'map');

      await mapPage.button('Map options').click();
      await shown(mapPage.dialog('Map options'));
      await checks.check(page, 'map options');
      await mapPage.button('Map options').click();
      await mapPage.dialog('Map options').waitFor({ state: 'hidden' });

      await mapPage.button('Tools').click();
      await shown(mapPage.dialog('Tools'));
      await checks.check(page, 'map tools');
      await mapPage.dialog('Tools').getByRole('button', { name: 'Close', exact: true }).click();

      for (const [button, dialog] of [
        ['Data layers', 'Data layers'],
        ['New requirement layer', 'New nutrient requirement layer'],
        ['New application layer', 'New application layer'],
        ['Import layer', undefined],
      ] as const) {
        await mapPage.button(button).click();
        const opened = await shown(dialog ? mapPage.dialog(dialog) : page.getByRole('dialog').last());
        await checks.check(page, `data layers: ${button}`);
        await opened
          .getByRole('button', { name: /^(Close|Cancel)$/ })
          .first()
          .click();
        await opened.waitFor({ state: 'hidden' });
      }

      const box = (await mapPage.map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
      await shown(page.getByRole('menu'));
      await checks.check(page, 'map context menu');
      await page.keyboard.press('Escape');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the Export screen',
    async () => {
      const checks = audit();
      const page = await open();
      const shell = await signInTo(page, owner, holding);
      // Below the menu's collapse height, Export sits in the Data group.
      await shell.menu.getByRole('button', { name: 'Data', exact: true }).click();
      await shell.menuEntry('Export').click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Export', level: 2 }).waitFor();
      await main.getByRole('radio', { name: 'Fields and croppings of a crop year' }).check();
      await checks.check(page, 'export');
      await capture(page, 'accessibility-export');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the document library, Manage holdings, Edit holding and the permissions dialog with its four tabs',
    async () => {
      const checks = audit();
      const page = await open();
      const shell = await signInTo(page, owner, holding);

      await openUserMenuItem(shell, 'Documents');
      const library = await shown(page.getByRole('dialog', { name: 'Document library' }));
      await checks.check(page, 'document library');
      await closeDialog(page, library);

      const manage = await ManageHoldingsDialog.open(shell);
      await checks.check(page, 'manage holdings');
      const edit = await manage.edit(holding);
      await waitForOpaque(edit.dialog);
      await checks.check(page, 'edit holding: holding tab');
      await edit.dialog.getByRole('tab').nth(1).click();
      await checks.check(page, 'edit holding: second tab');
      await closeDialog(page, edit.dialog);
      await closeDialog(page, manage.dialog);

      const permissions = await PermissionsDialog.open(page, ownerDialogTitle);
      for (const tab of await permissions.tabLabels()) {
        await permissions.openTab(tab);
        await checks.check(page, `permissions: ${tab}`);
      }
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the sign-up wizard from an invitation, and the new password step of a password reset',
    async () => {
      const checks = audit();
      const newcomer = 'ada.access@farm.example';
      const page = await open();
      const shell = await signInTo(page, owner, holding);
      const permissions = await PermissionsDialog.open(page, ownerDialogTitle);
      await permissions.openTab('Invitations');
      await permissions.root.getByLabel('Email address').fill(newcomer);
      await permissions.root.getByLabel('Initial access level').selectOption({ label: 'Operator' });
      await permissions.button('Send').click();
      await permissions.root.getByText(`An invitation has been sent to ${newcomer}.`).waitFor();
      await permissions.close();
      await shell.logOut();

      const invitation = await mail.waitFor(
        newcomer,
        (received) => /[?&]signup=/.test(received.text ?? ''),
        60_000,
      );
      const wizardPage = await open();
      await wizardPage.goto(linksIn(invitation).find((link) => link.includes('signup='))!);
      const wizard = wizardPage.getByRole('main');
      await wizard.getByRole('heading', { name: 'Terms and conditions', level: 3 }).waitFor();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('You must accept the terms and conditions.').waitFor();
      await checks.check(wizardPage, 'sign-up: terms step with errors');
      await agreeToTerms(wizard);
      await wizard.getByRole('heading', { name: 'Contact', level: 3 }).waitFor();
      await checks.check(wizardPage, 'sign-up: contact step');
      await fillContact(wizard, { firstName: 'Ada', lastName: 'Access', phone: '01507 600000' });
      // An invited person joins the holding that exists, so the password step follows.
      await wizard.getByRole('heading', { name: 'Password', level: 3 }).waitFor();
      await checks.check(wizardPage, 'sign-up: password step');

      // Someone without an invitation sets up a holding of their own: the holding step.
      const farmer = 'own.farm@farm.example';
      const linkPage = await open();
      await new LoginPage(linkPage).open();
      await linkPage.getByRole('button', { name: 'No account yet? Ask for a sign-up link' }).click();
      const linkDialog = linkPage.getByRole('dialog', { name: 'Sign up or reset your password' });
      await linkDialog.getByLabel('Email').fill(farmer);
      await linkDialog.getByRole('button', { name: 'Send me a sign-up link' }).click();
      await linkDialog.getByRole('status').getByText(`If ${farmer} can sign up`).waitFor();
      await checks.check(linkPage, 'sign-up link requested');
      const linkMessage = await mail.waitFor(
        farmer,
        (received) => /[?&]signup=/.test(received.text ?? ''),
        60_000,
      );
      await linkPage.goto(linksIn(linkMessage).find((link) => link.includes('signup='))!);
      const ownWizard = linkPage.getByRole('main');
      await ownWizard.getByRole('heading', { name: 'Terms and conditions', level: 3 }).waitFor();
      await agreeToTerms(ownWizard);
      await fillContact(ownWizard, { firstName: 'Owen', lastName: 'Farmer', phone: '+44 1738 600000' });
      await ownWizard.getByRole('heading', { name: 'Holding', level: 3 }).waitFor();
      await checks.check(linkPage, 'sign-up: holding step');

      const account = 'penlan@headland.example';
      const request = await open();
      await new LoginPage(request).open();
      await request.getByRole('button', { name: 'Forgot password?' }).click();
      await request.getByLabel('Email', { exact: true }).fill(account);
      await request.getByRole('button', { name: 'Send' }).click();
      await request.getByRole('status').getByText(`If an account uses ${account}`).waitFor();
      await checks.check(request, 'password reset: link sent');
      const message = await mail.waitFor(account, (received) => /password/i.test(received.subject));
      const reset = await open();
      await reset.goto(/https?:\/\/\S+[?&]resetPassword=[\w-]+/.exec(message.text ?? '')![0]);
      await reset.getByText(`Choose a new password for ${account}.`).waitFor();
      await reset.getByRole('button', { name: 'Save password' }).click();
      await checks.check(reset, 'password reset: step 2');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the maintenance panel during a window and the popup announcing one',
    async () => {
      const checks = audit();
      const hour = 3_600_000;
      const notice = (startOffset: number) => [
        {
          id: 1,
          startDate: new Date(Date.now() + startOffset).toISOString(),
          endDate: new Date(Date.now() + startOffset + 2 * hour).toISOString(),
          message: 'The database is being upgraded.',
        },
      ];
      const during = await open();
      await during.route('**/maintenance.json', (route) => route.fulfill({ json: notice(-hour) }));
      await during.goto('/');
      await during
        .getByRole('heading', { name: /maintenance/i })
        .first()
        .waitFor();
      await checks.check(during, 'maintenance panel');

      const before = await open();
      await before.route('**/maintenance.json', (route) => route.fulfill({ json: notice(2 * hour) }));
      // The popup announces the window on whatever screen is open, the sign-in screen included.
      await before.goto('/');
      await shown(before.getByRole('dialog').filter({ hasText: 'The database is being upgraded.' }));
      await checks.check(before, 'maintenance popup');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the map as the Access role sees it',
    async () => {
      const checks = audit();
      const page = await open();
      const mapPage = new MapPage(page);
      const shell = await signInTo(page, 'access@headland.example', holding);
      await shell.menuEntry('Map layers').click();
      await mapPage.settled((state) => Number(state.fieldsInView) > 0);
      await checks.check(page, 'map: Access role');
      checks.expectClean();
    },
    testTimeoutMs,
  );
  it(
    "the zone editor of a field's layer, and a photo's document properties with its map",
    async () => {
      const checks = audit();
      const { token, holdingId } = await openHolding(running.server.url);
      const { field, year } = await fieldsAndYear(running.server.url, token, holdingId);
      await createSoilLayer(running.server.url, token, field, year, 'Axe zones', 'Ppm', [10, 20, 30]);
      const mapPage = await openMap(await open());
      await showLayer(mapPage, 'Axe zones');
      const zoom = await mapPage.contextMenuAt(middleOf(field));
      await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.settled((state) => Number(state.zoom) > 15);
      await mapPage.button('Edit zones').click();
      const editor = await shown(mapPage.page.getByRole('dialog', { name: 'Zones of Axe zones' }));
      await editor.getByRole('table', { name: 'Zones' }).getByRole('row').nth(3).waitFor();
      await checks.check(mapPage.page, 'map: zone editor');

      const page = await open();
      const shell = await signInTo(page, owner, holding);
      const [lon, lat] = middleOf(field);
      const photo = await makePhoto({ takenAt: '2025:06:01 12:30:00', lon, lat, width: 1200, height: 900 });
      await openUserMenuItem(shell, 'Documents');
      const library = await shown(page.getByRole('dialog', { name: 'Document library' }));
      const chooser = page.waitForEvent('filechooser');
      await library.getByRole('button', { name: 'Browse' }).click();
      await (await chooser).setFiles([{ name: 'headland weeds.jpg', mimeType: 'image/jpeg', buffer: photo }]);
      await library.getByRole('button', { name: 'Open headland weeds.jpg', exact: true }).click();
      const properties = await shown(page.getByRole('dialog', { name: 'Document properties' }));
      await properties.getByRole('group', { name: 'Map of where the picture was taken' }).waitFor();
      await properties.getByRole('img', { name: 'Preview of headland weeds.jpg' }).waitFor();
      await checks.check(page, 'document properties of a photo');
      checks.expectClean();
    },
    testTimeoutMs,
  );

  it(
    'the dashboard, the fields list and the main menu on a phone',
    async () => {
      const checks = audit();
      const page = await open();
      await page.setViewportSize({ width: 390, height: 844 });
      const shell = await signInTo(page, owner, holding);
      await checks.check(page, 'phone: dashboard');
      // The closed menu is out of reach until the burger opens it.
      const navbar = page.locator('nav', { has: page.getByRole('link', { name: 'Fields', exact: true }) });
      expect(await navbar.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
      await page.getByRole('button', { name: 'Show or hide the main menu' }).click();
      await shown(shell.menu);
      expect(await navbar.evaluate((element) => (element as HTMLElement).inert)).toBe(false);
      await checks.check(page, 'phone: main menu');
      await shell.menuEntry('Fields').click();
      await page.getByRole('main').getByRole('heading', { name: 'Fields', exact: true }).waitFor();
      await checks.check(page, 'phone: fields list');
      checks.expectClean();
    },
    testTimeoutMs,
  );
});
