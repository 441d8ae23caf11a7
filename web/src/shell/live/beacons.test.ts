import { describe, expect, it, vi } from 'vitest';
import { disconnectBeaconUrl, errorBeaconUrl, installBeacons } from './beacons.ts';

async function bodies(send: ReturnType<typeof vi.fn>) {
  return Promise.all(
    (send.mock.calls as unknown as [string, Blob][]).map(async ([url, blob]) => ({
      url,
      type: blob.type,
      body: JSON.parse(await blob.text()),
    })),
  );
}

describe('installBeacons', () => {
  it('sends the token and session in the body of the disconnect beacon when the tab closes', async () => {
    const send = vi.fn(() => true);
    const uninstall = installBeacons({ token: () => 'tok', sessionId: () => 'sess', send });
    window.dispatchEvent(new Event('pagehide'));
    expect(await bodies(send)).toEqual([
      {
        url: disconnectBeaconUrl,
        type: 'application/json',
        body: { token: 'tok', data: { sessionId: 'sess' } },
      },
    ]);
    uninstall();
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledOnce();
  });

  it('reports uncaught errors but not the resize-observer noise, and nothing without a token', async () => {
    const send = vi.fn(() => true);
    let token: string | null = 'tok';
    const uninstall = installBeacons({ token: () => token, sessionId: () => 'sess', send });
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'TypeError: x is undefined',
        filename: '/assets/app.js',
        lineno: 12,
        colno: 4,
      }),
    );
    token = null;
    window.dispatchEvent(new ErrorEvent('error', { message: 'after logout' }));
    uninstall();
    const sent = await bodies(send);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: errorBeaconUrl,
      body: {
        token: 'tok',
        data: { message: 'TypeError: x is undefined', source: '/assets/app.js', line: 12, column: 4 },
      },
    });
  });
});
