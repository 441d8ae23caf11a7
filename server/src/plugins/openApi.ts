import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiTags, describeOperation, finishDocument } from './openApiDocument.ts';

/**
 * The OpenAPI document at /api/openapi.json and its reader at /api/docs. Every operation gets its
 * operationId, summary, area tag, security scheme and refusal answers here, from the route's declared access
 * rule and schema, so that routes declare only what is particular to them.
 */
export const openApi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Headland API', version: '1.0.0', description: 'Farm-management API of Headland.' },
        servers: [{ url: '/', description: 'The server that serves this document' }],
        tags: apiTags,
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by sign-in.' },
          },
        },
        security: [{ bearer: [] }],
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        if ((input.schema as { hide?: boolean } | undefined)?.hide) return transformed;
        return {
          ...transformed,
          schema: describeOperation(
            input.route,
            input.url,
            (transformed.schema ?? {}) as Record<string, unknown>,
          ),
        };
      },
      transformObject: (documentObject) =>
        finishDocument(
          'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
        ),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Operations grouped under their area's tag, areas and operations in a stable order.
      uiConfig: { docExpansion: 'list', tagsSorter: 'alpha', operationsSorter: 'alpha', deepLinking: true },
    });
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () =>
      app.swagger(),
    );
  },
  { name: 'open-api' },
);
