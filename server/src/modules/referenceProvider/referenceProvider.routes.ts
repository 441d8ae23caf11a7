import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storageFolder, storageName, storagePathSchema } from '@headland/domain/api/storageApi';
import { providerAccount, type ProviderAccount } from './demoContent.ts';
import { demoFile, folderEntries } from './demoFiles.ts';
import { ProviderState } from './providerState.ts';
import { referenceProviderPrefix, type ReferenceClient } from './referenceProvider.service.ts';
import { errorPage, signInPage } from './signInPage.ts';

const text = (max: number) => z.string().min(1).max(max);
const authorisationSchema = z.object({
  response_type: z.literal('code'),
  client_id: text(100),
  redirect_uri: text(2000),
  state: text(500),
  // PKCE is required and only S256 is taken (RFC 7636 §4.2: 43 characters of base64url).
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
  scope: z.string().max(200).optional(),
});
const signInSchema = authorisationSchema.omit({ response_type: true }).extend({
  username: text(200),
  password: text(500),
});
const tokenSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: text(200),
    redirect_uri: text(2000),
    code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
    client_id: text(100).optional(),
    client_secret: text(200).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: text(200),
    client_id: text(100).optional(),
    client_secret: text(200).optional(),
  }),
]);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const hidden = { hide: true } as const;
const open = { access: 'public' as const };

/**
 * The reference provider (issue 22 part 4): the OmniaConnect app, an OAuth 2 authorisation server with PKCE
 * and refresh-token rotation, and an organisations and machines API shaped like the machinery clouds', so that
 * an app connects end to end with no outside account. It is a separate service that happens to run in this
 * process: its routes stay out of Headland's API document.
 */
