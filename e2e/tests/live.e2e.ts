import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { callApi, openHoldingByApi } from '../support/apiSession.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// Working together live (session-shell §2, §4): two people on Wold Farm at once, each in a browser context of
// their own. Richard Dawson (the owner) works in Fields; Mark, a member, sees him there and hears of his edits.
const running = useServer();
const pages = usePages(useBrowser(), running);
const holding = 'Wold Farm';
const owner = 'client@headland.example';
const member = 'member@headland.example';

describe('two users on one holding', () => {
  it('shows each other in the sessions view and the Fields users tag, and an edit as an unread sentence', async () => {
    const pageA = await pages.open();
    const pageB = await pages.open();
    const shellA = await signInTo(pageA, owner, holding);
    await shellA.menu.getByRole('link', { name: /^Fields/ }).click();
    await pageA.getByRole('main').getByRole('heading', { name: 'Fields', exact: true }).waitFor();

    const shellB = await signInTo(pageB, member, holding);
    // The users tag on Fields counts the owner working there, pushed over the live socket.
    const tag = shellB.menu.getByText('1 other user in this module');
    await tag.waitFor({ state: 'attached', timeout: stepTimeoutMs });
    // Read as the Fields entry's description, its name staying "Fields".
    expect(await shellB.menuEntry('Fields').getAttribute('aria-describedby')).toBe(
      await tag.getAttribute('id'),
    );
    await pageB.getByLabel('2 users working on this holding').waitFor();

    await pageB.getByRole('button', { name: 'Notifications' }).click();
    const popup = pageB.getByRole('dialog', { name: 'Notifications' });
    await popup.getByText('Sessions', { exact: true }).click();
    const sessions = popup.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.nth(0).innerText()).toContain('(this tab)');
    expect(await sessions.nth(1).innerText()).toMatch(/Richard Dawson[\s\S]*In Fields/);
    await screenshot(pageB, 'live-01-sessions-view', { fullPage: false });
    await pageB.keyboard.press('Escape');

    // The owner renames a field (from another tab of theirs).
    const token = await openHoldingByApi(running.server.url, owner, holding);
    const fields = await callApi<{ FieldId: number; Name: string }[]>(
      running.server.url,
      token,
      'GET',
      '/api/fields/v1',
    );
    const field = fields[0]!;
    await callApi(running.server.url, token, 'PUT', `/api/fields/v1/${field.FieldId}`, {
      Name: 'Badger Piece',
    });

    const bell = pageB.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 5000 });
    await bell.click();
    const events = popup.getByRole('list', { name: 'Events' }).getByRole('listitem');
    expect(await events.first().innerText()).toMatch(/^New:\s*Richard Dawson changed the field Badger Piece/);
    await screenshot(pageB, 'live-02-unread-event', { fullPage: false });
  }, 180_000);
});
