import { describe, expect, it } from 'vitest';
import { accountDelaySeconds, waitDescription } from './loginThrottle.ts';

// The throttle itself is tested through the sign-in call, on the database, in signIn.test.ts.
describe('waitDescription', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(waitDescription(seconds)).toBe(text);
  });
});

describe('accountDelaySeconds', () => {
  const options = { accountFailuresBeforeDelay: 10, maxAccountDelaySeconds: 900 };
  it.each([
    [0, 0],
    [9, 0],
    [10, 2],
    [11, 4],
    [14, 32],
    [19, 900],
    [500, 900],
  ])('%i failures wait %i s', (failures, seconds) => {
    expect(accountDelaySeconds(failures, options)).toBe(seconds);
  });
});
