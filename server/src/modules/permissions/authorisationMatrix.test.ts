import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SelectHoldingResponse, SessionStartResponse } from '@headland/domain/api/sessionApi';
import { demoLogins, seedDemoData } from '../../db/seed/seedDemo.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  apiRoutes,
  fillPath,
  multipartBody,
  queryString,
  sampleOf,
  type ApiRoute,
} from '../../testing/openApiRoutes.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/**
 * The authorisation matrix: every route of the OpenAPI document, called by every demo login on its own
 * holding and with the ids of a holding it does not belong to, with no token, and with a token that was
 * logged out. It asserts that no call reads or writes another holding, and that callers who may write
 * nothing change nothing.
 *
 * - A write is a change of a holding's digest: its row, crop years, weather, users, invitations, holding-wide
 *   settings, custom base maps, prescription plans with their zone rates, app connections, the counts of its fields and croppings, and its data revision (moved by every
 *   change to fields, field years, croppings and cropping permissions). A user's own settings and sessions are not holding data.
 * - A read of another holding is an answer that carries one of its ids (under a key naming a holding, field or
 *   cropping id) or its trading name or a field name found only there.
 * Routes join the matrix from the document: parameters of any name are filled by what they name.
 */

let test: TestApp;

interface HoldingData {
  id: number;
  name: string;
  fieldIds: number[];
  croppingIds: number[];
  fieldNames: string[];
  userIds: number[];
}

let holdings: HoldingData[] = [];

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database);
  const rows = await sqlRows<{ id: number; name: string }>(
    test.db,
    sql`SELECT id, trading_name AS name FROM holdings ORDER BY id`,
  );
  holdings = await Promise.all(
    rows.map(async (row) => {
      const fields = await sqlRows<{ id: number; name: string }>(
        test.db,
        sql`SELECT id, name FROM fields WHERE holding_id = ${row.id} ORDER BY id`,
      );
      const croppings = await sqlRows<{ id: number }>(
        test.db,
        sql`SELECT id FROM croppings WHERE holding_id = ${row.id} ORDER BY id`,
      );
      const users = await sqlRows<{ user_id: number }>(
        test.db,
        sql`SELECT user_id FROM holding_users WHERE holding_id = ${row.id} ORDER BY user_id`,
      );
      return {
        id: row.id,
        name: row.name,
        fieldIds: fields.map((field) => field.id),
        croppingIds: croppings.map((cropping) => cropping.id),
        fieldNames: fields.map((field) => field.name),
        userIds: users.map((user) => user.user_id),
      };
    }),
  );
}, 180_000);

afterAll(async () => {
  await test?.close();
});

/** Each holding's digest (see above), by holding id. */
async function digests(): Promise<Map<number, string>> {
  const rows = await sqlRows<{ id: number; digest: string }>(
    test.db,
    sql`SELECT h.id, md5(concat_ws('|',
          to_jsonb(h)::text,
          (SELECT revision::text FROM data_revisions r WHERE r.scope = h.id),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.year_id) FROM holding_crop_years x WHERE x.holding_id = h.id),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.year, x.month) FROM holding_weather x WHERE x.holding_id = h.id),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.user_id) FROM holding_users x WHERE x.holding_id = h.id),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM holding_invitations x WHERE x.holding_id = h.id),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM settings x
            WHERE x.holding_id = h.id AND x.user_id IS NULL),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM holding_basemaps x WHERE x.holding_id = h.id),
          (SELECT string_agg(to_jsonb(x)::text || coalesce((SELECT string_agg(z.id || ':' || z.rate, ',' ORDER BY z.id)
                                                     FROM prescription_zones z WHERE z.plan_id = x.id), ''), ',' ORDER BY x.id)
             FROM prescription_plans x WHERE x.holding_id = h.id),
          (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM app_connections x WHERE x.holding_id = h.id),
          (SELECT count(*)::text FROM fields x WHERE x.holding_id = h.id),
          (SELECT count(*)::text FROM croppings x WHERE x.holding_id = h.id))) AS digest
        FROM holdings h`,
  );
  return new Map(rows.map((row) => [row.id, row.digest]));
}

