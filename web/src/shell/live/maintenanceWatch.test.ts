import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaintenanceWatch } from './maintenanceWatch.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('MaintenanceWatch', () => {
  it('reads the notices at once and every 5 minutes, keeping the last ones when a read fails', async () => {
    const notice = {
      id: 1,
      startDate: '2026-11-25T01:00:00Z',
      endDate: '2026-11-25T02:00:00Z',
      message: 'Upgrade',
    };
    const load = vi
      .fn()
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([notice])
      .mockRejectedValueOnce(new Error('offline'));
    const onNotices = vi.fn();
    const watch = new MaintenanceWatch({ load, onNotices });
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onNotices).toHaveBeenLastCalledWith([]);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onNotices).toHaveBeenLastCalledWith([notice]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(onNotices).toHaveBeenCalledTimes(2);
    watch.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
