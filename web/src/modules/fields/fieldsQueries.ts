import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  croppingListResponseSchema,
  croppingResponseSchema,
  deletedResponseSchema,
  fieldListClientSchema,
  fieldResponseSchema,
  holdingValidationResponseSchema,
  type CroppingResponse,
  type CroppingWrite,
  type FieldResponse,
  type FieldWrite,
} from '@headland/domain/api/fieldsApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

/**
 * Query keys of the fields screens. Every key starts with its area and the holding, so a write can refresh
 * everything of one holding that it may have changed, and another holding's answers are never reused.
 */
export const fieldsQueryKeys = {
  fields: (holdingId: number) => ['fields', holdingId] as const,
  fieldList: (holdingId: number, yearId: number) => ['fields', holdingId, 'list', yearId] as const,
  field: (holdingId: number, fieldId: number) => ['fields', holdingId, 'detail', fieldId] as const,
  croppings: (holdingId: number) => ['croppings', holdingId] as const,
  croppingList: (holdingId: number, yearId: number) => ['croppings', holdingId, 'list', yearId] as const,
  cropping: (holdingId: number, croppingId: number) =>
    ['croppings', holdingId, 'detail', croppingId] as const,
  validation: (holdingId: number) => ['holdingValidation', holdingId] as const,
  validationYear: (holdingId: number, yearId: number) => ['holdingValidation', holdingId, yearId] as const,
};

/**
 * The query of one year's fields list, shared by the fields screens, the map and the shell's prefetch so that
 * all of them use one cache entry. The list is checked with the client schema, whose boundary check builds
 * nothing: for thousands of boundaries the full schema's check took longer than drawing them.
 */
export function fieldListQuery(api: ApiClient, holdingId: number, yearId: number) {
  return queryOptions({
    queryKey: fieldsQueryKeys.fieldList(holdingId, yearId),
    queryFn: ({ signal }) =>
      api.get('/api/fields/v1', {
        query: { year: yearId },
        schema: fieldListClientSchema,
        spinner: false,
        signal,
      }),
  });
}

/** The fields of one crop year, each with its croppings of that year. */
export function useFieldList(yearId: number) {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery(fieldListQuery(api, holding.HoldingId, yearId));
}

/** One field with its croppings of every year. */
export function useField(fieldId: number | undefined) {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery({
    queryKey: fieldsQueryKeys.field(holding.HoldingId, fieldId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/api/fields/v1/${fieldId}`, { schema: fieldResponseSchema, spinner: false, signal }),
    enabled: fieldId !== undefined,
  });
}

export function useCropping(croppingId: number | undefined) {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery({
    queryKey: fieldsQueryKeys.cropping(holding.HoldingId, croppingId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/api/croppings/v1/${croppingId}`, { schema: croppingResponseSchema, spinner: false, signal }),
    enabled: croppingId !== undefined,
  });
}

