import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { callApi, openHoldingByApi } from '../support/apiSession.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// Working together live across a server restart (session-shell §4): the live sockets close, the clients
// reconnect on their own, and what changed while they were away reaches them without a reload. This file's
// server is its own, restarted by the test.
const running = useServer();
const pages = usePages(useBrowser(), running);
const holding = 'Wold Farm';
const owner = 'client@headland.example';
const member = 'member@headland.example';
/** The first reconnection waits 5 s and the watch looks every 10 s; the server takes some seconds to start. */
const reconnectMs = 45_000;

describe('a server restart', () => {
  it('is survived by both clients, which reconnect and catch up on an edit made just after it', async () => {
    const pageA = await pages.open();
    const pageB = await pages.open();
    const lists = [];
    for (const [page, login] of [
      [pageA, owner],
      [pageB, member],
    ] as const) {
      const shell = await signInTo(page, login, holding);
      await shell.menuEntry('Fields').click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Fields', exact: true }).waitFor();
      lists.push(main.getByRole('table'));
    }
    // Both are live: each sees the other working on the holding.
    await pageB.getByLabel('2 users working on this holding').waitFor();

    const token = await openHoldingByApi(running.server.url, owner, holding);
    const fields = await callApi<{ FieldId: number; Name: string }[]>(
      running.server.url,
      token,
      'GET',
      '/api/fields/v1',
    );
    const field = fields[0]!;
    for (const list of lists) await list.getByRole('link', { name: field.Name, exact: true }).waitFor();

    await running.server.restart();
    // At once after the restart, before the clients are back: the owner renames the field from another tab.
    await callApi(running.server.url, token, 'PUT', `/api/fields/v1/${field.FieldId}`, {
      Name: 'Kingfisher Bank',
    });

    for (const list of lists) {
      await list
        .getByRole('link', { name: 'Kingfisher Bank', exact: true })
        .waitFor({ timeout: reconnectMs });
    }
    // The member hears of it as an unread event too, read when the socket opened again.
    await pageB.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await screenshot(pageB, 'live-restart-01-caught-up', { fullPage: false });

    // The sockets are open again: the next edit arrives as it happens.
    await callApi(running.server.url, token, 'PUT', `/api/fields/v1/${field.FieldId}`, {
      Name: 'Heron Flats',
    });
    const pushedAt = Date.now();
    for (const list of lists) {
      await list.getByRole('link', { name: 'Heron Flats', exact: true }).waitFor({ timeout: 5_000 });
    }
    expect(Date.now() - pushedAt).toBeLessThan(5_000);
  }, 240_000);
});
