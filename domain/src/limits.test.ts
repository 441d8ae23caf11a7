import { describe, expect, it } from 'vitest';
import * as limits from './limits.ts';

describe('limits', () => {
  it.each([
    ['heartbeatMinMs', 120_000],
    ['heartbeatMaxMs', 180_000],
    ['eventsSinceMs', 86_400_000],
    ['eventMergeDelayMs', 500],
    ['connectionPollMs', 5000],
    ['connectionFirstRevalidationMs', 2000],
    ['maintenanceRefreshMs', 300_000],
    ['maintenancePopupLeadMs', 86_400_000],
    ['socketReconnectMinMs', 5000],
    ['socketReconnectMaxMs', 60_000],
    ['socketReadyWatchMs', 10_000],
    ['masterDataDelayMs', 10_000],
    ['masterDataJitterMs', 10_000],
    ['httpMaxAttempts', 10],
    ['httpRetryDelayCapMs', 1000],
    ['holdingSearchMinChars', 2],
    ['holdingSearchMaxResults', 15],
    ['holdingListLimit', 20],
    ['concurrentCropAreaToleranceHa', 0.1],
    ['passwordMinLength', 8],
    ['passwordChangeLogoutDelayMs', 1500],
    ['holdingSavedBannerMs', 10_000],
    ['documentMaxFiles', 10],
    ['documentMaxTotalMb', 100],
    ['menuCollapseHeightPx', 950],
    ['viewSelectorCollapseWidthPx', 1300],
    ['lowResolutionWidthPx', 1024],
    ['lowResolutionHeightPx', 768],
    ['eventTimeAsTimeMaxAgeMs', 43_200_000],
    ['syncFirstYearMin', 2010],
  ] as const)('%s is %s', (name, value) => {
    expect(limits[name]).toBe(value);
  });

  it('lists the document types and sizes', () => {
    expect(limits.documentAllowedExtensions).toEqual(['jpg', 'jpeg', 'png', 'gif', 'pdf']);
    expect(limits.documentListSizes).toEqual(['small', 'medium', 'large']);
    expect(limits.httpRetryStatuses).toEqual([409, 429, 502, 503, 504]);
    expect(limits.zeroGuid).toMatch(/^[0-]{36}$/);
  });
});