/** The croppings of several crop years, one query per year so that each year is cached on its own. */
export function useCroppingsOfYears(yearIds: readonly number[]) {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQueries({
    queries: yearIds.map((yearId) => ({
      queryKey: fieldsQueryKeys.croppingList(holding.HoldingId, yearId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get('/api/croppings/v1', {
          query: { year: yearId },
          schema: croppingListResponseSchema,
          spinner: false,
          signal,
        }),
    })),
    combine: (results) => ({
      croppings: results.flatMap((result) => result.data ?? []),
      pending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
}

export function useHoldingValidation(yearId: number) {
  const api = useApiClient();
  const { holding } = useAppSession();
  return useQuery({
    queryKey: fieldsQueryKeys.validationYear(holding.HoldingId, yearId),
    queryFn: ({ signal }) =>
      api.get('/api/holdings/v1/validation', {
        query: { year: yearId },
        schema: holdingValidationResponseSchema,
        spinner: false,
        signal,
      }),
  });
}

/** After any write the fields, croppings and validation answers of the holding may all be stale. */
export function useRefreshFieldsData() {
  const queryClient = useQueryClient();
  const { holding } = useAppSession();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fieldsQueryKeys.fields(holding.HoldingId) }),
      queryClient.invalidateQueries({ queryKey: fieldsQueryKeys.croppings(holding.HoldingId) }),
      queryClient.invalidateQueries({ queryKey: fieldsQueryKeys.validation(holding.HoldingId) }),
    ]);
}

/**
 * Creates (no id) or updates a field. The caller shows the server's 400 messages beside the form; a conflict
 * (another user saved the field since it was read) opens the shell's conflict dialog.
 */
export function useSaveField() {
  const api = useApiClient();
  const refresh = useRefreshFieldsData();
  return useMutation({
    mutationFn: ({ fieldId, body }: { fieldId?: number; body: FieldWrite }): Promise<FieldResponse> =>
      fieldId === undefined
        ? api.post('/api/fields/v1', { body, schema: fieldResponseSchema, errorDialog: 'conflicts' })
        : api.put(`/api/fields/v1/${fieldId}`, {
            body,
            schema: fieldResponseSchema,
            errorDialog: 'conflicts',
          }),
    onSuccess: refresh,
  });
}

/**
 * Deletes a field. Everything of the holding is refreshed except the deleted field's own answer: asking for it
 * again would only meet a 404 while its page is still open. The page forgets it (`useForgetField`) once it has
 * stopped showing it.
 */
export function useDeleteField() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { holding } = useAppSession();
  return useMutation({
    mutationFn: (fieldId: number) =>
      api.delete(`/api/fields/v1/${fieldId}`, { schema: deletedResponseSchema }),
    onSuccess: (_deleted, fieldId) => {
      const deleted = fieldsQueryKeys.field(holding.HoldingId, fieldId);
      const isDeleted = (key: readonly unknown[]) =>
        key.length === deleted.length && key.every((part, index) => part === deleted[index]);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: fieldsQueryKeys.fields(holding.HoldingId),
          predicate: (query) => !isDeleted(query.queryKey),
        }),
        queryClient.invalidateQueries({ queryKey: fieldsQueryKeys.croppings(holding.HoldingId) }),
        queryClient.invalidateQueries({ queryKey: fieldsQueryKeys.validation(holding.HoldingId) }),
      ]);
    },
  });
}

/** Drops a deleted field's answer from the cache, for a page that no longer asks for it. */
export function useForgetField() {
  const queryClient = useQueryClient();
  const { holding } = useAppSession();
  return (fieldId: number) =>
    queryClient.removeQueries({ queryKey: fieldsQueryKeys.field(holding.HoldingId, fieldId), exact: true });
}

export function useSaveCropping() {
  const api = useApiClient();
  const refresh = useRefreshFieldsData();
  return useMutation({
    mutationFn: ({
      croppingId,
      body,
    }: {
      croppingId?: number;
      body: CroppingWrite;
    }): Promise<CroppingResponse> =>
      croppingId === undefined
        ? api.post('/api/croppings/v1', { body, schema: croppingResponseSchema, errorDialog: 'conflicts' })
        : api.put(`/api/croppings/v1/${croppingId}`, {
            body,
            schema: croppingResponseSchema,
            errorDialog: 'conflicts',
          }),
    onSuccess: refresh,
  });
}

export function useDeleteCropping() {
  const api = useApiClient();
  const refresh = useRefreshFieldsData();
  return useMutation({
    mutationFn: (croppingId: number) =>
      api.delete(`/api/croppings/v1/${croppingId}`, { schema: deletedResponseSchema }),
    onSuccess: refresh,
  });
}

/** Whether the session may change fields and croppings: the fields write right in a session that can write. */
export function useCanEditFields(): boolean {
  const { permissions, readOnly } = useAppSession();
  return permissions.fields.write && !readOnly;
}