/** The ids a JSON answer mentions under keys naming a holding, field or cropping id. */
function idsIn(
  value: unknown,
  key = '',
  found: { key: string; id: number }[] = [],
): { key: string; id: number }[] {
  const idKey = /(holding|field|cropping)ids?$/i;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'number' && idKey.test(key)) found.push({ key, id: item });
      else idsIn(item, key, found);
    }
  } else if (value && typeof value === 'object') {
    for (const [inner, child] of Object.entries(value)) {
      if (typeof child === 'number' && idKey.test(inner)) found.push({ key: inner, id: child });
      else idsIn(child, inner, found);
    }
  }
  return found;
}

/** What of `foreign` holdings an answer reveals, in words; empty when nothing. */
function leaks(response: LightMyRequestResponse, foreign: HoldingData[], own: HoldingData[]): string[] {
  const text = response.body;
  const found: string[] = [];
  const ownNames = new Set(own.flatMap((holding) => [holding.name, ...holding.fieldNames]));
  for (const holding of foreign) {
    if (text.includes(holding.name)) found.push(`holding name ${holding.name}`);
    for (const name of holding.fieldNames) {
      if (!ownNames.has(name) && name.length > 3 && text.includes(`"${name}"`))
        found.push(`field name ${name}`);
    }
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    return found;
  }
  for (const { key, id } of idsIn(parsed)) {
    const kind = key.toLowerCase();
    for (const holding of foreign) {
      const ids = kind.includes('holding')
        ? [holding.id]
        : kind.includes('field')
          ? holding.fieldIds
          : holding.croppingIds;
      // An id that is also one of the caller's own is not a leak (ids of different tables share numbers).
      const ownIds = kind.includes('holding')
        ? own.map((item) => item.id)
        : own.flatMap((item) => (kind.includes('field') ? item.fieldIds : item.croppingIds));
      if (ids.includes(id) && !ownIds.includes(id)) found.push(`${key} ${id}`);
    }
  }
  return found;
}

/**
 * The requests for `route` aimed at `target`'s objects: path, query and body ids are the target's. A route
 * that may take an upload gets one request without a body and one with a multipart body.
 */
function requestsFor(route: ApiRoute, target: HoldingData): InjectOptions[] {
  const pick = (name: string): unknown => {
    if (/holdingid$/i.test(name)) return target.id;
    if (/^fieldid$/i.test(name)) return target.fieldIds[0];
    if (/croppingid$/i.test(name)) return target.croppingIds[0];
    if (/^userid$/i.test(name)) return target.userIds[0];
    if (/^(year|yearid|croppingyearid)$/i.test(name)) return 2025;
    if (/date$/i.test(name)) return '2025-03-01';
    if (name === 'srid') return 4326;
    if (/email$/i.test(name)) return 'someone@farm.example';
    // A data layer zone's shape, near the demo farms.
    if (name === 'WellKnownText') return 'POLYGON((-0.5 53.3,-0.499 53.3,-0.499 53.301,-0.5 53.3))';
    if (name === 'Boundary')
      return {
        type: 'Polygon',
        coordinates: [
          [
            [-0.5, 53.3],
            [-0.499, 53.3],
            [-0.499, 53.301],
            [-0.5, 53.3],
          ],
        ],
      };
    return undefined;
  };
  const pathValues = Object.fromEntries(
    route.pathParams.map((param) => {
      const before = (route.path.split(`{${param.name}}`)[0] ?? '').toLowerCase();
      const name = param.name.toLowerCase();
      const context = `${before} ${name}`;
      let value: unknown = target.id;
      if (/year/.test(name)) value = 2025;
      else if (/cropping/.test(context.slice(-30))) value = target.croppingIds[0];
      else if (/field/.test(context.slice(-30))) value = target.fieldIds[0];
      else if (/user/.test(context.slice(-30))) value = target.userIds[0];
      else if (param.schema.type === 'string' && !/holding/.test(context.slice(-30))) value = `${target.id}`;
      return [param.name, value];
    }),
  );
  const queryValues = Object.fromEntries(
    route.queryParams.map((param) => [param.name, sampleOf(param.schema, (name) => pick(name), param.name)]),
  );
  const url = fillPath(route.path, pathValues) + queryString(queryValues);
  const method = route.method as 'GET';
  if (route.jsonBody)
    return [{ method, url, payload: sampleOf(route.jsonBody, (name) => pick(name)) as object }];
  if (route.multipart) {
    const fields = Object.fromEntries(
      Object.keys(route.multipartFields).map((name) => [name, String(pick(name) ?? 'x')]),
    );
    return [
      { method, url },
      {
        method,
        url,
        ...multipartBody(fields, {
          field: 'file',
          name: 'upload.zip',
          type: 'application/zip',
          content: Buffer.from('PK'),
        }),
      },
    ];
  }
  return [{ method, url }];
}

