import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { fieldListQuery } from '../fields/fieldsQueries.ts';

/**
 * The open holding's fields of the open year with their croppings, for the map. It shares the fields screens'
 * cache entry (and the shell's prefetch of it), so the list and the map load the year once between them; a write
 * anywhere invalidates that entry, and otherwise it stays fresh, so returning to the map does not download 5,000
 * boundaries again.
 */
export function useMapFieldList() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery({ ...fieldListQuery(api, holding.HoldingId, yearId), staleTime: Infinity });
}
