import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi } from '../support/apiSession.ts';
import { signInTo, tabToken } from '../support/appShellPage.ts';
import { AxeAudit, axeContextOptions } from '../support/axeCheck.ts';
import { newPage, useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { useServer } from '../support/server.ts';

// Connected apps against the reference provider the demo server runs (issue 22): from the user menu's Connections,
// the connect popup's consent at the provider and its redirect back while the dialog polls, the choice of an
// organisation, its machines through the spec's call, and disconnect; then a basic connection refused with a
// wrong password and accepted with the right one.
const running = useServer();
const chromium = useBrowser();

const testTimeoutMs = 180_000;
const contractor = 'contractor@omniaconnect.example';
const providerPassword = 'omnia-demo-2026';

interface Connection {
  connectionId: number;
  status: number;
  holding: { organisation: { id: string; name: string } | null };
}

const pages: Page[] = [];
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

async function openPage(): Promise<Page> {
  const page = await newPage(chromium.browser, running.server.url, axeContextOptions);
  page.setDefaultTimeout(stepTimeoutMs);
  pages.push(page);
  return page;
}

describe('connected apps', () => {
  it(
    'connects the reference provider by OAuth from the user menu, chooses an organisation and disconnects; then by password',
    async () => {
      const url = running.server.url;
      const axe = new AxeAudit();
      const page = await openPage();
      const shell = await signInTo(page, 'client@headland.example', 'Wold Farm');
      await shell.userMenuButton.click();
      await page.getByRole('menuitem', { name: 'Connections', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Connected apps' });
      const app = dialog.getByRole('region', { name: 'OmniaConnect' });
      await app.getByText('Not connected').waitFor();
      await axe.check(page, 'connected apps dialog');

      const popupOpens = page.waitForEvent('popup');
      await app.getByRole('button', { name: 'Connect OmniaConnect', exact: true }).click();
      const popup = await popupOpens;
      pages.push(popup);
      await dialog.getByText('Waiting for you to give access in the OmniaConnect window...').waitFor();
      await popup.getByRole('heading', { name: 'OmniaConnect' }).waitFor();
      await axe.check(popup, 'reference provider sign-in');
      await popup.getByLabel('User name').fill(contractor);
      await popup.getByLabel('Password').fill('not-the-password');
      await popup.getByRole('button', { name: 'Allow' }).click();
      await popup.getByRole('alert').filter({ hasText: 'The user name or password is not right.' }).waitFor();
      await popup.getByLabel('User name').fill(contractor);
      await popup.getByLabel('Password').fill(providerPassword);
      const popupCloses = popup.waitForEvent('close', { timeout: stepTimeoutMs });
      // The provider sends the popup back to the callback page; the dialog's next poll sees the connection Ok
      // and closes the popup, which may happen before the page has been read.
      await popup.getByRole('button', { name: 'Allow' }).click();
      await popupCloses;
      await dialog.getByText('OmniaConnect is connected.').waitFor();
      await app.getByText('Choose an organisation', { exact: true }).first().waitFor();
      await app.getByRole('combobox', { name: 'Organisation' }).click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await options.allInnerTexts()).toEqual(['Fenland Agri Contracting Ltd', 'Marsh Lane Farm']);
      await page.getByRole('option', { name: 'Marsh Lane Farm' }).click();
      await app.getByRole('button', { name: 'Save OmniaConnect settings' }).click();
      await app.getByText('Organisation: Marsh Lane Farm').waitFor();
      await app.getByText('Connected', { exact: true }).waitFor();
      await capture(page, 'connected-apps-dialog', { fullPage: false });
      await axe.check(page, 'connected apps dialog, connected');

      // The machines of the chosen organisation, as an app screen asks for them.
      const token = await tabToken(page);
      const [connection] = await callApi<Connection[]>(url, token, 'GET', '/api/apps/get/all');
      expect(connection!.holding.organisation?.name).toBe('Marsh Lane Farm');
      const machines = await callApi<{ machines: { make: string; model: string }[] }>(
        url,
        token,
        'GET',
        `/api/apps/machines/${connection!.connectionId}?orgId=${connection!.holding.organisation!.id}`,
      );
      expect(machines.machines.map((machine) => `${machine.make} ${machine.model}`)).toEqual([
        'New Holland T7.270',
        'KUHN AXIS 50.2 EMC W',
      ]);

      // The contractor's boundaries from the app's file store, through the boundary import's preview.
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      await shell.menuEntry('Fields').click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Fields', exact: true }).waitFor();
      await main.getByRole('link', { name: 'Import boundaries', exact: true }).click();
      await main.getByRole('button', { name: 'From OmniaConnect', exact: true }).click();
      const files = page.getByRole('dialog', { name: 'Files in OmniaConnect' });
      await files.getByRole('button', { name: 'Open folder Boundaries' }).click();
      await files.getByRole('radio', { name: 'Wold Farm new land 2026.zip' }).check();
      expect(await files.getByRole('radio', { name: 'Read me.txt' }).isDisabled()).toBe(true);
      await capture(page, 'connected-apps-file-selection', { fullPage: false });
      await axe.check(page, 'file selection dialog');
      await files.getByRole('button', { name: 'Select', exact: true }).click();
      const features = main.getByRole('table', { name: 'Features of the file' });
      await features.waitFor();
      for (const name of ['Far Wold', 'Chalk Pit Field', 'Beck Side'])
        await features.getByRole('row').filter({ hasText: name }).waitFor();
      await main.getByRole('button', { name: 'Import', exact: true }).click();
      await main.getByText('3 fields were created.', { exact: true }).waitFor();

      await shell.userMenuButton.click();
      await page.getByRole('menuitem', { name: 'Connections', exact: true }).click();
      await app.getByRole('button', { name: /^Disconnect OmniaConnect/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Disconnect OmniaConnect?' });
      await axe.check(page, 'disconnect confirmation');
      await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await dialog.getByText('OmniaConnect is disconnected.').waitFor();
      await app.getByText('Not connected').waitFor();
      expect(await callApi<Connection[]>(url, token, 'GET', '/api/apps/get/all')).toEqual([]);
      // The organisation choice of the connection just removed goes with it, with no error in between.
      expect(await page.getByRole('dialog', { name: 'Error' }).count()).toBe(0);

      // A basic connection: refused with a wrong password, then accepted.
      await app.getByRole('button', { name: 'Connect OmniaConnect with user name and password' }).click();
      const basic = page.getByRole('dialog', { name: 'Connect OmniaConnect' });
      await basic.getByRole('textbox', { name: 'User name' }).fill(contractor);
      await basic.locator('input[type="password"]').fill('wrong-one');
      await basic.getByRole('button', { name: 'Connect', exact: true }).click();
      await basic
        .getByRole('alert')
        .filter({ hasText: 'The app did not accept this user name and password.' })
        .waitFor();
      await axe.check(page, 'basic connect refused');
      await basic.locator('input[type="password"]').fill(providerPassword);
      await basic.getByRole('button', { name: 'Connect', exact: true }).click();
      await dialog.getByText('OmniaConnect is connected.').waitFor();
      const [basicConnection] = await callApi<Connection[]>(url, token, 'GET', '/api/apps/get/all');
      expect(basicConnection!.status).toBe(0);
      // The callback page as the popup shows it, here for a consent that matches no connection.
      const callbackPage = await openPage();
      await callbackPage.goto('/api/apps/callback?state=spent&code=x');
      await callbackPage
        .getByText('The app could not be connected. Close this window and try again.')
        .waitFor();
      await axe.check(callbackPage, 'connect popup callback');
      await capture(callbackPage, 'connected-apps-callback');
      axe.expectClean();
    },
    testTimeoutMs,
  );
});
