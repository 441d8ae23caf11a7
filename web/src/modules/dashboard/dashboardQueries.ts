import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema } from '@headland/domain/api/dashboardApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

/** Query keys of the dashboard; every one starts with the holding, so that another holding's answers are never reused. */
export const dashboardQueryKeys = {
  all: (holdingId: number) => ['dashboard', holdingId] as const,
  activity: (holdingId: number) => ['dashboard', holdingId, 'activity'] as const,
  summary: (holdingId: number, yearId: number) => ['dashboard', holdingId, 'summary', yearId] as const,
};

/**
 * The cards' data of one crop year, in one call. Under the dashboard's key, so that live events of the holding
 * (another user's cropping change) refresh it with the fields and croppings it is built from.
 */
export function dashboardSummaryQuery(api: ApiClient, holdingId: number, yearId: number) {
  return queryOptions({
    queryKey: dashboardQueryKeys.summary(holdingId, yearId),
    queryFn: ({ signal }) =>
      api.get('/api/holdings/v1/dashboard', {
        query: { year: yearId },
        schema: dashboardResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
  });
}

export function useDashboardSummary() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery(dashboardSummaryQuery(api, holding.HoldingId, yearId));
}
