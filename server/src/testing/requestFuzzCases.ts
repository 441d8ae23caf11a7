import type { InjectOptions } from 'fastify';
import { maxDbId } from '@headland/domain/inputLimits';
import { gridSquare } from './fieldsFixtures.ts';
import {
  fillPath,
  multipartBody,
  queryString,
  sampleOf,
  type ApiRoute,
  type JsonSchema,
} from './openApiRoutes.ts';

/**
 * The request fuzz's walker: for one route of the OpenAPI document, its parameters and body with one bad value
 * each (a NUL character or a lone surrogate in a text, ids of 2^31 and above, numbers near 1e308 and negative
 * ones, values of the wrong type) and bad whole bodies (JSON nested 10,000 deep). The choice is seeded, so a
 * failure repeats. The fuzz test and the test of refusals in the caller's language walk every route with it.
 */

/** The real rows a walk aims at, so that a request gets past the checks the schema alone cannot make. */
export interface FuzzTarget {
  holdingId: number;
  fieldId: number;
  croppingId: number;
}

/** Cases tried per route at most: enough to reach every field of the larger bodies, bounded for CI. */
export const casesPerRoute = 48;

/** mulberry32: a small seeded generator, so that the same cases run every time. */
export function random(seedValue: number): () => number {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A real id for a path parameter, by the parameter's name and the path segment before it. */
function pathValue(route: ApiRoute, name: string, target: FuzzTarget): unknown {
  const before = route.path.split(`{${name}}`)[0] ?? '';
  const context = `${before} ${name}`.toLowerCase();
  if (/year/.test(name.toLowerCase())) return 2025;
  if (/cropping/.test(context)) return target.croppingId;
  if (/field/.test(context)) return target.fieldId;
  if (/holding/.test(context)) return target.holdingId;
  return 1;
}

/** Values that get a request past validation where the schema alone cannot tell them. */
function pick(name: string, target: FuzzTarget): unknown {
  if (/^(year|yearId|YearId|croppingYearId)$/.test(name)) return 2025;
  if (/^holdingId$/i.test(name)) return target.holdingId;
  if (name === 'FieldId') return target.fieldId;
  if (name === 'srid') return 27700;
  if (name === 'Boundary') return gridSquare(421_000, 301_000, 100);
  return undefined;
}

interface Slot {
  where: 'path' | 'query' | 'body';
  /** Parameter name, or the body path. */
  path: (string | number)[];
  schema: JsonSchema;
}

function typeOf(schema: JsonSchema): string {
  const options = schema.anyOf ?? schema.oneOf;
  const chosen = options ? (options.find((option) => option.type !== 'null') ?? {}) : schema;
  const type = Array.isArray(chosen.type) ? chosen.type.find((item) => item !== 'null') : chosen.type;
  return type ?? 'any';
}

/** Every property the body schema names, nested ones included (lists through their first item). */
function bodySlots(schema: JsonSchema, path: (string | number)[] = [], depth = 0): Slot[] {
  const options = schema.anyOf ?? schema.oneOf;
  const chosen = options ? (options.find((option) => option.type !== 'null') ?? {}) : schema;
  const slots: Slot[] = path.length ? [{ where: 'body', path, schema: chosen }] : [];
  if (depth > 5) return slots;
  if (chosen.properties) {
    for (const [key, property] of Object.entries(chosen.properties)) {
      slots.push(...bodySlots(property, [...path, key], depth + 1));
    }
  } else if (chosen.items) {
    slots.push(...bodySlots(chosen.items, [...path, 0], depth + 1));
  }
  return slots;
}

/** The bad values tried in a slot of this type, as JSON values (bodies) or texts (paths and queries). */
function badValues(type: string, inText: boolean): unknown[] {
  const texts = ['a\u0000b', 'a\ud800b', '\udc00', 'x'.repeat(5_000)];
  const numbers = [2 ** 31, maxDbId + 1, 2 ** 53, 1e308, -1e308, -1, -0.5, 1.5];
  if (inText) return [...texts, ...numbers.map(String), '1e308', '1e309', 'NaN', ''];
  if (type === 'string') return [...texts, 12, true];
  if (type === 'integer' || type === 'number') return [...numbers, 'a\u0000b', '12'];
  if (type === 'boolean') return ['a\u0000b', 2 ** 31];
  if (type === 'array') return [['a\u0000b'], [2 ** 31], 'a\ud800b', 1e308];
  return ['a\u0000b', 'a\ud800b', 2 ** 31, 1e308, -1, []];
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(target ?? {}) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = root;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return root;
}

const deepJson = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const deepObject = `{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`;

/** The requests tried on one route: its parameters and body with one bad value each, and bad whole bodies. */
export function casesOf(route: ApiRoute, next: () => number, target: FuzzTarget): InjectOptions[] {
  const pathValues = Object.fromEntries(
    route.pathParams.map((param) => [param.name, pathValue(route, param.name, target)]),
  );
  const queryValues = Object.fromEntries(
    route.queryParams.map((param) => [
      param.name,
      sampleOf(param.schema, (name) => pick(name, target), param.name),
    ]),
  );
  const body = route.jsonBody ? sampleOf(route.jsonBody, (name) => pick(name, target)) : undefined;
  const request = (path: Record<string, unknown>, query: Record<string, unknown>): string =>
    fillPath(route.path, path) + queryString(query);
  const withBody = (payload: unknown): Partial<InjectOptions> =>
    payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };

  const cases: InjectOptions[] = [];
  const slots: Slot[] = [
    ...route.pathParams.map((param) => ({
      where: 'path' as const,
      path: [param.name],
      schema: param.schema,
    })),
    ...route.queryParams.map((param) => ({
      where: 'query' as const,
      path: [param.name],
      schema: param.schema,
    })),
    ...(route.jsonBody ? bodySlots(route.jsonBody) : []),
  ];
  for (const slot of slots) {
    for (const bad of badValues(typeOf(slot.schema), slot.where !== 'body')) {
      const name = String(slot.path[0]);
      if (slot.where === 'path') {
        cases.push({ url: request({ ...pathValues, [name]: bad }, queryValues), ...withBody(body) });
      } else if (slot.where === 'query') {
        cases.push({ url: request(pathValues, { ...queryValues, [name]: bad }), ...withBody(body) });
      } else {
        cases.push({ url: request(pathValues, queryValues), ...withBody(setAt(body, slot.path, bad)) });
      }
    }
  }
  // Shuffle (seeded), keep a bounded number, then add the whole-body cases every route meets.
  for (let index = cases.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [cases[index], cases[other]] = [cases[other]!, cases[index]!];
  }
  const kept = cases.slice(0, casesPerRoute);
  const url = request(pathValues, queryValues);
  kept.push(
    { url, payload: deepJson, headers: { 'content-type': 'application/json' } },
    { url, payload: deepObject, headers: { 'content-type': 'application/json' } },
    { url, payload: '{"a":"\\u0000"}', headers: { 'content-type': 'application/json' } },
  );
  if (route.multipart) {
    const file = {
      field: 'file',
      name: 'fields\ud800.zip',
      type: 'application/zip',
      content: Buffer.from([0x50, 0x4b, 0, 0xff]),
    };
    kept.push(
      { url, ...multipartBody({ name: 'a\u0000b' }, file) },
      { url, ...multipartBody({}, { ...file, name: 'a\u0000.geojson', content: Buffer.from(deepJson) }) },
    );
  }
  return kept.map((options) => ({ ...options, method: route.method as 'GET' }));
}
