/**
 * Tracking is allowed on mobile devices or in debug mode (fields-croppings-maps §6), and only where the brand
 * offers map geolocation and the browser can locate at all.
 */
export function canTrackLocation(input: {
  brandAllows: boolean;
  debug: boolean;
  mobile: boolean;
  geolocationSupported: boolean;
}): boolean {
  return input.brandAllows && input.geolocationSupported && (input.mobile || input.debug);
}

/** Tracking info (position, accuracy, speed) is for debug mode or users with the geolocation-info property. */
export function canViewTrackingInfo(input: { debug: boolean; geolocationInfo: boolean }): boolean {
  return input.debug || input.geolocationInfo;
}

/** Whether a user sees the tracking info, from their properties (Debug, GeolocationInfo). */
export function userSeesTrackingInfo(properties: { Debug?: boolean; GeolocationInfo?: boolean }): boolean {
  return canViewTrackingInfo({
    debug: properties.Debug === true,
    geolocationInfo: properties.GeolocationInfo === true,
  });
}

/** A phone or tablet: a coarse pointer without hover, or a mobile user agent. */
export function isMobileDevice(env: {
  matchMedia?: (query: string) => { matches: boolean };
  userAgent?: string;
}): boolean {
  const coarse = env.matchMedia?.('(pointer: coarse) and (hover: none)').matches ?? false;
  return coarse || /Mobi|Android|iPhone|iPad|iPod/i.test(env.userAgent ?? '');
}
