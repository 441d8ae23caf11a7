import { useQuery } from '@tanstack/react-query';
import {
  planListResponseSchema,
  planResponseSchema,
  plansRoutes,
  type PlanCreate,
  type PlanUpdate,
  type PrescriptionPlan,
} from '@headland/domain/api/plansApi';
import type { PrescriptionFormat } from '@headland/domain/plans/prescriptionRules';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { saveFile } from '../holdings/holdingTransfer.ts';

const onePath = (id: number) => plansRoutes.one.replace(':id', String(id));
export const plansKey = (holdingId: number) => ['prescriptionPlans', holdingId] as const;

export function usePlanList(year: number) {
  const api = useApiClient();
  const holdingId = useAppSession().holding.HoldingId;
  return useQuery({
    queryKey: [...plansKey(holdingId), 'list', year],
    queryFn: async ({ signal }) =>
      (await api.get(`${plansRoutes.list}?year=${year}`, { schema: planListResponseSchema, signal })).Plans,
  });
}

export function usePlan(id: number | null) {
  const api = useApiClient();
  const holdingId = useAppSession().holding.HoldingId;
  return useQuery({
    queryKey: [...plansKey(holdingId), 'one', id],
    queryFn: async ({ signal }) => (await api.get(onePath(id!), { schema: planResponseSchema, signal })).Plan,
    enabled: id !== null,
  });
}

/** Refusals are shown by the screen beside its button, so no error dialog opens for them. */
export async function createPlan(api: ApiClient, body: PlanCreate): Promise<PrescriptionPlan> {
  return (await api.post(plansRoutes.list, { body, schema: planResponseSchema, errorDialog: false })).Plan;
}

export async function updatePlan(api: ApiClient, id: number, body: PlanUpdate): Promise<PrescriptionPlan> {
  return (await api.put(onePath(id), { body, schema: planResponseSchema, errorDialog: false })).Plan;
}

export async function downloadPlanFile(
  api: ApiClient,
  id: number,
  format: PrescriptionFormat,
  cellSize: number,
): Promise<string> {
  const { blob, fileName } = await api.get(
    `${plansRoutes.file.replace(':id', String(id))}?format=${format}&cellSize=${cellSize}`,
    { responseType: 'blob', errorDialog: false, spinner: false },
  );
  const name = fileName ?? `prescription_${format}.zip`;
  saveFile(blob, name);
  return name;
}