interface Caller {
  login: string;
  /** Token of the caller's holding session, or the sign-in token when no holding opens. */
  headers: Record<string, string>;
  /** The sign-in token, which opens the holding again after a call that changed the session. */
  account: Record<string, string>;
  own: HoldingData[];
  foreign: HoldingData[];
  /** The caller may write nothing on its own holding. */
  readOnly: boolean;
}

async function signInCaller(email: string, password: string): Promise<Caller> {
  const signIn = await test.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username: email, password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const account = { authorization: `Bearer ${signIn.json<{ access_token: string }>().access_token}` };
  const start = await test.app.inject({
    method: 'POST',
    url: '/api/session/v1/start',
    headers: account,
    payload: {},
  });
  const listed =
    start.statusCode === 200
      ? start.json<SessionStartResponse>().Holdings.map((holding) => holding.HoldingId)
      : [];
  const own = holdings.filter((holding) => listed.includes(holding.id));
  const foreign = holdings.filter((holding) => !listed.includes(holding.id));
  let headers: Record<string, string> = account;
  let readOnly = true;
  if (own[0]) {
    const select = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      headers: account,
      payload: { holdingId: own[0].id, yearId: 2025 },
    });
    if (select.statusCode === 200) {
      const body = select.json<SelectHoldingResponse>();
      headers = { authorization: `Bearer ${body.Token}` };
      readOnly = body.ReadOnly || !Object.values(body.Permissions).some((permission) => permission.write);
    }
  }
  return { login: email, headers, account, own, foreign, readOnly };
}

/** Logout last: it ends the caller's session. */
const logoutLast = (a: ApiRoute, b: ApiRoute) => Number(/logout/.test(a.key)) - Number(/logout/.test(b.key));

