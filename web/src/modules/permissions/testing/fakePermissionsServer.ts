import type {
  Invitation,
  PermissionsResponse,
  SavePermissionsRequest,
  SendInvitationRequest,
} from '@headland/domain/api/permissionsApi';
import { aPermissionsResponse } from './permissionsFixtures.ts';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakePermissionsServerOptions {
  data?: PermissionsResponse;
  /** An answer to the save in place of success. */
  saveFailure?: { status: number; body: unknown };
}

export interface FakePermissionsServer {
  /** What the next GET answers; tests change it to stand for what the server stored. */
  data: PermissionsResponse;
  calls: FakeCall[];
  fetch: typeof globalThis.fetch;
  saves(): SavePermissionsRequest[];
  loads(): number;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    // As the server answers a stale save: retrying it cannot succeed.
    headers: { 'Content-Type': 'application/json', ...(status === 409 ? { 'X-Omnia-Retry': 'No' } : {}) },
  });

/** A stand-in for the permission and invitation calls of the server, recording each call. */
export function fakePermissionsServer(options: FakePermissionsServerOptions = {}): FakePermissionsServer {
  const server: FakePermissionsServer = {
    data: options.data ?? aPermissionsResponse(),
    calls: [],
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      server.calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const path = url.pathname;
      if (method === 'GET' && path === '/api/holdings/v1/permissions') return json(200, server.data);
      if (method === 'POST' && path === '/api/holdings/v1/permissions') {
        if (options.saveFailure) return json(options.saveFailure.status, options.saveFailure.body);
        return json(200, { users: server.data.users });
      }
      if (method === 'POST' && path === '/api/holdings/v1/permissions/role/restricted')
        return json(200, true);
      if (method === 'POST' && path === '/api/holdings/v1/invites/send') {
        const request = body as SendInvitationRequest;
        const others = server.data.invites.filter((invite) => invite.email !== request.email);
        const invite: Invitation = {
          email: request.email,
          accessLevel: request.accessLevel,
          issuedOn: '2025-06-01T09:00:00.000Z',
          acceptedOn: null,
          deliveryStatus: 'queued',
        };
        server.data = { ...server.data, invites: [...others, invite] };
        return json(200, { invites: server.data.invites });
      }
      if (method === 'DELETE' && path === '/api/holdings/v1/invites/cancel') {
        const email = url.searchParams.get('email');
        server.data = {
          ...server.data,
          invites: server.data.invites.filter((invite) => invite.email !== email),
        };
        return json(200, { invites: server.data.invites });
      }
      return json(404, { Message: `No fake for ${method} ${path}` });
    },
    saves: () =>
      server.calls
        .filter((call) => call.method === 'POST' && call.path === '/api/holdings/v1/permissions')
        .map((call) => call.body as SavePermissionsRequest),
    loads: () =>
      server.calls.filter((call) => call.method === 'GET' && call.path === '/api/holdings/v1/permissions')
        .length,
  };
  return server;
}
