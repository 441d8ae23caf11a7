import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { fieldListQuery } from '../modules/fields/fieldsQueries.ts';
import { takeEarlyFieldList } from './earlyFieldList.ts';
import { useApiClient } from './http/ApiClientContext.tsx';
import { fieldListRoutes, firstSegment } from './routeData.ts';
import { useAppSession } from './session/AppSessionContext.tsx';

/**
 * Starts loading the data a route's screen opens on as soon as the holding session is known, in parallel with
 * the screen's own code, which is loaded on demand: for the map of a large holding the fields list is the longest
 * wait of the first render, and the screen would otherwise ask for it only once its code had arrived and mounted.
 * The prefetch uses the screen's own query (same key and request), so the screen finds the answer, or the request
 * under way, in the cache. A list already in the cache and not invalidated is not asked for again. On a reload
 * the list may already be under way since the page started (`earlyFieldList.ts`).
 */
export function useRouteDataPrefetch(): void {
  const queryClient = useQueryClient();
  const api = useApiClient();
  const { holding, yearId, user } = useAppSession();
  const segment = firstSegment(useLocation().pathname);
  const wantsFieldList = fieldListRoutes.has(segment);
  const holdingId = holding.HoldingId;
  const userId = user.Id;

  useEffect(() => {
    // A failure is the screen's to show: its own query asks again on mount and reports it.
    if (!wantsFieldList) return;
    const early = takeEarlyFieldList(holdingId, yearId, userId);
    void queryClient.prefetchQuery({ ...fieldListQuery(api, holdingId, yearId, early), staleTime: Infinity });
  }, [queryClient, api, holdingId, yearId, userId, wantsFieldList]);
}
