import {
  QueryCache,
  QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  documentListResponseSchema,
  documentSchema,
  type DocumentEditRequest,
  type ImportDocument,
} from '@headland/domain/api/documentsApi';
import type { DocumentListSize } from '@headland/domain/limits';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

/** Every query of a holding's library starts with this key, so one invalidation refreshes them all. */
export const documentsKey = (holdingId: number) => ['documents', holdingId] as const;

/** The query of the library of one crop year, or of every year; shared by the popup and its prefetch. */
export function documentListQuery(api: ApiClient, holdingId: number, year: number | 'all') {
  return queryOptions({
    queryKey: [...documentsKey(holdingId), 'list', year],
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/import/document/read/${holdingId}/${year}`, {
          schema: documentListResponseSchema,
          spinner: false,
          errorDialog: false,
          signal,
        })
      ).Documents,
  });
}

/** The library of one crop year, or of every year. */
export function useDocumentList(year: number | 'all') {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery(documentListQuery(api, holding.HoldingId, year));
}

const watchedCaches = new WeakSet<QueryCache>();

/** Releases the object URL of an image once the query cache lets go of it. */
function revokeOnRemoval(client: QueryClient): void {
  const cache = client.getQueryCache();
  if (watchedCaches.has(cache)) return;
  watchedCaches.add(cache);
  cache.subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[0] !== imageKey) return;
    const data = event.query.state.data as { url: string } | undefined;
    if (data) URL.revokeObjectURL(data.url);
  });
}

const imageKey = 'documentImage';

/**
 * An object URL of the file behind an image path, fetched with the session's token (an `img` element cannot
 * send it) and kept by the query cache, which releases the URL when it drops the query; null path, no fetch.
 */
export function useImageUrl(path: string | null, size?: DocumentListSize): string | null {
  const api = useApiClient();
  const client = useQueryClient();
  revokeOnRemoval(client);
  const query = useQuery({
    queryKey: [imageKey, path, size ?? null],
    enabled: path !== null,
    staleTime: Infinity,
    gcTime: 5 * 60 * 1000,
    queryFn: async ({ signal }) => {
      const file = await api.get(path!, {
        responseType: 'blob',
        query: size ? { size } : undefined,
        spinner: false,
        errorDialog: false,
        signal,
      });
      return { url: URL.createObjectURL(file.blob) };
    },
  });
  return query.data?.url ?? null;
}

/** Saves the properties popup. */
export function useEditDocument() {
  const api = useApiClient();
  const client = useQueryClient();
  const { holding } = useAppSession();
  return useMutation({
    mutationFn: (request: DocumentEditRequest): Promise<ImportDocument> =>
      api.post('/api/import/document/edit', { body: request, schema: documentSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(holding.HoldingId) }),
  });
}

/** Removes a document. */
export function useDeleteDocument() {
  const api = useApiClient();
  const client = useQueryClient();
  const { holding } = useAppSession();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/import/document/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(holding.HoldingId) }),
  });
}
