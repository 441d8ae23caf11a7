import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The routes of the app's OpenAPI document as tests walk them: every method and path with its parameters
 * (of any name) and its body, JSON or multipart. Tests built on it (the authorisation matrix, the request
 * fuzz) take in a route the day it is added, without a list to keep.
 */

/** The part of a JSON schema the walkers read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface RouteParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface ApiRoute {
  /** 'GET /api/fields/v1/{id}', as the OpenAPI document names it. */
  key: string;
  method: string;
  /** The OpenAPI path, parameters in braces. */
  path: string;
  pathParams: RouteParameter[];
  queryParams: RouteParameter[];
  /** The JSON body's schema, when the route takes JSON. */
  jsonBody: JsonSchema | null;
  /**
   * The route may take an upload: the document says multipart/form-data, or the route takes a body the
   * document does not describe (uploads' bodies are read by the handler, so the document may not show them).
   * Walkers send such routes both no body and a multipart one.
   */
  multipart: boolean;
  /** Multipart fields the document names, when it describes them. */
  multipartFields: Record<string, JsonSchema>;
  /** Answers without any sign-in (the document's `security: []`, or a route known as public). */
  documentedPublic: boolean;
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/** Every route of the app's OpenAPI document. */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase();
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in as 'path' | 'query',
        required: parameter.required ?? parameter.in === 'path',
        schema: parameter.schema ?? {},
      }));
      const content = operation.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema ?? null;
      const multipartSchema = content['multipart/form-data']?.schema;
      routes.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        jsonBody,
        multipart:
          Boolean(multipartSchema) ||
          (bodyMethods.has(method) && !jsonBody && !content['application/x-www-form-urlencoded']),
        multipartFields: multipartSchema?.properties ?? {},
        documentedPublic: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return routes;
}

function firstOption(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return options.find((option) => option.type !== 'null') ?? options[0] ?? {};
}

/**
 * A value that the schema accepts, as far as its JSON schema tells: enough for a request to get past
 * validation to the handler in most routes. `pick` may choose a value by property name first.
 */
export function sampleOf(
  schema: JsonSchema,
  pick: (name: string, schema: JsonSchema) => unknown = () => undefined,
  name = '',
  depth = 0,
): unknown {
  const chosen = pick(name, schema);
  if (chosen !== undefined) return chosen;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const option = firstOption(schema);
  if (option !== schema) return sampleOf(option, pick, name, depth);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0]!, pick, name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : typeof schema.minimum === 'number'
            ? schema.minimum
            : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      if (min !== undefined && min > -1e6) return type === 'integer' ? Math.ceil(min) : min;
      if (max !== undefined && max < 1) return max;
      return 1;
    }
    case 'string':
      if (schema.format === 'date-time') return '2025-03-01T09:00:00Z';
      if (schema.format === 'date' || /\\d\{4\}-/.test(schema.pattern ?? '')) return '2025-03-01';
      if (schema.format === 'email') return 'someone@farm.example';
      return 'x'.repeat(Math.max(schema.minLength ?? 0, Math.min(4, schema.maxLength ?? 4)));
    case 'boolean':
      return false;
    case 'array': {
      const count = schema.minItems ?? 0;
      return depth > 6 || !schema.items
        ? []
        : Array.from({ length: count }, () => sampleOf(schema.items!, pick, name, depth + 1));
    }
    case 'object':
    default: {
      if (!schema.properties) return type === 'object' ? {} : null;
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        if (depth > 6 && !schema.required?.includes(key)) continue;
        const sample = sampleOf(property, pick, key, depth + 1);
        if (sample !== undefined) value[key] = sample;
      }
      return value;
    }
  }
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is written as the three bytes a
 * careless client would send for it, so that tests can send one.
 */
export function encodeText(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => {
      const code = part.charCodeAt(0);
      if (part.length !== 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(part);
      const bytes = [0xed, 0xa0 | ((code >> 6) & 0x1f), 0x80 | (code & 0x3f)];
      return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** The path with its parameters filled in (URL-encoded). */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeText(String(values[name] ?? 1)));
}

/** A query string of the given values (absent values left out). */
export function queryString(values: Record<string, unknown>): string {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (!entries.length) return '';
  return `?${entries.map(([key, value]) => `${encodeText(key)}=${encodeText(String(value))}`).join('&')}`;
}

/** A multipart/form-data body with text fields and one file, for `app.inject`. */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; content: Buffer },
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----headland-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
