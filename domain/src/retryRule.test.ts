import { describe, expect, it } from 'vitest';
import { retryDelayMs, retryRefused, shouldRetry } from './retryRule.ts';

const retried = [409, 429, 502, 503, 504];
const notRetried = [200, 400, 401, 403, 404, 500, 501, 505];

describe('shouldRetry', () => {
  it.each(
    retried.flatMap((status) => [1, 9, 10, 11].map((attempt) => [status, attempt, attempt < 10] as const)),
  )('status %s after attempt %s: %s', (status, attempt, expected) => {
    expect(shouldRetry(status, attempt, {})).toBe(expected);
  });

  it.each(notRetried.flatMap((status) => [1, 9].map((attempt) => [status, attempt] as const)))(
    'never retries status %s (attempt %s)',
    (status, attempt) => {
      expect(shouldRetry(status, attempt, {})).toBe(false);
    },
  );

  it.each([
    [{ 'X-Omnia-Retry': 'No' }, false],
    [{ 'x-omnia-retry': 'No' }, false],
    [{ 'X-OMNIA-RETRY': 'no' }, false],
    [{ 'x-omnia-retry': ' NO ' }, false],
    [{ 'x-omnia-retry': ['No'] }, false],
    [{ 'x-omnia-retry': 'Yes' }, true],
    [{ 'x-omnia-retry': undefined }, true],
    [{ 'x-other': 'No' }, true],
  ])('with headers %j a 503 retries: %s', (headers, expected) => {
    expect(shouldRetry(503, 1, headers)).toBe(expected);
  });

  it('reads a Headers-like object through get', () => {
    const headers = { get: (name: string) => (name.toLowerCase() === 'x-omnia-retry' ? 'No' : null) };
    expect(retryRefused(headers)).toBe(true);
    expect(shouldRetry(409, 1, headers)).toBe(false);
    expect(shouldRetry(409, 1, { get: () => null })).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it.each([
    [0, 0],
    [-1, 0],
    [Number.NaN, 0],
    [0.5, 500],
    [1, 1000],
    [2, 1000],
    [9, 1000],
    [10, 1000],
    [11, 1000],
  ])('attempt %s waits %s ms', (attempt, expected) => {
    expect(retryDelayMs(attempt)).toBe(expected);
  });
});
