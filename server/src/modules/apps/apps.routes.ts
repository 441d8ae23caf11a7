import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allQuerySchema,
  appsRoutes as paths,
  availableResponseSchema,
  callbackQuerySchema,
  configResponseSchema,
  connectionIdParamsSchema,
  connectionIdQuerySchema,
  connectionSchema,
  connectionsResponseSchema,
  createQuerySchema,
  createResponseSchema,
  disconnectQuerySchema,
  machinesQuerySchema,
  machinesResponseSchema,
  removedResponseSchema,
  saveConfigRequestSchema,
  validateBasicRequestSchema,
  validateBasicResponseSchema,
} from '@headland/domain/api/appsApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { appsContextOf, type AppsOptions } from './appsContext.ts';
import { refusalLanguage, refusalTextLookup } from '../../http/refusalTexts.ts';
import {
  availableApps,
  cancelConnection,
  checkConnection,
  completeAuthorisation,
  connectionConfig,
  connectionMachines,
  createConnection,
  disconnectConnection,
  listConnections,
  saveConfig,
  validateBasic,
} from './apps.service.ts';
import { callbackPage } from './callbackPage.ts';

/**
 * Connected apps (session-shell-connections §7): connections are managed from the user menu, which needs
 * current-holding write (§6), reading included; changing one further needs its owner or Admin and above.
 */
const write = { access: { area: 'currentHolding' as const, level: 'write' as const } };
const tags = ['apps'];

export async function appsRoutes(app: FastifyInstance, options: AppsOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context = appsContextOf(app, options);
  const sayer = (request: FastifyRequest) => {
    const lookup = refusalTextLookup(refusalLanguage(request));
    return (key: string) => lookup(key) ?? key;
  };

  api.get(
    paths.available,
    {
      config: write,
      schema: {
        tags,
        operationId: 'listAvailableApps',
        summary: 'The apps that can be connected here',
        description:
          'The apps this server is configured for and the brand offers, each with its connection modes (OAuth 1, BasicAuth 2; the first is the one create starts). Empty when no sealing key is set.',
        response: { 200: availableResponseSchema },
      },
    },
    async (request) => availableApps(context(request)),
  );

  api.post(
    paths.create,
    {
      config: write,
      schema: {
        tags,
        operationId: 'createAppConnection',
        summary: 'Start a connection to an external app',
        description:
          'Makes the caller’s connection record for the app on the holding (or takes up the one there, to reconnect). For an OAuth app the answer carries the provider’s consent address, with state and PKCE (S256); the client opens it in a popup and polls check until the status is Ok. A basic app answers null there: the client posts user and password to validate/basic.',
        querystring: createQuerySchema,
        response: { 200: createResponseSchema },
      },
    },
    async (request) => createConnection(context(request), holdingCallerOf(request), request.query.appId),
  );

  api.get(
    paths.check,
    {
      config: write,
      schema: {
        tags,
        operationId: 'checkAppConnection',
        summary: 'Check a connection with its provider',
        description:
          'Asks the provider with the connection’s credential (refreshing an access token first when it is due) and answers the connection with its status: Ok 0, InvalidConnection 1, InvalidOrganisation 2.',
        querystring: connectionIdQuerySchema,
        response: { 200: connectionSchema },
      },
    },
    async (request) => checkConnection(context(request), holdingCallerOf(request), request.query.id),
  );

  api.get(
    paths.all,
    {
      config: write,
      schema: {
        tags,
        operationId: 'listAppConnections',
        summary: 'List the holding’s app connections',
        description:
          'Every connection made on the holding, by any of its users. With validate=true each is checked with its provider first; a provider that does not answer leaves its connection’s status as it was.',
        querystring: allQuerySchema,
        response: { 200: connectionsResponseSchema },
      },
    },
    async (request) => listConnections(context(request), holdingCallerOf(request), request.query.validate),
  );

  api.post(
    paths.cancel,
    {
      config: write,
      schema: {
        tags,
        operationId: 'cancelAppConnection',
        summary: 'Remove a connection that was never completed',
        description: 'Only a connection that holds no token or password yet; its owner or Admin and above.',
        querystring: connectionIdQuerySchema,
        response: { 200: removedResponseSchema },
      },
    },
    async (request) => cancelConnection(context(request), holdingCallerOf(request), request.query.id),
  );

  api.post(
    paths.disconnect,
    {
      config: write,
      schema: {
        tags,
        operationId: 'disconnectApp',
        summary: 'Disconnect an app',
        description:
          'Deletes the connection and its sealed credentials; its owner or Admin and above. No app data is brought into Headland yet, so deleteData has nothing further to delete.',
        querystring: disconnectQuerySchema,
        response: { 200: removedResponseSchema },
      },
    },
    async (request) => disconnectConnection(context(request), holdingCallerOf(request), request.query.id),
  );

  api.post(
    paths.validateBasic,
    {
      config: write,
      schema: {
        tags,
        operationId: 'validateBasicAppConnection',
        summary: 'Connect an app with a user name and password',
        description:
          'The provider checks the pair; true stores it (the password sealed) and makes the connection Ok, false stores nothing.',
        body: validateBasicRequestSchema,
        response: { 200: validateBasicResponseSchema },
      },
    },
    async (request) => validateBasic(context(request), holdingCallerOf(request), request.body),
  );

  api.get(
    paths.configOf,
    {
      config: write,
      schema: {
        tags,
        operationId: 'getAppConnectionConfig',
        summary: 'The organisations of a connection’s account and its chosen organisation and config',
        description:
          'Its owner or Admin and above. An empty organisation list comes with the words of session-shell-connections §8 in message.',
        params: connectionIdParamsSchema,
        response: { 200: configResponseSchema },
      },
    },
    async (request) =>
      connectionConfig(
        context(request),
        holdingCallerOf(request),
        request.params.connectionId,
        sayer(request),
      ),
  );

  api.post(
    paths.config,
    {
      config: write,
      schema: {
        tags,
        operationId: 'saveAppConnectionConfig',
        summary: 'Choose a connection’s organisation and config',
        description:
          'org must be one of the account’s organisations (the provider’s name of it is kept). config.firstYear applies to the sync app only: from 2010 to the holding’s latest year.',
        body: saveConfigRequestSchema,
        response: { 200: connectionSchema },
      },
    },
    async (request) => saveConfig(context(request), holdingCallerOf(request), request.body),
  );

  api.get(
    paths.machines,
    {
      config: write,
      schema: {
        tags,
        operationId: 'listAppMachines',
        summary: 'The machines of an organisation of a connection',
        description:
          'The owner or Admin and above may ask for any organisation of the account; other users of the holding for the chosen one only. An empty list comes with the words of §8 in message.',
        params: connectionIdParamsSchema,
        querystring: machinesQuerySchema,
        response: { 200: machinesResponseSchema },
      },
    },
    async (request) =>
      connectionMachines(
        context(request),
        holdingCallerOf(request),
        request.params.connectionId,
        request.query.orgId,
        sayer(request),
      ),
  );

  api.get(
    paths.callback,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'appAuthorisationCallback',
        summary: 'Where a provider sends the connect popup back',
        description:
          'The state names the connection (it carries no sign-in of Headland’s); the code is traded for tokens with the connection’s PKCE verifier. Answers a page saying whether the app is connected.',
        querystring: callbackQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(
        Object.entries(request.query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const connected = await completeAuthorisation(context(request), query);
      const language = refusalLanguage(request);
      // A page either way, for the popup's user: every 400 of the API is a JSON refusal, and this is not one.
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(callbackPage(connected, language, refusalTextLookup(language)));
    },
  );
}
