import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, openHoldingByApi } from '../support/apiSession.ts';
import { axeContextOptions, expectAccessible } from '../support/axeCheck.ts';
import { newPage, useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { useServer } from '../support/server.ts';

// Connected apps against the reference provider the demo server runs (issue 22 parts 1, 2 and 4): the connect
// popup's consent at the provider, its redirect back, then organisations, machines and disconnect through the
// spec's calls; and a basic connection refused with a wrong password, then accepted. The connected-apps screens
// come later: the calls stand in for them here.
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
    'connects the reference provider by OAuth in the browser, chooses an organisation, lists machines and disconnects',
    async () => {
      const url = running.server.url;
      const token = await openHoldingByApi(url, 'client@headland.example', 'Wold Farm');
      const created = await callApi<{ OAuthAuthorizeUri: string; connection: Connection }>(
        url,
        token,
        'POST',
        '/api/apps/create?appId=1',
      );
      const id = created.connection.connectionId;

      const popup = await openPage();
      await popup.goto(created.OAuthAuthorizeUri);
      await popup.getByRole('heading', { name: 'OmniaConnect' }).waitFor();
      await expectAccessible(popup, 'reference provider sign-in');
      await popup.getByLabel('User name').fill(contractor);
      await popup.getByLabel('Password').fill('not-the-password');
      await popup.getByRole('button', { name: 'Allow' }).click();
      await popup.getByRole('alert').filter({ hasText: 'The user name or password is not right.' }).waitFor();
      expect((await callApi<Connection>(url, token, 'GET', `/api/apps/check?id=${id}`)).status).toBe(1);

      await popup.getByLabel('User name').fill(contractor);
      await popup.getByLabel('Password').fill(providerPassword);
      await popup.getByRole('button', { name: 'Allow' }).click();
      await popup.getByText('The app is connected. You can close this window.').waitFor();
      expect(new URL(popup.url()).pathname).toBe('/api/apps/callback');
      await expectAccessible(popup, 'connect popup callback');
      await capture(popup, 'connected-apps-callback');

      // What the client's poll sees once the popup has come back.
      expect((await callApi<Connection>(url, token, 'GET', `/api/apps/check?id=${id}`)).status).toBe(0);
      const config = await callApi<{ organisations: { id: string; name: string }[] }>(
        url,
        token,
        'GET',
        `/api/apps/config/${id}`,
      );
      expect(config.organisations.map((organisation) => organisation.name)).toEqual([
        'Fenland Agri Contracting Ltd',
        'Marsh Lane Farm',
      ]);
      const chosen = await callApi<Connection>(url, token, 'POST', '/api/apps/config', {
        connectionId: id,
        org: config.organisations[1]!.id,
        orgName: config.organisations[1]!.name,
      });
      expect(chosen.holding.organisation?.name).toBe('Marsh Lane Farm');
      const machines = await callApi<{ machines: { make: string; model: string }[] }>(
        url,
        token,
        'GET',
        `/api/apps/machines/${id}?orgId=${config.organisations[1]!.id}`,
      );
      expect(machines.machines.map((machine) => `${machine.make} ${machine.model}`)).toEqual([
        'New Holland T7.270',
        'KUHN AXIS 50.2 EMC W',
      ]);

      await callApi(url, token, 'POST', `/api/apps/disconnect?id=${id}&deleteData=false`);
      expect(await callApi<Connection[]>(url, token, 'GET', '/api/apps/get/all')).toEqual([]);

      // A basic connection: refused with a wrong password, then accepted.
      const basic = await callApi<{ connection: Connection }>(url, token, 'POST', '/api/apps/create?appId=1');
      const basicId = basic.connection.connectionId;
      const credentials = { connectionId: basicId, user: contractor };
      expect(
        await callApi(url, token, 'POST', '/api/apps/validate/basic', {
          ...credentials,
          password: 'wrong-one',
        }),
      ).toBe(false);
      expect(
        await callApi(url, token, 'POST', '/api/apps/validate/basic', {
          ...credentials,
          password: providerPassword,
        }),
      ).toBe(true);
      expect((await callApi<Connection>(url, token, 'GET', `/api/apps/check?id=${basicId}`)).status).toBe(0);
      await callApi(url, token, 'POST', `/api/apps/disconnect?id=${basicId}&deleteData=false`);
    },
    testTimeoutMs,
  );
});
