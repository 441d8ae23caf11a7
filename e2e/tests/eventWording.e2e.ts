import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { callApi, signInByApi } from '../support/apiSession.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// Event texts and times in the notifications (session-shell §4): a layer's event names the layer, and times
// are written as the shown language does, on the holding's clock (Europe/London) with the zone named.
const running = useServer();
const pages = usePages(useBrowser(), running);
const holding = 'Wold Farm';
const owner = 'client@headland.example';
const member = 'member@headland.example';
/** domain/src/layers/layerTypes.ts: LayerTypeId.SoilPhosphorus and MapScope.Holding. */
const soilPhosphorus = 11;
const holdingScope = 3;

describe('event texts in the notifications', () => {
  it('names the layer added, and writes its time on the 24-hour clock of the holding with the zone', async () => {
    // A browser in New York set to British English: the farm's clock, not the browser's, is shown.
    const page = await pages.open({ locale: 'en-GB', timezoneId: 'America/New_York' });
    await signInTo(page, member, holding);

    const token = await signInByApi(running.server.url, owner);
    const found = await callApi<{ HoldingId: number; TradingName: string }[]>(
      running.server.url,
      token,
      'GET',
      `/api/session/v1/holdings/query?query=${encodeURIComponent(holding)}`,
    );
    const holdingId = found.find((each) => each.TradingName === holding)!.HoldingId;
    const opened = await callApi<{ Token: string; YearId: number }>(
      running.server.url,
      token,
      'POST',
      '/api/session/v1/holdings/select',
      { holdingId, reuseSession: false },
    );
    await callApi(running.server.url, opened.Token, 'POST', '/api/layers/v1', {
      TypeId: soilPhosphorus,
      Scope: holdingScope,
      HoldingId: holdingId,
      Year: opened.YearId,
      Name: 'Spring P survey',
    });

    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 10_000 });
    await bell.click();
    const popup = page.getByRole('dialog', { name: 'Notifications' });
    const event = popup.getByRole('list', { name: 'Events' }).getByRole('listitem').first();
    const text = await event.innerText();
    expect(text).toMatch(/Richard Dawson added the layer Spring P survey/);
    expect(text).not.toMatch(/an item|a change/);
    // 24-hour British time in London, zone named; never a US 12-hour time.
    expect(text).toMatch(/\b\d{2}:\d{2} (GMT|BST)\b/);
    expect(text).not.toMatch(/\b(AM|PM|am|pm)\b/);
    const london = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/London',
    });
    const shown = /(\d{2}:\d{2}) (GMT|BST)/.exec(text)![1]!;
    const [hours, minutes] = shown.split(':').map(Number) as [number, number];
    const nowInLondon = london.format(new Date()).split(':').map(Number) as [number, number];
    const apart = Math.abs(nowInLondon[0] * 60 + nowInLondon[1] - (hours * 60 + minutes));
    expect(Math.min(apart, 24 * 60 - apart)).toBeLessThanOrEqual(2);
    await screenshot(page, 'events-01-layer-named-london-time', { fullPage: false });
  });
});
