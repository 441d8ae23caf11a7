import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  appsRoutes,
  availableResponseSchema,
  configResponseSchema,
  connectionSchema,
  connectionsResponseSchema,
  createResponseSchema,
  removedResponseSchema,
  validateBasicResponseSchema,
} from '@headland/domain/api/appsApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

export const appsKey = (holdingId: number) => ['apps', holdingId] as const;

/**
 * The apps that can be connected and the holding's connections, each checked with its provider (validate=true)
 * so that a revoked account shows as invalid when the dialog opens. A failure is the dialog's to show.
 */
export function useAppsOverview() {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery({
    queryKey: appsKey(holding.HoldingId),
    queryFn: async ({ signal }) => {
      const quiet = { signal, errorDialog: false, spinner: false } as const;
      const [available, connections] = await Promise.all([
        api.get(appsRoutes.available, { ...quiet, schema: availableResponseSchema }),
        api.get(appsRoutes.all, { ...quiet, query: { validate: 'true' }, schema: connectionsResponseSchema }),
      ]);
      return { apps: available.apps, connections };
    },
    retry: false,
  });
}

export function useConnectionConfig(connectionId: number) {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery({
    queryKey: [...appsKey(holding.HoldingId), 'config', connectionId],
    queryFn: ({ signal }) =>
      api.get(appsRoutes.configOf.replace(':connectionId', String(connectionId)), {
        schema: configResponseSchema,
        signal,
        spinner: false,
        // The choice shows its own failure; a connection just disconnected answers 404 until the list catches up.
        errorDialog: false,
      }),
    retry: false,
  });
}

export function createConnection(api: ApiClient, appId: number) {
  return api.post(appsRoutes.create, { query: { appId: String(appId) }, schema: createResponseSchema });
}

/** One poll of a connection being made: quiet, since a slow provider must not cover the screen. */
export function checkConnection(api: ApiClient, connectionId: number) {
  return api.get(appsRoutes.check, {
    query: { id: String(connectionId) },
    schema: connectionSchema,
    spinner: false,
    errorDialog: false,
  });
}

/** Removes a half-made connection; one that already holds a credential is refused and kept, which is right. */
export async function cancelConnection(api: ApiClient, connectionId: number): Promise<void> {
  await api
    .post(appsRoutes.cancel, {
      query: { id: String(connectionId) },
      schema: removedResponseSchema,
      spinner: false,
      errorDialog: false,
    })
    .catch(() => undefined);
}

export function disconnectConnection(api: ApiClient, connectionId: number, deleteData: boolean) {
  return api.post(appsRoutes.disconnect, {
    query: { id: String(connectionId), deleteData: String(deleteData) },
    schema: removedResponseSchema,
  });
}

export function validateBasic(
  api: ApiClient,
  body: { connectionId: number; user: string; password: string },
) {
  return api.post(appsRoutes.validateBasic, { body, schema: validateBasicResponseSchema });
}

export function saveConnectionConfig(
  api: ApiClient,
  body: { connectionId: number; org: string; orgName: string; config?: { firstYear: number | null } },
) {
  return api.post(appsRoutes.config, { body, schema: connectionSchema });
}

export type AppsOverview = NonNullable<ReturnType<typeof useAppsOverview>['data']>;
export type ConnectionConfig = z.infer<typeof configResponseSchema>;