export async function referenceProviderRoutes(
  app: FastifyInstance,
  options: { client: ReferenceClient; state?: ProviderState },
): Promise<void> {
  const { client } = options;
  const state = options.state ?? new ProviderState();
  const authorizePath = `${referenceProviderPrefix}/oauth/authorize`;

  const knownClient = (clientId: string, redirectUri: string) =>
    clientId === client.clientId && redirectUri === client.redirectUri;

  app.get(authorizePath, { config: open, schema: hidden }, async (request, reply) => {
    const parsed = authorisationSchema.safeParse(request.query);
    if (!parsed.success)
      return page(reply, 400, errorPage('This sign-in link is not complete or not valid.'));
    const { response_type: _type, ...rest } = parsed.data;
    if (!knownClient(rest.client_id, rest.redirect_uri))
      return page(reply, 400, errorPage('This application is not registered with OmniaConnect.'));
    return page(reply, 200, signInPage(authorizePath, rest));
  });

  app.post(authorizePath, { config: open, schema: hidden }, async (request, reply) => {
    const parsed = signInSchema.safeParse(request.body);
    if (!parsed.success)
      return page(reply, 400, errorPage('This sign-in form is not complete or not valid.'));
    const { username, password, ...rest } = parsed.data;
    if (!knownClient(rest.client_id, rest.redirect_uri))
      return page(reply, 400, errorPage('This application is not registered with OmniaConnect.'));
    const account = providerAccount(username);
    if (!account || !sameText(account.password, password))
      return page(reply, 401, signInPage(authorizePath, rest, 'The user name or password is not right.'));
    const code = state.issueCode({
      clientId: rest.client_id,
      redirectUri: rest.redirect_uri,
      codeChallenge: rest.code_challenge,
      userName: account.userName,
    });
    const target = new URL(rest.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', rest.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post(
    `${referenceProviderPrefix}/oauth/token`,
    { config: open, schema: hidden },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const parsed = tokenSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const credentials = clientCredentials(request, parsed.data);
      if (
        !credentials ||
        credentials.id !== client.clientId ||
        !sameText(credentials.secret, client.clientSecret)
      )
        return reply.code(401).send({ error: 'invalid_client' });
      const body = parsed.data;
      const tokens =
        body.grant_type === 'authorization_code'
          ? state.redeemCode(body.code, credentials.id, body.redirect_uri, body.code_verifier)
          : state.refresh(body.refresh_token, credentials.id);
      if (!tokens) return reply.code(400).send({ error: 'invalid_grant' });
      return tokens;
    },
  );

  app.post(
    `${referenceProviderPrefix}/oauth/revoke`,
    { config: open, schema: hidden },
    async (request, reply) => {
      const parsed = z.object({ token: text(200) }).safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      state.revoke(parsed.data.token);
      return reply.code(200).send({});
    },
  );

  /** The caller's provider account: a bearer token, or a user name and password for basic connections. */
  const accountOf = (request: FastifyRequest): ProviderAccount | null => {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer (\S{1,200})$/.exec(header)?.[1];
    if (bearer) {
      const userName = state.userOfAccessToken(bearer);
      return userName ? (providerAccount(userName) ?? null) : null;
    }
    const basic = basicCredentials(header);
    if (!basic) return null;
    const account = providerAccount(basic.id);
    return account && sameText(account.password, basic.secret) ? account : null;
  };

  app.post(
    `${referenceProviderPrefix}/api/basic/validate`,
    { config: open, schema: hidden },
    async (request, reply) => {
      const parsed = z.object({ user: text(200), password: text(500) }).safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const account = providerAccount(parsed.data.user);
      const valid = Boolean(account && sameText(account.password, parsed.data.password));
      return reply.code(valid ? 200 : 401).send({ valid });
    },
  );

  app.get(
    `${referenceProviderPrefix}/api/organizations`,
    { config: open, schema: hidden },
    async (request, reply) => {
      const account = accountOf(request);
      if (!account) return reply.code(401).send({ error: 'invalid_token' });
      return {
        values: account.organisations.map(({ id, name, type }) => ({ id, name, type })),
        total: account.organisations.length,
      };
    },
  );

  app.get(
    `${referenceProviderPrefix}/api/organizations/:orgId/machines`,
    { config: open, schema: hidden },
    async (request, reply) => {
      const account = accountOf(request);
      if (!account) return reply.code(401).send({ error: 'invalid_token' });
      const { orgId } = request.params as { orgId: string };
      const organisation = account.organisations.find((item) => item.id === orgId);
      if (!organisation) return reply.code(404).send({ error: 'not_found' });
      return { values: organisation.machines, total: organisation.machines.length };
    },
  );

  // The file store, in the cloud stores' shape: a folder's entries, and a file's bytes.
  app.get(
    `${referenceProviderPrefix}/api/files`,
    { config: open, schema: hidden },
    async (request, reply) => {
      if (!accountOf(request)) return reply.code(401).send({ error: 'invalid_token' });
      const path = storagePathSchema.safeParse((request.query as { path?: unknown }).path ?? '/');
      if (!path.success) return reply.code(400).send({ error: 'invalid_request' });
      const entries = folderEntries(storageFolder(path.data));
      if (!entries) return reply.code(404).send({ error: 'not_found' });
      return {
        values: entries.map((entry) => ({
          name: storageName(entry.path),
          path: entry.path,
          type: entry.isFolder ? 'folder' : 'file',
          modified: entry.modified,
        })),
        total: entries.length,
      };
    },
  );

  app.get(
    `${referenceProviderPrefix}/api/files/content`,
    { config: open, schema: hidden },
    async (request, reply) => {
      if (!accountOf(request)) return reply.code(401).send({ error: 'invalid_token' });
      const path = storagePathSchema.safeParse((request.query as { path?: unknown }).path);
      const file = path.success ? demoFile(path.data) : undefined;
      if (!file?.content) return reply.code(404).send({ error: 'not_found' });
      return reply.type('application/octet-stream').send(Buffer.from(file.content()));
    },
  );
}

function page(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function basicCredentials(header: string): { id: string; secret: string } | null {
  const encoded = /^Basic ([A-Za-z0-9+/=]{1,1000})$/.exec(header)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  // RFC 6749 §2.3.1: client credentials in the Basic header are form-encoded first; so are users' here.
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
}

function clientCredentials(
  request: FastifyRequest,
  body: { client_id?: string; client_secret?: string },
): { id: string; secret: string } | null {
  const basic = basicCredentials(request.headers.authorization ?? '');
  if (basic) return basic;
  return body.client_id && body.client_secret ? { id: body.client_id, secret: body.client_secret } : null;
}
