import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  basemapsRoutes,
  customBasemapsResponseSchema,
  type CustomBasemapInput,
  type CustomBasemapRecord,
} from '@headland/domain/api/basemapsApi';
import { useApiClient } from '../../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../../shell/session/AppSessionContext.tsx';

const basemapsKey = (holdingId: number) => ['basemaps', holdingId] as const;

/**
 * The holding's custom base maps, for Master users and above (others are given none). They start from those
 * the holding selection gave, and are read again after every change.
 */
export function useCustomBasemaps(enabled: boolean) {
  const api = useApiClient();
  const session = useAppSession();
  const holdingId = session.holding.HoldingId;
  return useQuery({
    queryKey: basemapsKey(holdingId),
    queryFn: async ({ signal }) =>
      (
        await api.get(basemapsRoutes.list, {
          schema: customBasemapsResponseSchema,
          spinner: false,
          errorDialog: false,
          signal,
        })
      ).Basemaps,
    enabled,
    refetchOnWindowFocus: false,
  });
}

export type BasemapChange =
  | { kind: 'add'; values: CustomBasemapInput }
  | { kind: 'change'; id: number; values: CustomBasemapInput }
  | { kind: 'remove'; id: number };

/** Adds, changes or removes a base map; refusals are shown by the form, so no error dialog. */
export function useChangeBasemaps() {
  const api = useApiClient();
  const client = useQueryClient();
  const holdingId = useAppSession().holding.HoldingId;
  return useMutation({
    mutationFn: async (change: BasemapChange): Promise<CustomBasemapRecord[]> => {
      const options = { schema: customBasemapsResponseSchema, errorDialog: false } as const;
      const path =
        change.kind === 'add' ? basemapsRoutes.create : basemapsRoutes.one.replace(':id', String(change.id));
      const answer =
        change.kind === 'add'
          ? await api.post(path, { ...options, body: change.values })
          : change.kind === 'change'
            ? await api.put(path, { ...options, body: change.values })
            : await api.delete(path, options);
      return answer.Basemaps;
    },
    onSuccess: (basemaps) => client.setQueryData(basemapsKey(holdingId), basemaps),
  });
}
