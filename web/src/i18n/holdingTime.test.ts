import { describe, expect, it } from 'vitest';
import { formatHoldingTime } from './holdingTime.ts';

// 14:05 in London on a summer day (BST) and 09:30 on a winter day (GMT).
const summer = '2026-07-01T13:05:00Z';
const winter = '2026-12-01T09:30:00Z';

describe('formatHoldingTime', () => {
  it('writes English on the 24-hour clock in the holding zone, naming it, whatever the browser is set to', () => {
    expect(formatHoldingTime(summer, 'en', 'time', { languages: [] })).toBe('14:05 BST');
    expect(formatHoldingTime(winter, 'en', 'time', { languages: [] })).toBe('09:30 GMT');
    expect(formatHoldingTime(summer, 'en', 'time', { languages: ['en-GB'] })).not.toMatch(/PM|AM/);
  });

  it('writes a window start with its date and zone in the shown language', () => {
    expect(formatHoldingTime(winter, 'en', 'dateTime', { languages: [] })).toBe('1 Dec 2026, 09:30 GMT');
    const german = formatHoldingTime(winter, 'de', 'dateTime', { languages: [] });
    expect(german).toContain('09:30');
    expect(german).toMatch(/Dez/);
    expect(german).not.toMatch(/AM|PM/);
  });

  it('gives the date alone for older events', () => {
    expect(formatHoldingTime(winter, 'fr', 'date', { languages: [] })).toBe('1 déc.');
  });
});
