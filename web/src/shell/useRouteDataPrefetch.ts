import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { prefetchModuleData } from '../modules/moduleRegistry.ts';
import type { ApiClient } from './http/apiClient.ts';
import { useApiClient } from './http/ApiClientContext.tsx';
import { useAppSession } from './session/AppSessionContext.tsx';

/**
 * Starts loading the data the screen at `pathname` opens on, as its module declares (for the map, the year's
 * fields list), with the screen's own query, so the screen finds the answer, or the request under way, in the
 * cache. A list already in the cache and not invalidated is not asked for again.
 */
export function prefetchRouteData(
  queryClient: QueryClient,
  api: ApiClient,
  at: { pathname: string; holdingId: number; yearId: number },
): void {
  prefetchModuleData(queryClient, api, at);
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
