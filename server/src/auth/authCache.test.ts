import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from './authContext.ts';
import { createAuthCache } from './authCache.ts';

const caller = (tokenHash: string) => ({ tokenHash }) as AuthContext;

describe('auth cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T02:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('forgets a caller after 5 s', () => {
    const cache = createAuthCache();
    cache.set('a', caller('a'));
    vi.advanceTimersByTime(5_000);
    expect(cache.get('a')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops expired callers as new ones arrive, so it holds only the last few seconds of tokens', () => {
    const cache = createAuthCache();
    // 25 new tokens a second for two minutes: 3,000 tokens, of which about 125 are younger than 5 s.
    for (let second = 0; second < 120; second += 1) {
      for (let index = 0; index < 25; index += 1)
        cache.set(`t${second}-${index}`, caller(`t${second}-${index}`));
      vi.advanceTimersByTime(1_000);
    }
    expect(cache.size).toBeLessThanOrEqual(25 * 11);
    // The callers of the last seconds are still there.
    expect(cache.get('t119-0')).toBeDefined();
  });
});
