import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentListResponseSchema,
  documentSchema,
  type DocumentEditRequest,
  type ImportDocument,
} from '@headland/domain/api/documentsApi';
import type { DocumentListSize } from '@headland/domain/limits';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

/** Every query of a holding's library starts with this key, so one invalidation refreshes them all. */
export const documentsKey = (holdingId: number) => ['documents', holdingId] as const;

/** The library of one crop year, or of every year. */
export function useDocumentList(year: number | 'all') {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery({
    queryKey: [...documentsKey(holding.HoldingId), 'list', year],
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/import/document/read/${holding.HoldingId}/${year}`, {
          schema: documentListResponseSchema,
          spinner: false,
          errorDialog: false,
          signal,
        })
      ).Documents,
  });
}

/**
 * The bytes behind an image path, fetched with the session's token (an `img` element cannot send it) and kept
 * by the query cache; `null` path, no fetch.
 */
export function useImageBlob(path: string | null, size?: DocumentListSize) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['documentImage', path, size ?? null],
    enabled: path !== null,
    staleTime: Infinity,
    gcTime: 5 * 60 * 1000,
    queryFn: async ({ signal }) =>
      (
        await api.get(path!, {
          responseType: 'blob',
          query: size ? { size } : undefined,
          spinner: false,
          errorDialog: false,
          signal,
        })
      ).blob,
  });
}

/** An object URL for a blob, made while the component shows it and released after. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
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
