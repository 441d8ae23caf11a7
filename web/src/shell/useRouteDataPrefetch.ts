import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routeSegment } from '@headland/domain/menu';
import { fieldListQuery } from '../modules/fields/fieldsQueries.ts';
import type { ApiClient } from './http/apiClient.ts';
import { useApiClient } from './http/ApiClientContext.tsx';
import { useAppSession } from './session/AppSessionContext.tsx';

/**
 * The first path segments whose screens open on the year's fields list and keep it until a write invalidates
 * it: the map. The fields screens are left out: their list goes stale at once, so an answer prefetched before the
 * screen mounted would be downloaded a second time on mount.
 */
const fieldListRoutes: ReadonlySet<string> = new Set(['datalayers']);

/**
 * Starts loading the data the screen at `pathname` opens on: for the map, the year's fields list, with the
 * screen's own query (same key and request), so the screen finds the answer, or the request under way, in the
 * cache. A list already in the cache and not invalidated is not asked for again.
 */
export function prefetchRouteData(
  queryClient: QueryClient,
  api: ApiClient,
  at: { pathname: string; holdingId: number; yearId: number },
): void {
  if (!fieldListRoutes.has(routeSegment(at.pathname))) return;
  // A failure is the screen's to show: its own query asks again on mount and reports it.
  void queryClient.prefetchQuery({ ...fieldListQuery(api, at.holdingId, at.yearId), staleTime: Infinity });
}

/**
 * Starts loading the data a route's screen opens on as soon as the holding session is known, in parallel with
 * the screen's own code, which is loaded on demand: for the map of a large holding the fields list is the longest
 * wait of the first render, and the screen would otherwise ask for it only once its code had arrived and mounted.
 * The shell also calls `prefetchRouteData` the moment a holding is opened, before it draws anything; this hook
 * covers moving to another route and changing year.
 */
export function useRouteDataPrefetch(): void {
  const queryClient = useQueryClient();
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  const { pathname } = useLocation();
  const holdingId = holding.HoldingId;

  useEffect(() => {
    prefetchRouteData(queryClient, api, { pathname, holdingId, yearId });
  }, [queryClient, api, holdingId, yearId, pathname]);
}
