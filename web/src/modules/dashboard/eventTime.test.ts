import { describe, expect, it } from 'vitest';
import { formatEventTime } from './eventTime.ts';

describe('formatEventTime', () => {
  const now = new Date('2025-03-10T18:00:00Z');

  it.each([
    ['an hour old as a time', '2025-03-10T17:00:00Z', /^\d{2}:\d{2}$/],
    ['just under 12 hours old as a time', '2025-03-10T06:00:01Z', /^\d{2}:\d{2}$/],
    ['12 hours old as a date', '2025-03-10T06:00:00Z', /2025/],
    ['days old as a date', '2025-03-01T12:00:00Z', /2025/],
  ])('shows an event %s', (_name, date, pattern) => {
    expect(formatEventTime(date, now, 'en-GB')).toMatch(pattern);
  });

  it('shows an unreadable date as it came', () => {
    expect(formatEventTime('not a date', now, 'en-GB')).toBe('not a date');
  });
});
