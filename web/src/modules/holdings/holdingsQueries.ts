import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  holdingDetailsSchema,
  holdingsListResponseSchema,
  holdingStatusResponseSchema,
  type HoldingDetails,
  type HoldingSaveRequest,
} from '@headland/domain/api/holdingsApi';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

/** Query keys of the holdings screens; every one starts with 'holdings' so a save can refresh them all. */
export const holdingsQueryKeys = {
  all: ['holdings'] as const,
  list: ['holdings', 'list'] as const,
  status: (holdingId: number | null, yearId: number, townId: number | null) =>
    ['holdings', 'status', holdingId, yearId, townId] as const,
};

/** The holdings the user may manage, with every post town. */
export function useManagedHoldings() {
  const api = useApiClient();
  return useQuery({
    queryKey: holdingsQueryKeys.list,
    queryFn: ({ signal }) =>
      api.get('/api/service/holdings', {
        query: { v: 3 },
        schema: holdingsListResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
  });
}

/**
 * What the edit dialog needs besides the holding: flags, towns, regions, businesses and the stations of the
 * holding's town, or of `townId` once another town is chosen. `holdingId` null describes a new holding.
 */
export function useHoldingStatus(
  holdingId: number | null,
  yearId: number,
  townId: number | null = null,
  enabled = true,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: holdingsQueryKeys.status(holdingId, yearId, townId),
    queryFn: ({ signal }) =>
      api.get('/api/holdings/v1/status', {
        query: { holdingId, year: yearId, townId },
        schema: holdingStatusResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
    enabled,
    // A dialog opening again must show what is stored now, not what it showed last time.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Creates (PUT) or updates (POST) a holding. Failures are shown in the dialog, beside the form, except a
 * conflict, which the shell's conflict dialog shows.
 */
export function useSaveHolding() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({
      isNew,
      request,
    }: {
      isNew: boolean;
      request: HoldingSaveRequest;
    }): Promise<HoldingDetails> =>
      isNew
        ? api.put('/api/holdings/v1', { body: request, schema: holdingDetailsSchema, errorDialog: false })
        : // Another user's change made since the dialog read the holding opens the shell's conflict dialog.
          api.post('/api/holdings/v1', {
            body: request,
            schema: holdingDetailsSchema,
            errorDialog: 'conflicts',
          }),
  });
}

/**
 * After a holding changed: the holdings list and dialog data, and, when it is the session's own holding, the
 * shell's copy of it (the header shows its trading name) and everything the open screens show of it (an NVZ
 * change may have reached every field).
 */
export function useRefreshAfterHoldingChange() {
  const queryClient = useQueryClient();
  const { actions } = useAppSession();
  return async (holdingId: number, sessionHoldingId: number) => {
    if (holdingId === sessionHoldingId)
      await Promise.all([actions.refreshHolding(), queryClient.invalidateQueries()]);
    else await queryClient.invalidateQueries({ queryKey: holdingsQueryKeys.all });
  };
}
