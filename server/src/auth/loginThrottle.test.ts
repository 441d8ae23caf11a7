import { describe, expect, it } from 'vitest';
import { waitDescription } from './loginThrottle.ts';

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
