import { useQuery } from '@tanstack/react-query';
import { appsRoutes, connectionsResponseSchema } from '@headland/domain/api/appsApi';
import { folderContentsResponseSchema, storageApps, storageRoutes } from '@headland/domain/api/storageApi';
import { AppStatus, type ExternalApp } from '@headland/domain/connectedApps';
import type { ApiClient } from '../http/apiClient.ts';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { useAppSession } from '../session/AppSessionContext.tsx';

/** A folder's listing stays fresh this long; Refresh asks again at once (§7: cached per path). */
const folderFreshMs = 5 * 60_000;

/**
 * The caller's own working connections to apps with a file store on this holding. A session that may not see
 * connections (no current-holding write) simply has none to offer.
 */
export function useStorageConnections() {
  const api = useApiClient();
  const { holding, user } = useAppSession();
  const all = useQuery({
    queryKey: ['apps', holding.HoldingId, 'storage-connections'],
    queryFn: ({ signal }) =>
      api.get(appsRoutes.all, {
        schema: connectionsResponseSchema,
        signal,
        spinner: false,
        errorDialog: false,
      }),
    retry: false,
  });
  return (all.data ?? []).filter(
    (connection) =>
      connection.userId === user.Id &&
      connection.status === AppStatus.Ok &&
      storageApps.includes(connection.appId as ExternalApp),
  );
}

export const folderKey = (connectionId: number, path: string) => ['storage', connectionId, path] as const;

export function useFolder(connectionId: number, path: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: folderKey(connectionId, path),
    queryFn: ({ signal }) =>
      api.get(storageRoutes.folderContents, {
        query: { connectionId, path, levels: 1 },
        schema: folderContentsResponseSchema,
        signal,
        spinner: false,
        errorDialog: false,
      }),
    staleTime: folderFreshMs,
    retry: false,
  });
}

/** A chosen file's bytes, as a File an import takes like one dropped from the computer. */
export async function downloadStorageFile(
  api: ApiClient,
  connectionId: number,
  item: { Name: string; Path: string },
): Promise<File> {
  const { blob } = await api.get(storageRoutes.file, {
    query: { connectionId, path: item.Path },
    responseType: 'blob',
    spinner: false,
    errorDialog: false,
  });
  return new File([blob], item.Name);
}
