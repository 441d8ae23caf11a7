import { fieldListRoutes, firstSegment } from './routeData.ts';
import { readStoredAccessToken, readStoredContext } from './session/tokenStorage.ts';

interface EarlyFieldList {
  holdingId: number;
  yearId: number;
  userId: number;
  /** The answer's JSON, or null when the request failed in any way. */
  body: Promise<unknown>;
}

let pending: EarlyFieldList | null = null;

/**
 * On a reload of a screen that opens on the year's fields list, asks for that list at once with the tab's own
 * holding-session token, while the shell restores the session (brand, session start and holding selection, one
 * after the other, before it knows the holding). The selection takes up that very session, so the answer is the
 * one the screen would get; it is used only when the selection ends on the same holding, year and user, and it
 * is checked like any other answer. Without a kept session (a first sign-in, another route) nothing is asked.
 */
export function startEarlyFieldList(
  location: Pick<Location, 'pathname'> = window.location,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): void {
  pending = null;
  if (!fieldListRoutes.has(firstSegment(location.pathname))) return;
  const context = readStoredContext();
  // Without the account token the shell goes to the login screen and the answer would never be used.
  if (!context?.session || !readStoredAccessToken()) return;
  const body = fetchImpl(`/api/fields/v1?year=${context.yearId}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${context.session.token}` },
  })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    // Any failure (an expired session, no network) leaves the list to the screen's own request.
    .catch(() => null);
  pending = { holdingId: context.holdingId, yearId: context.yearId, userId: context.session.userId, body };
}

/**
 * The early answer, handed out once, when it was asked for this holding, year and user; otherwise null and the
 * early answer is dropped.
 */
export function takeEarlyFieldList(
  holdingId: number,
  yearId: number,
  userId: number,
): Promise<unknown> | null {
  const early = pending;
  pending = null;
  if (!early || early.holdingId !== holdingId || early.yearId !== yearId || early.userId !== userId)
    return null;
  return early.body;
}
