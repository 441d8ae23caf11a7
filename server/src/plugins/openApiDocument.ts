import type { RouteOptions } from 'fastify';
import { operationSummaries } from './operationSummaries.ts';

/** The areas of the API, one tag each: /api/docs lists the operations under them. */
export const apiTags: { name: string; description: string }[] = [
  { name: 'session', description: 'Sign-in, the session and its holding, live updates and the brand.' },
  { name: 'user', description: 'The own account: details, password, e-mail address, terms.' },
  { name: 'signup', description: 'Creating an account and setting it up.' },
  { name: 'settings', description: 'Settings kept per user and holding.' },
  { name: 'holdings', description: 'Holdings: list, details, changes, export and import.' },
  { name: 'permissions', description: "A holding's users, their permissions and invitations." },
  { name: 'fields', description: 'Fields, their boundaries and imports, shared lists and holding checks.' },
  { name: 'croppings', description: 'Croppings of the fields by crop year.' },
  { name: 'layers', description: 'Map layers, their zones and recommendations.' },
  {
    name: 'exports',
    description: "The holding's fields, croppings and map layers as files other GIS tools read.",
  },
  { name: 'imports', description: "The Import screen: the caller's imports with their status and progress." },
  { name: 'plans', description: 'Prescription plans and the files that terminals read.' },
  {
    name: 'partners',
    description: 'Partner organisations a holding shares chosen croppings with, and their legal documents.',
  },
  {
    name: 'apps',
    description:
      'Connections to external apps (machinery clouds, file stores), their organisations and machines.',
  },
  { name: 'documents', description: 'Documents and photos attached to fields and croppings.' },
  { name: 'nutrition', description: 'Data carried over from the previous nutrition application.' },
  { name: 'resources', description: 'Texts and translations the clients read.' },
  { name: 'maintenance', description: 'Maintenance notices and the maintenance window.' },
  { name: 'health', description: 'Whether the server and its database answer.' },
  { name: 'basemaps', description: "A holding's custom base maps, for Master users and above." },
];

/** The shape of every 4xx answer (see server/src/http/httpErrors.ts and the spec's error box). */
export const refusalSchema = {
  type: 'object',
  description: 'Why a request was refused, in words for the user and as a code for clients.',
  required: ['Message'],
  properties: {
    Message: { type: 'string', description: 'What went wrong, in the words shown to the user.' },
    Code: { type: 'string', description: 'What went wrong as a code from the refusal catalogue.' },
    Params: {
      type: 'object',
      description: 'The values the code is worded with.',
      additionalProperties: true,
    },
    Errors: {
      type: 'array',
      description: 'Each field at fault, the first of which the client shows.',
      items: {
        type: 'object',
        required: ['Message'],
        properties: {
          Field: { type: 'string', description: 'The field at fault, as the request names it.' },
          Message: { type: 'string' },
          Code: { type: 'string' },
          Params: { type: 'object', additionalProperties: true },
        },
      },
    },
  },
  additionalProperties: true,
} as const;

const refusalWords: Record<string, string> = {
  '400': 'The request is invalid: the refusal names each field at fault.',
  '401': 'No valid access token: sign in again.',
  '403':
    'The caller may not do this (permissions, read-only session, terms not accepted, no holding chosen).',
  '404': 'What the request names does not exist, or is not visible to the caller.',
  '413': 'The request body is larger than this operation accepts.',
};

const methodVerbs: Record<string, string> = {
  GET: 'get',
  HEAD: 'head',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
};

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A camelCase id from the method and the path: `GET /api/fields/v1/:id` becomes `getFieldsById`. The version
 * segment v1 is left out (only one version of each route exists); other versions stay in.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && segment !== 'v1')
    .map((segment) => {
      const parameter = /^[:{]([^}]+)}?$/.exec(segment)?.[1];
      const words = (parameter ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return (parameter ? 'By' : '') + words.map(capitalise).join('');
    });
  return (methodVerbs[method] ?? method.toLowerCase()) + parts.join('');
}

/** The OpenAPI path of a Fastify route: `:id` becomes `{id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function areaOfUrl(url: string): string {
  return url.split('/').filter((segment) => segment && segment !== 'api')[0] ?? 'api';
}

/** What every operation carries, from the route: id, summary, its area's tag and its security scheme. */
export function describeOperation(
  route: RouteOptions,
  url: string,
  schema: Record<string, unknown>,
): Record<string, unknown> {
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const declaredTags = schema.tags as string[] | undefined;
  const key = `${method} ${openApiPath(url)}`;
  return {
    ...schema,
    operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
    summary: (schema.summary as string | undefined) ?? operationSummaries[key] ?? key,
    tags: [declaredTags?.[0] ?? areaOfUrl(url)],
    security: route.config?.access === 'public' ? [] : [{ bearer: [] }],
  };
}

interface Operation {
  parameters?: { in: string }[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
}

const refusalContent = { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } };

/**
 * The refusals an operation may answer, from what it takes: 400 with any input, 413 with a body, 401 and
 * 403 unless public, 404 with a path parameter. Refusals the route declares itself keep their schema.
 */
function refusalsOf(path: string, operation: Operation): string[] {
  const statuses: string[] = [];
  if (operation.parameters?.length || operation.requestBody) statuses.push('400');
  if (operation.security?.length) statuses.push('401', '403');
  if (path.includes('{')) statuses.push('404');
  if (operation.requestBody) statuses.push('413');
  return statuses;
}

type SchemaNode = Record<string, unknown>;

/**
 * Tidies what the zod conversion leaves for OpenAPI 3.0 readers: a union of literals of one type converts to
 * repeated copies of that type (kept once), and a nullable union or unknown carries `nullable` without the
 * `type` it qualifies (moved onto each typed member; dropped where any value is allowed anyway).
 */
function tidySchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidySchemas(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as SchemaNode;
  for (const value of Object.values(schema)) tidySchemas(value);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    const seen = new Set<string>();
    const unique = members.filter((member) => {
      const text = JSON.stringify(member);
      return seen.has(text) ? false : (seen.add(text), true);
    });
    if (unique.length === 1 && typeof unique[0] === 'object') {
      delete schema[key];
      Object.assign(schema, unique[0]);
    } else {
      schema[key] = unique;
    }
  }
  if (schema.nullable === true && schema.type === undefined) {
    const members = (schema.anyOf ?? schema.oneOf) as SchemaNode[] | undefined;
    if (members?.every((member) => member.type !== undefined)) {
      for (const member of members) member.nullable = true;
      delete schema.nullable;
    } else if (!members && schema.allOf === undefined && schema.$ref === undefined) {
      delete schema.nullable;
    }
  }
}

/** Adds the refusal schema and each operation's refusals to the document the swagger plugin built. */
export function finishDocument<T extends object>(document: T): T {
  tidySchemas((document as { paths?: unknown }).paths);
  tidySchemas((document as { components?: unknown }).components);
  const doc = document as T & {
    components?: { schemas?: Record<string, unknown> };
    paths?: Record<string, Record<string, Operation>>;
  };
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Refusal: refusalSchema } };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      for (const status of new Set([...refusalsOf(path, operation), ...Object.keys(responses)])) {
        if (!/^4\d\d$/.test(status)) continue;
        const declared = responses[status];
        responses[status] = {
          description:
            declared?.description && declared.description !== 'Default Response'
              ? declared.description
              : (refusalWords[status] ?? 'The request was refused.'),
          content: declared?.content ?? refusalContent,
        };
      }
    }
  }
  return doc;
}
