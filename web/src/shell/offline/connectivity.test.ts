import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connectivity, reachProbeMs } from './connectivity.ts';

function setup(initiallyOnline = true) {
  let online = initiallyOnline;
  let browserChanged: (() => void) | null = null;
  const probe = vi.fn<() => Promise<void>>(async () => undefined);
  const connectivity = new Connectivity({
    browserOnline: () => online,
    probe,
    watchBrowser: (onChange) => {
      browserChanged = onChange;
      return () => {
        browserChanged = null;
      };
    },
  });
  const changes: boolean[] = [];
  connectivity.subscribe(() => changes.push(connectivity.isOffline()));
  connectivity.start();
  const setBrowserOnline = (next: boolean) => {
    online = next;
    browserChanged?.();
  };
  return { connectivity, probe, changes, setBrowserOnline, watching: () => browserChanged !== null };
}

describe('Connectivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows what the browser says of its network', () => {
    const { connectivity, changes, setBrowserOnline } = setup();
    expect(connectivity.isOffline()).toBe(false);
    setBrowserOnline(false);
    setBrowserOnline(true);
    expect(changes).toEqual([true, false]);
  });

  it('starts offline when the browser has no network', () => {
    const { connectivity } = setup(false);
    expect(connectivity.isOffline()).toBe(true);
  });

  it('is offline after a call found no server, until a call is answered', () => {
    const { connectivity, changes } = setup();
    connectivity.report(false);
    expect(connectivity.isOffline()).toBe(true);
    connectivity.report(false);
    connectivity.report(true);
    expect(changes).toEqual([true, false]);
  });

  it('asks the server again while it cannot be reached, and stops asking once it answers', async () => {
    const { connectivity, probe } = setup();
    probe.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    connectivity.report(false);
    await vi.advanceTimersByTimeAsync(reachProbeMs);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivity.isOffline()).toBe(true);
    await vi.advanceTimersByTimeAsync(reachProbeMs);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(connectivity.isOffline()).toBe(false);
    await vi.advanceTimersByTimeAsync(reachProbeMs * 3);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('asks the server at once when the browser has a network again', async () => {
    const { connectivity, probe, setBrowserOnline } = setup(false);
    connectivity.report(false);
    setBrowserOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivity.isOffline()).toBe(false);
  });

  it('stops following the browser and asking the server when stopped', async () => {
    const { connectivity, probe, watching } = setup();
    connectivity.report(false);
    connectivity.stop();
    expect(watching()).toBe(false);
    await vi.advanceTimersByTimeAsync(reachProbeMs * 2);
    expect(probe).not.toHaveBeenCalled();
  });
});
