import { describe, expect, it } from 'vitest';
import { createLoginThrottle, waitDescription } from './loginThrottle.ts';

function throttleAt(start = 1_000_000) {
  let clock = start;
  const throttle = createLoginThrottle({
    maxFailuresPerEmail: 3,
    maxFailuresPerIp: 5,
    windowMs: 60_000,
    now: () => clock,
  });
  return { throttle, advance: (ms: number) => (clock += ms) };
}

describe('createLoginThrottle', () => {
  it('blocks an e-mail address after its limit of failures, whatever its case, until the window frees one', () => {
    const { throttle, advance } = throttleAt();
    throttle.recordFailure('Ann@Farm.example', '10.0.0.1');
    advance(10_000);
    throttle.recordFailure('ann@farm.example', '10.0.0.2');
    expect(throttle.check('ann@farm.example', '10.0.0.3')).toEqual({ blocked: false });
    throttle.recordFailure('ANN@farm.example', '10.0.0.3');
    expect(throttle.check('ann@farm.example', '10.0.0.9')).toEqual({ blocked: true, retryAfterSeconds: 50 });
    expect(throttle.check('bob@farm.example', '10.0.0.9')).toEqual({ blocked: false });
    advance(50_000);
    expect(throttle.check('ann@farm.example', '10.0.0.9')).toEqual({ blocked: false });
  });

  it('blocks a client address after its own limit across different e-mail addresses', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 5; i++) {
      throttle.recordFailure(`user${i}@farm.example`, '10.0.0.1');
      advance(1000);
    }
    expect(throttle.check('new@farm.example', '10.0.0.1')).toEqual({ blocked: true, retryAfterSeconds: 55 });
    expect(throttle.check('new@farm.example', '10.0.0.2')).toEqual({ blocked: false });
  });

  it('clears the e-mail count on success but keeps the client address count', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure('ann@farm.example', '10.0.0.1');
    throttle.recordSuccess('Ann@farm.example');
    expect(throttle.check('ann@farm.example', '10.0.0.2')).toEqual({ blocked: false });
    throttle.recordFailure('x@farm.example', '10.0.0.1');
    throttle.recordFailure('y@farm.example', '10.0.0.1');
    expect(throttle.check('z@farm.example', '10.0.0.1').blocked).toBe(true);
  });

  it('keeps separate state per instance', () => {
    const first = throttleAt().throttle;
    const second = throttleAt().throttle;
    for (let i = 0; i < 3; i++) first.recordFailure('ann@farm.example', '10.0.0.1');
    expect(first.check('ann@farm.example', '10.0.0.1').blocked).toBe(true);
    expect(second.check('ann@farm.example', '10.0.0.1').blocked).toBe(false);
  });
});

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
