import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DataRefresher,
  refreshOrder,
  servicesForEvents,
  type DataRefresherOptions,
  type DataService,
} from './dataRefresh.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refreshOrder', () => {
  it('puts the services a service is built from first', () => {
    expect(refreshOrder(['dashboard'])).toEqual(['fields', 'croppings', 'dashboard']);
    expect(refreshOrder(['validation', 'croppings'])).toEqual(['fields', 'croppings', 'validation']);
  });

  it('reloads the holdings before everything else', () => {
    expect(refreshOrder(['dashboard', 'holdings'])[0]).toBe('holdings');
  });
});

describe('servicesForEvents', () => {
  it('refreshes the fields and what they feed for a field change, and the holdings only on a holding update', () => {
    const field = servicesForEvents([{ ObjectType: 'Field', Action: 'u' }]);
    expect([...field].sort()).toEqual(['croppings', 'dashboard', 'fields', 'validation']);
    expect(servicesForEvents([{ ObjectType: 'Holding', Action: 'u' }]).has('holdings')).toBe(true);
    expect(servicesForEvents([{ ObjectType: 'Holding', Action: 'export' }]).has('holdings')).toBe(false);
    expect(servicesForEvents([]).size).toBe(0);
  });
});

/** A refresher whose runs finish when the test says so. */
function setUp(overrides: Partial<DataRefresherOptions> = {}) {
  const runs: DataService[][] = [];
  const finishers: (() => void)[] = [];
  const state = { reloading: false, dialog: false };
  const refresher = new DataRefresher({
    run: (services) => {
      runs.push(services);
      return new Promise<void>((resolve) => finishers.push(resolve));
    },
    isReloading: () => state.reloading,
    isDialogOpen: () => state.dialog,
    ...overrides,
  });
  const finish = async () => {
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { refresher, runs, state, finish };
}

describe('DataRefresher', () => {
  it('runs a refresh at once, dependencies first', () => {
    const { refresher, runs } = setUp();
    refresher.request('auto', ['croppings']);
    expect(runs).toEqual([['fields', 'croppings']]);
  });

  it('skips a refresh while the session reloads', async () => {
    const { refresher, runs, state } = setUp();
    state.reloading = true;
    refresher.request('auto', ['fields']);
    refresher.request('user', ['fields']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
  });

  it('defers an automatic refresh while a dialog is open and runs it once it closes', async () => {
    const { refresher, runs, state } = setUp();
    state.dialog = true;
    refresher.request('auto', ['fields']);
    refresher.request('auto', ['dashboard']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
    state.dialog = false;
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toEqual([['fields', 'croppings', 'dashboard']]);
  });

  it('does not defer a refresh the user asked for', () => {
    const { refresher, runs, state } = setUp();
    state.dialog = true;
    refresher.request('user', ['fields']);
    expect(runs).toEqual([['fields']]);
  });

  it('queues a refresh asked during another and tries it again after 5 seconds', async () => {
    const { refresher, runs, finish } = setUp();
    refresher.request('auto', ['fields']);
    refresher.request('auto', ['dashboard']);
    expect(runs).toHaveLength(1);
    await finish();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([['fields'], ['fields', 'croppings', 'dashboard']]);
  });

  it('queues again when the first refresh is still running after 5 seconds', async () => {
    const { refresher, runs, finish } = setUp();
    refresher.request('auto', ['fields']);
    refresher.request('auto', ['croppings']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(1);
    await finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([['fields'], ['fields', 'croppings']]);
  });

  it('keeps the user kind of a queued refresh, so that an open dialog does not hold it back', async () => {
    const { refresher, runs, state, finish } = setUp();
    refresher.request('auto', ['fields']);
    refresher.request('user', ['croppings']);
    refresher.request('auto', ['dashboard']);
    state.dialog = true;
    await finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([['fields'], ['fields', 'croppings', 'dashboard']]);
  });

  it('defers a queued automatic refresh when a dialog opened meanwhile', async () => {
    const { refresher, runs, state, finish } = setUp();
    refresher.request('auto', ['fields']);
    refresher.request('auto', ['croppings']);
    state.dialog = true;
    await finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(1);
    state.dialog = false;
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toHaveLength(2);
  });

  it('runs nothing more once stopped', async () => {
    const { refresher, runs, state } = setUp();
    state.dialog = true;
    refresher.request('auto', ['fields']);
    refresher.stop();
    state.dialog = false;
    await vi.advanceTimersByTimeAsync(10_000);
    refresher.request('user', ['fields']);
    expect(runs).toEqual([]);
  });
});
