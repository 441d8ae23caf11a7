/** Business constants of the session and shell. Durations are in milliseconds unless the name says otherwise. */

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

// Session heartbeat and live updates
/** The heartbeat fires at a random moment between these two bounds, so tabs do not beat in step. */
export const heartbeatMinMs = 2 * minute;
export const heartbeatMaxMs = 3 * minute;
/**
 * A session whose tab has not beaten for this long is no longer active: one missed heartbeat. The longest
 * period, plus the minute by which browsers may hold back a hidden tab's timers.
 */
export const activeSessionMs = heartbeatMaxMs + minute;
/** Events are read back this far when no other start is given. */
export const eventsSinceMs = 24 * hour;
/** Session-change events arriving close together are merged after this delay. */
export const eventMergeDelayMs = 500;
export const socketReconnectMinMs = 5 * second;
export const socketReconnectMaxMs = 60 * second;
export const socketReadyWatchMs = 10 * second;
/** Master-data updates wait this long plus a random part up to the jitter, so clients do not reload together. */
export const masterDataDelayMs = 10 * second;
export const masterDataJitterMs = 10 * second;
export const masterDataDebugDelayMs = 10;
/** Notification times under this age show as a time, older ones as a date. */
export const eventTimeAsTimeMaxAgeMs = 12 * hour;

// Connections and maintenance
export const connectionPollMs = 5 * second;
export const connectionFirstRevalidationMs = 2 * second;
/** Sync apps offer first years from this year up to the latest holding year. */
export const syncFirstYearMin = 2010;
export const maintenanceRefreshMs = 5 * minute;
/** The maintenance popup appears when a window starts within this time. */
export const maintenancePopupLeadMs = 24 * hour;

// HTTP retries
export const httpRetryStatuses: readonly number[] = [409, 429, 502, 503, 504];
/** At most this many attempts of one request in total. */
export const httpMaxAttempts = 10;
export const httpRetryDelayCapMs = 1000;

// Holdings
export const holdingSearchMinChars = 2;
export const holdingSearchMaxResults = 15;
export const holdingListLimit = 20;
/** Overlapping crops may exceed the field area by this much before it counts as an error. */
export const concurrentCropAreaToleranceHa = 0.1;
export const holdingSavedBannerMs = 10 * second;

// Passwords
export const passwordMinLength = 8;
export const passwordChangeLogoutDelayMs = 1.5 * second;

// Documents
export const documentMaxFiles = 10;
export const documentMaxTotalMb = 100;
export const documentMaxTotalBytes = documentMaxTotalMb * 1024 * 1024;
export const documentAllowedExtensions: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'pdf'];
export const acceptedImageTypes: readonly string[] = ['image/jpeg', 'image/png', 'image/gif'];
export const documentListSizes = ['small', 'medium', 'large'] as const;
export type DocumentListSize = (typeof documentListSizes)[number];

// Layout
/** Below this window height the main menu switches to its nested form. */
export const menuCollapseHeightPx = 950;
export const viewSelectorCollapseWidthPx = 1300;
/** Screens smaller than this get a low-resolution warning. */
export const lowResolutionWidthPx = 1024;
export const lowResolutionHeightPx = 768;
export const checkboxAnimationMs = 500;
export const refreshIndicatorMs = 1 * second;
export const mapResizePollMs = 1 * second;
export const partnerCroppingsTableHeightPx = 600;

// Geography and identifiers
export const defaultProjection = 'EPSG:3857';
export const defaultHoldingTimeZone = 'Europe/London';
/** Stands for "no id" wherever a guid is expected. */
export const zeroGuid = '00000000-0000-0000-0000-000000000000';

// Dashboard (issue 26)
/** Fields named per attention line; the rest are counted. */
export const dashboardFieldLimit = 20;
/** Failed imports stay on the dashboard this long. */
export const failedImportDays = 7;
export const dashboardFailedImportLimit = 5;
export const dashboardPictureLimit = 6;
