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

/** How often the invitations are read again while an e-mail of theirs waits in the outbox. */
export const deliveryPollMs = 2_000;

/**
 * The holding's invitations, read again every {@link deliveryPollMs} while one of those named by `waitingMail`
 * (their address and issue time; '' for none) still has its e-mail queued, so that their status follows the
 * outbox: Sent once the mail has left, or Could not be delivered.
 */
export function useInvitationDelivery(holdingId: number, year: number, waitingMail: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...permissionsQueryKeys.dialog(holdingId, year), 'delivery', waitingMail],
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/holdings/v1/permissions', {
          query: { year },
          schema: permissionsResponseSchema,
          spinner: false,
          errorDialog: false,
          signal,
        })
      ).invites,
    enabled: waitingMail !== '',
    refetchInterval: (query) =>
      query.state.data?.some((invite) => invite.acceptedOn === null && invite.deliveryStatus === 'queued') ===
      false
        ? false
        : deliveryPollMs,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * `invites` with the delivery status that `read` gives the same invitation (address and issue time); null when
 * nothing changed.
 */
export function withDeliveryOf(
  invites: readonly Invitation[],
  read: readonly Invitation[],
): Invitation[] | null {
  const byEmail = new Map(read.map((invite) => [invite.email.toLowerCase(), invite]));
  let changed = false;
  const next = invites.map((invite) => {
    const fresh = byEmail.get(invite.email.toLowerCase());
    if (!fresh || fresh.deliveryStatus === invite.deliveryStatus || fresh.issuedOn !== invite.issuedOn)
      return invite;
    changed = true;
    return { ...invite, deliveryStatus: fresh.deliveryStatus };
  });
  return changed ? next : null;
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
