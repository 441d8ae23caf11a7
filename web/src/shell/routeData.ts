/**
 * The first path segments whose screens open on the year's fields list and keep it until a write invalidates
 * it: the map. The fields screens are left out: their list goes stale at once, so an answer fetched before the
 * screen mounted would be asked for a second time on mount.
 */
export const fieldListRoutes: ReadonlySet<string> = new Set(['datalayers']);

/** The route's first path segment, without slashes. */
export function firstSegment(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}
