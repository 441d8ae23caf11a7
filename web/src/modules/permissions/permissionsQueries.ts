import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  invitationsResponseSchema,
  permissionsResponseSchema,
  savePermissionsResponseSchema,
  type Invitation,
  type SavePermissionsRequest,
  type SendInvitationRequest,
} from '@headland/domain/api/permissionsApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';

export const permissionsQueryKeys = {
  dialog: (holdingId: number, year: number) => ['permissions', holdingId, year] as const,
};

/** The users and permissions dialog's data for the holding's crop year: users, invitations and croppings. */
export function useHoldingPermissions(holdingId: number, year: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: permissionsQueryKeys.dialog(holdingId, year),
    queryFn: ({ signal }) =>
      api.get('/api/holdings/v1/permissions', {
        query: { year },
        schema: permissionsResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
    // Opening the dialog again, Refresh and the reload after Save must all show what is stored now.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * Saves roles, permissions, cropping access and removals; failures are shown in the dialog, except a conflict
 * (a membership changed since the dialog read it), which the shell's conflict dialog shows.
 */
export function savePermissions(api: ApiClient, request: SavePermissionsRequest) {
  return api.post('/api/holdings/v1/permissions', {
    body: request,
    schema: savePermissionsResponseSchema,
    errorDialog: 'conflicts',
  });
}

/** The caller becomes a restricted member; the server ends the session's token with it. */
export function switchToRestrictedMember(api: ApiClient) {
  return api.post('/api/holdings/v1/permissions/role/restricted', {
    schema: z.literal(true),
    errorDialog: false,
  });
}

/**
 * Sends an invitation, or sends a pending one again. A failure goes to the general error handler
 * (holdings spec §8).
 */
export async function sendInvitation(api: ApiClient, request: SendInvitationRequest): Promise<Invitation[]> {
  const response = await api.post('/api/holdings/v1/invites/send', {
    body: request,
    schema: invitationsResponseSchema,
  });
  return response.invites;
}

export async function cancelInvitation(api: ApiClient, email: string): Promise<Invitation[]> {
  const response = await api.delete('/api/holdings/v1/invites/cancel', {
    query: { email },
    schema: invitationsResponseSchema,
    errorDialog: false,
  });
  return response.invites;
}
