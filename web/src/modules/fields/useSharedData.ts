import { useQuery } from '@tanstack/react-query';
import { sharedDataResponseSchema } from '@headland/domain/api/sharedDataApi';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

/** The reference lists (crops, varieties, styles) of the selected holding; they change rarely, so kept an hour. */
export function useSharedData() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery({
    queryKey: ['sharedData', holding.HoldingId, yearId] as const,
    queryFn: ({ signal }) =>
      api.get('/api/shared-data/v2/', {
        query: { holdingId: holding.HoldingId, year: yearId },
        schema: sharedDataResponseSchema,
        spinner: false,
        signal,
      }),
    staleTime: 60 * 60 * 1000,
  });
}