describe('the authorisation matrix', () => {
  it('lets no caller read or write another holding, and no read-only caller write', async () => {
    const routes = apiRoutes(test.app).sort(logoutLast);
    const problems: string[] = [];
    let before = await digests();
    let requests = 0;
    // What the matrix saw of callers' own holdings: proof that it detects writes and reads at all.
    let ownWrites = 0;
    let ownReads = 0;

    const send = async (
      who: string,
      options: InjectOptions,
      check: {
        unchanged: (id: number) => boolean;
        foreign: HoldingData[];
        own: HoldingData[];
        anonymous?: boolean;
        ownPass?: boolean;
      },
      route: ApiRoute,
    ) => {
      const response = await test.app.inject(options);
      requests += 1;
      const after = await digests();
      const where = `${who} ${route.key} (${options.url})`;
      if (response.statusCode >= 500)
        problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      for (const [id, digest] of after) {
        if (before.has(id) && before.get(id) !== digest && check.unchanged(id))
          problems.push(`${where}: wrote holding ${id}`);
      }
      if (check.anonymous && !route.documentedPublic && response.statusCode < 300) {
        problems.push(`${where}: answered ${response.statusCode} without a valid token`);
      }
      for (const leak of leaks(response, check.foreign, check.own)) problems.push(`${where}: read ${leak}`);
      if (check.ownPass) {
        if (check.own.some((holding) => before.get(holding.id) !== after.get(holding.id))) ownWrites += 1;
        if (response.statusCode < 300 && leaks(response, check.own, []).length > 0) ownReads += 1;
      }
      before = after;
    };

    const callers: Caller[] = [];
    for (const login of demoLogins) callers.push(await signInCaller(login.email, login.password));
    expect(callers.filter((caller) => caller.foreign.length > 0).length).toBeGreaterThan(5);

    /** Opens the caller's own holding again: session calls (start, select) leave the token without it. */
    const reopen = async (caller: Caller) => {
      if (!caller.own[0]) return;
      const select = await test.app.inject({
        method: 'POST',
        url: '/api/session/v1/holdings/select',
        headers: caller.account,
        payload: { holdingId: caller.own[0].id, yearId: 2025 },
      });
      if (select.statusCode === 200) {
        caller.headers = { authorization: `Bearer ${select.json<SelectHoldingResponse>().Token}` };
      }
      before = await digests();
    };
    const changesSession = (route: ApiRoute) => /\/session\/v1\/(start|holdings\/select)$/.test(route.path);

    // No token, and a logged-out token: nothing is read or written, whatever the target.
    const revoked = await signInCaller('client@headland.example', demoLogins[0]!.password);
    const logout = await test.app.inject({
      method: 'DELETE',
      url: '/api/session/v1/logout',
      headers: revoked.headers,
    });
    expect(logout.statusCode).toBeLessThan(300);
    for (const route of routes) {
      for (const target of holdings) {
        for (const options of requestsFor(route, target)) {
          const everything = { unchanged: () => true, foreign: holdings, own: [], anonymous: true };
          await send('no token', options, everything, route);
          const withRevoked = { ...options, headers: { ...options.headers, ...revoked.headers } };
          await send('logged-out token', withRevoked, everything, route);
        }
      }
    }

    // Every caller on the ids of holdings it does not belong to (before any own-holding write changes ids).
    for (const caller of callers) {
      const check = {
        unchanged: (id: number) => !caller.own.some((holding) => holding.id === id) || caller.readOnly,
        foreign: caller.foreign,
        own: caller.own,
      };
      for (const route of routes.filter((item) => !/logout/.test(item.key))) {
        for (const target of caller.foreign) {
          for (const options of requestsFor(route, target)) {
            const headers = { ...options.headers, ...caller.headers };
            await send(`${caller.login} on ${target.name}`, { ...options, headers }, check, route);
          }
        }
        if (changesSession(route)) await reopen(caller);
      }
    }

    // Every caller on its own holding, logout last.
    for (const caller of callers) {
      const target = caller.own[0];
      if (!target) continue;
      const check = {
        unchanged: (id: number) => !caller.own.some((holding) => holding.id === id) || caller.readOnly,
        foreign: caller.foreign,
        own: caller.own,
        ownPass: true,
      };
      for (const route of routes) {
        for (const options of requestsFor(route, target)) {
          const headers = { ...options.headers, ...caller.headers };
          await send(`${caller.login} on own ${target.name}`, { ...options, headers }, check, route);
        }
        if (changesSession(route)) await reopen(caller);
      }
    }

    console.log(
      `authorisation matrix: ${routes.length} routes, ${callers.length} logins, ${requests} requests; ` +
        `own holdings: ${ownReads} answers with their data, ${ownWrites} writes`,
    );
    expect(problems).toEqual([]);
    expect(ownReads).toBeGreaterThan(50);
    expect(ownWrites).toBeGreaterThan(5);
  }, 600_000);
});
