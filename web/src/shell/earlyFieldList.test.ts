import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyFieldList, takeEarlyFieldList } from './earlyFieldList.ts';
import { clearStoredAccessToken, storeAccessToken, storeContext } from './session/tokenStorage.ts';

const list = [{ FieldId: 1 }];

function answering(status = 200) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(list), { status }));
}

function keepSession() {
  storeAccessToken('account-token');
  storeContext({ holdingId: 11, yearId: 2025, session: { token: 'session-token', userId: 7 } });
}

afterEach(() => {
  clearStoredAccessToken();
  takeEarlyFieldList(0, 0, 0);
});

describe('the early fields list', () => {
  it('is asked for on a reload of the map with the tab’s session token, and handed out once', async () => {
    keepSession();
    const fetch = answering();
    startEarlyFieldList({ pathname: '/datalayers' }, fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/fields/v1?year=2025');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session-token');
    await expect(takeEarlyFieldList(11, 2025, 7)).resolves.toEqual(list);
    expect(takeEarlyFieldList(11, 2025, 7)).toBeNull();
  });

  it.each([
    ['another holding', 12, 2025, 7],
    ['another year', 11, 2026, 7],
    ['another user', 11, 2025, 8],
  ])('is dropped when the session opens on %s', (_, holdingId, yearId, userId) => {
    keepSession();
    startEarlyFieldList({ pathname: '/datalayers' }, answering());
    expect(takeEarlyFieldList(holdingId, yearId, userId)).toBeNull();
    expect(takeEarlyFieldList(11, 2025, 7)).toBeNull();
  });

  it('answers null when the server refuses or cannot be reached', async () => {
    keepSession();
    startEarlyFieldList({ pathname: '/datalayers' }, answering(401));
    await expect(takeEarlyFieldList(11, 2025, 7)).resolves.toBeNull();
    startEarlyFieldList(
      { pathname: '/datalayers' },
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(takeEarlyFieldList(11, 2025, 7)).resolves.toBeNull();
  });

  it('asks for nothing on other screens, without a kept session or without the account token', () => {
    keepSession();
    const fetch = answering();
    startEarlyFieldList({ pathname: '/fields' }, fetch);
    clearStoredAccessToken();
    storeContext({ holdingId: 11, yearId: 2025, session: { token: 'session-token', userId: 7 } });
    startEarlyFieldList({ pathname: '/datalayers' }, fetch);
    storeAccessToken('account-token');
    storeContext({ holdingId: 11, yearId: 2025 });
    startEarlyFieldList({ pathname: '/datalayers' }, fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyFieldList(11, 2025, 7)).toBeNull();
  });
});
