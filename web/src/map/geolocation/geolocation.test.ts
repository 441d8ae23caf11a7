import { describe, expect, it } from 'vitest';
import {
  canTrackLocation,
  canViewTrackingInfo,
  isMobileDevice,
  userSeesTrackingInfo,
} from './geolocationAvailability.ts';
import { zoomAfterFirstFix } from './GeolocationTracker.ts';

describe('zoomAfterFirstFix', () => {
  it.each([
    [undefined, 17],
    [5, 17],
    [14.99, 17],
    [15, undefined],
    [19, undefined],
  ])('from zoom %s goes to %s', (zoom, expected) => {
    expect(zoomAfterFirstFix(zoom)).toBe(expected);
  });
});

describe('tracking availability', () => {
  it.each([
    [true, false, true, true, true],
    [true, true, false, true, true],
    [true, false, false, true, false],
    [false, true, true, true, false],
    [true, true, true, false, false],
  ])(
    'brand %s, debug %s, mobile %s, supported %s: %s',
    (brandAllows, debug, mobile, geolocationSupported, allowed) => {
      expect(canTrackLocation({ brandAllows, debug, mobile, geolocationSupported })).toBe(allowed);
    },
  );

  it.each([
    [true, false, true],
    [false, true, true],
    [false, false, false],
  ])(
    'tracking info with debug %s and the geolocation-info property %s: %s',
    (debug, geolocationInfo, allowed) => {
      expect(canViewTrackingInfo({ debug, geolocationInfo })).toBe(allowed);
    },
  );

  it.each([
    [
      'a desktop',
      { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', matchMedia: () => ({ matches: false }) },
      false,
    ],
    [
      'an Android phone',
      { userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile', matchMedia: () => ({ matches: false }) },
      true,
    ],
    [
      'a touch-only tablet',
      { userAgent: 'Mozilla/5.0 (Macintosh)', matchMedia: () => ({ matches: true }) },
      true,
    ],
  ])('recognises %s', (_case, env, mobile) => {
    expect(isMobileDevice(env)).toBe(mobile);
  });
});

describe('userSeesTrackingInfo', () => {
  it.each([
    [{}, false],
    [{ GeolocationInfo: true }, true],
    [{ GeolocationInfo: false }, false],
    [{ Debug: true }, true],
    [{ Debug: false, GeolocationInfo: true }, true],
  ])('properties %j: %s', (properties, sees) => {
    expect(userSeesTrackingInfo(properties)).toBe(sees);
  });
});
