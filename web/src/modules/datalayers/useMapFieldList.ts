import { useQuery } from '@tanstack/react-query';
import { fieldListResponseSchema } from '@headland/domain/api/fieldsApi';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { fieldsQueryKeys } from '../fields/fieldsQueries.ts';

/**
 * The open holding's fields of the open year with their croppings, for the map. It shares the fields screens'
 * cache entry, so the list and the map load the year once between them; a write anywhere invalidates that entry,
 * and otherwise it stays fresh, so returning to the map does not download 5,000 boundaries again.
 */
export function useMapFieldList() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery({
    queryKey: fieldsQueryKeys.fieldList(holding.HoldingId, yearId),
    queryFn: ({ signal }) =>
      api.get('/api/fields/v1', {
        query: { year: yearId },
        schema: fieldListResponseSchema,
        spinner: false,
        signal,
      }),
    staleTime: Infinity,
  });
}
