import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat, heartbeatDelayMs } from './heartbeat.ts';

const minute = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Heartbeat', () => {
  it('waits 2 minutes at the least and 3 at the most', () => {
    expect(heartbeatDelayMs(0)).toBe(2 * minute);
    expect(heartbeatDelayMs(0.5)).toBe(2.5 * minute);
    expect(heartbeatDelayMs(0.999_999_9)).toBeLessThan(3 * minute);
    expect(heartbeatDelayMs(0.999_999_9)).toBeGreaterThan(3 * minute - 100);
  });

  it('beats at the random moment drawn for each wait, again and again', async () => {
    const beat = vi.fn(async () => undefined);
    const draws = [0, 1 - 1e-9, 0.5];
    const heartbeat = new Heartbeat({ beat, enabled: () => true, random: () => draws.shift() ?? 0 });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(2 * minute - 1);
    expect(beat).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(beat).toHaveBeenCalledTimes(1);
    // The longest draw waits just under 3 minutes.
    await vi.advanceTimersByTimeAsync(3 * minute - 2);
    expect(beat).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(beat).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2.5 * minute);
    expect(beat).toHaveBeenCalledTimes(3);
    heartbeat.stop();
  });

  it('beats out of turn when asked, while running and enabled only', async () => {
    let enabled = true;
    const beat = vi.fn(async () => undefined);
    const heartbeat = new Heartbeat({ beat, enabled: () => enabled, random: () => 0 });
    await heartbeat.beatNow();
    expect(beat).not.toHaveBeenCalled();
    heartbeat.start();
    await heartbeat.beatNow();
    expect(beat).toHaveBeenCalledOnce();
    enabled = false;
    await heartbeat.beatNow();
    expect(beat).toHaveBeenCalledOnce();
    heartbeat.stop();
  });

  it('stops for good when disabled or without a token, and carries on after a failed beat', async () => {
    let enabled = true;
    const beat = vi.fn(async () => {
      throw new Error('offline');
    });
    const heartbeat = new Heartbeat({ beat, enabled: () => enabled, random: () => 0 });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(4 * minute);
    expect(beat).toHaveBeenCalledTimes(2);
    enabled = false;
    await vi.advanceTimersByTimeAsync(2 * minute);
    expect(heartbeat.isRunning).toBe(false);
    enabled = true;
    await vi.advanceTimersByTimeAsync(10 * minute);
    expect(beat).toHaveBeenCalledTimes(2);
  });
});
