import { describe, expect, it } from 'vitest';
import { SocketMessageLimit } from './socketMessageLimit.ts';

const options = { burst: 3, perSecond: 2, dropsBeforeClose: 5, dropWindowMs: 10_000 };

describe('SocketMessageLimit', () => {
  it('accepts a burst, then drops what comes faster than the refill', () => {
    const limit = new SocketMessageLimit(options, 0);
    expect([limit.take(0), limit.take(0), limit.take(0), limit.take(0)]).toEqual([
      'accept',
      'accept',
      'accept',
      'drop',
    ]);
    // Half a second refills one message at two a second.
    expect(limit.take(500)).toBe('accept');
    expect(limit.take(500)).toBe('drop');
  });

  it('closes a socket that keeps pushing past its drops, even with some accepted between', () => {
    const limit = new SocketMessageLimit(options, 0);
    const verdicts: string[] = [];
    for (let ms = 0; ms < 3000; ms += 100) verdicts.push(limit.take(ms));
    const firstClose = verdicts.indexOf('close');
    expect(firstClose).toBeGreaterThan(0);
    expect(verdicts.slice(3, firstClose)).toContain('accept');
  });

  it('forgets old drops: a tab that was briefly too fast is not closed later', () => {
    const limit = new SocketMessageLimit(options, 0);
    for (let index = 0; index < 7; index++) limit.take(0);
    expect(limit.take(20_000)).toBe('accept');
    for (let index = 0; index < 3; index++) limit.take(20_000);
    expect(limit.take(20_000)).toBe('drop');
  });
});
