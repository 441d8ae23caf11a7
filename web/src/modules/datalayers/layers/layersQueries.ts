import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  addZoneRequestSchema,
  cutZonesRequestSchema,
  editZoneRequestSchema,
  mergeZonesRequestSchema,
  restoreZonesRequestSchema,
  splitZoneRequestSchema,
  GeometryFormat,
  layerListResponseSchema,
  layersPath,
  layersRoutes,
  totalsResponseSchema,
  zoneChangeResponseSchema,
  zonesResponseSchema,
  type ApplicationRequest,
  type CreateLayerRequest,
  type DataLayer,
  type RequirementRequest,
  type ZoneChangeResponse,
} from '@headland/domain/api/layersApi';
import { dataLayerSchema } from '@headland/domain/api/layersApi';
import type { ApiClient } from '../../../shell/http/apiClient.ts';
import { useApiClient } from '../../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../../shell/session/AppSessionContext.tsx';

/** Every query of a holding's data layers starts with this key, so one invalidation refreshes them all. */
export const layersKey = (holdingId: number) => ['dataLayers', holdingId] as const;

/** The crop year's layers of the holding, without geometry. */
export function layerListQuery(api: ApiClient, holdingId: number, yearId: number) {
  return queryOptions({
    queryKey: [...layersKey(holdingId), 'list', yearId],
    queryFn: async ({ signal }) =>
      (
        await api.get(layersPath(layersRoutes.list, { holdingId, yearId }), {
          schema: layerListResponseSchema,
          spinner: false,
          errorDialog: false,
          signal,
        })
      ).Layers,
  });
}

export function useLayerList() {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery(layerListQuery(api, holding.HoldingId, yearId));
}

/** One layer's zones with their geometry as WKT in EPSG:4326, loaded when the layer is first shown. */
export function layerZonesQuery(api: ApiClient, holdingId: number, layerId: number) {
  return queryOptions({
    queryKey: [...layersKey(holdingId), 'zones', layerId],
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      api.get(layersPath(layersRoutes.zones, { id: layerId }), {
        query: { geometryFormat: GeometryFormat.Wkt },
        schema: zonesResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
  });
}

export function useLayerTotals(enabled: boolean) {
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  return useQuery({
    queryKey: [...layersKey(holding.HoldingId), 'totals', yearId],
    enabled,
    queryFn: async ({ signal }) =>
      api.get(layersPath(layersRoutes.totals, { holdingId: holding.HoldingId, yearId }), {
        schema: totalsResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
  });
}

/** A zone operation of the zone editor, each with the body its route's schema takes. */
export type ZoneOperation =
  | { kind: 'add'; body: z.input<typeof addZoneRequestSchema> }
  | { kind: 'cut'; body: z.input<typeof cutZonesRequestSchema> }
  | { kind: 'edit'; zoneId: number; body: z.input<typeof editZoneRequestSchema> }
  | { kind: 'split'; body: z.input<typeof splitZoneRequestSchema> }
  | { kind: 'merge'; body: z.input<typeof mergeZonesRequestSchema> }
  | { kind: 'restore'; body: z.input<typeof restoreZonesRequestSchema> }
  | { kind: 'resetZone'; zoneId: number }
  | { kind: 'resetLayer' };

/** The route of a zone operation on layer `id`, and its method. */
function zoneOperationCall(id: number, operation: ZoneOperation): { method: 'POST' | 'PUT'; path: string } {
  switch (operation.kind) {
    case 'add':
      return { method: 'POST', path: layersPath(layersRoutes.addZone, { id }) };
    case 'cut':
      return { method: 'POST', path: layersPath(layersRoutes.cutZones, { id }) };
    case 'edit':
      return { method: 'PUT', path: layersPath(layersRoutes.zone, { id, zoneId: operation.zoneId }) };
    case 'split':
      return { method: 'POST', path: layersPath(layersRoutes.splitZone, { id }) };
    case 'merge':
      return { method: 'POST', path: layersPath(layersRoutes.mergeZones, { id }) };
    case 'restore':
      return { method: 'POST', path: layersPath(layersRoutes.restoreZones, { id }) };
    case 'resetZone':
      return { method: 'POST', path: layersPath(layersRoutes.zoneReset, { id, zoneId: operation.zoneId }) };
    case 'resetLayer':
      return { method: 'POST', path: layersPath(layersRoutes.resetLayer, { id }) };
  }
}

/**
 * Sends a zone operation of layer `layerId` (add, cut, edit, split, merge, restore, reset); the server decides
 * every geometry, and the layer's zones, list and totals are read again afterwards. Failures are shown by the
 * caller.
 */
export function useZoneOperation(layerId: number) {
  const api = useApiClient();
  const client = useQueryClient();
  const { holding } = useAppSession();
  return useMutation({
    mutationFn: async (operation: ZoneOperation): Promise<ZoneChangeResponse> => {
      const { method, path } = zoneOperationCall(layerId, operation);
      const options = {
        body: 'body' in operation ? operation.body : undefined,
        query: { geometryFormat: GeometryFormat.Wkt },
        schema: zoneChangeResponseSchema,
        errorDialog: false,
      };
      return method === 'PUT' ? api.put(path, options) : api.post(path, options);
    },
    onSettled: () => client.invalidateQueries({ queryKey: layersKey(holding.HoldingId) }),
  });
}

/** Creates a requirement or an application layer. */
export function useCreateCalculatedLayer() {
  const api = useApiClient();
  const client = useQueryClient();
  const { holding } = useAppSession();
  return useMutation({
    mutationFn: async (
      request:
        { kind: 'requirement'; body: RequirementRequest } | { kind: 'application'; body: ApplicationRequest },
    ): Promise<DataLayer> =>
      api.post(request.kind === 'requirement' ? layersRoutes.requirement : layersRoutes.application, {
        body: request.body,
        schema: dataLayerSchema,
        errorDialog: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: layersKey(holding.HoldingId) }),
  });
}

/** Creates an empty layer drawn on the map afterwards (a holding drawing or a field's EC scan). */
export function useCreateLayer() {
  const api = useApiClient();
  const client = useQueryClient();
  const { holding } = useAppSession();
  return useMutation({
    mutationFn: async (body: CreateLayerRequest): Promise<DataLayer> =>
      api.post(layersRoutes.create, { body, schema: dataLayerSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: layersKey(holding.HoldingId) }),
  });
}
