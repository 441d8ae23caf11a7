import { useQuery } from '@tanstack/react-query';
import { croppingListResponseSchema } from '@headland/domain/api/fieldsApi';
import {
  partnersCurrentResponseSchema,
  partnersRoutes,
  partnerUpdateResponseSchema,
  signResponseSchema,
  type PartnerUpdate,
} from '@headland/domain/api/partnersApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

export const partnersKey = (holdingId: number, yearId: number) => ['partners', holdingId, yearId] as const;

/** The partners of the session's crop year; a failure is shown by the dialog, with a retry. */
export function usePartners() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery({
    queryKey: partnersKey(holding.HoldingId, yearId),
    queryFn: ({ signal }) =>
      api.get(partnersRoutes.current.replace(':year', String(yearId)), {
        schema: partnersCurrentResponseSchema,
        signal,
        errorDialog: false,
        spinner: false,
      }),
    retry: false,
  });
}

/** The croppings of the session's crop year the caller sees, for choosing what a partner is shown. */
export function useYearCroppings() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery({
    queryKey: ['partners', holding.HoldingId, yearId, 'croppings'],
    queryFn: ({ signal }) =>
      api.get(`/api/croppings/v1?year=${yearId}`, {
        schema: croppingListResponseSchema,
        signal,
        spinner: false,
      }),
  });
}

export async function signDocuments(api: ApiClient, ids: number[]) {
  return api.post(partnersRoutes.sign, { body: { ids }, schema: signResponseSchema });
}

export async function updatePartner(api: ApiClient, update: PartnerUpdate) {
  return (await api.post(partnersRoutes.update, { body: update, schema: partnerUpdateResponseSchema }))
    .partner;
}
