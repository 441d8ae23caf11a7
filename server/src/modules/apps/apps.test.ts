import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '@headland/domain/api/appsApi';
import { AppStatus, ExternalApp } from '@headland/domain/connectedApps';
import { HoldingRole, Role } from '@headland/domain/roles';
import { ConfigError } from '../../config.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { addMember, bearer, createHolding, createUser, signInToHolding } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { SealingKey } from './sealing.ts';
import { sealingKeyAtStart } from './sealingKeyAtStart.ts';

/**
 * Connected apps against the reference provider running in the same server (issue 22 parts 1, 2 and 4): the
 * OAuth flow with state and PKCE, refresh-token rotation under a row lock, sealed secrets bound to their row,
 * basic connections, organisations and machines, and who may change a connection.
 */

const keyBytes = randomBytes(32);
const key = new SealingKey(keyBytes);
let test: TestApp;
let base: string;
let holdingId: number;
const headers: Record<'owner' | 'member' | 'admin' | 'stranger', Record<string, string>> = {
  owner: {},
  member: {},
  admin: {},
  stranger: {},
};
const contractor = { username: 'contractor@omniaconnect.example', password: 'omnia-demo-2026' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  test = await createTestApp({
    config: { publicUrl: base, referenceProvider: true, connectionSealingKey: keyBytes },
  });
  await test.app.listen({ port, host: '127.0.0.1' });
  const holding = await createHolding(test.db, { cropYears: [2019, 2025] });
  holdingId = holding.id;
  const users = {
    owner: await createUser(test.db, { role: Role.Client }),
    member: await createUser(test.db, { role: Role.Manager }),
    admin: await createUser(test.db, { role: Role.Admin }),
  };
  await addMember(test.db, holding.id, users.owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(test.db, holding.id, users.member.id, { holdingRole: HoldingRole.Owner });
  await addMember(test.db, holding.id, users.admin.id, { holdingRole: HoldingRole.Owner });
  for (const name of ['owner', 'member', 'admin'] as const)
    headers[name] = bearer(await signInToHolding(test.app, users[name], holding.id, 2025));
  const other = await createHolding(test.db);
  const stranger = await createUser(test.db, { role: Role.Client });
  await addMember(test.db, other.id, stranger.id, { holdingRole: HoldingRole.Owner });
  headers.stranger = bearer(await signInToHolding(test.app, stranger, other.id, 2025));
}, 180_000);

afterAll(async () => {
  await test?.close();
});

const call = (who: keyof typeof headers, method: 'GET' | 'POST', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: headers[who], ...(payload ? { payload } : {}) });

/** The provider's sign-in as a user's browser does it: the form, then the redirect back with code and state. */
async function consent(authorizeUri: string, account = contractor): Promise<URL> {
  const page = await fetch(authorizeUri);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="username"');
  const query = new URL(authorizeUri).searchParams;
  const form = new URLSearchParams({
    client_id: query.get('client_id')!,
    redirect_uri: query.get('redirect_uri')!,
    state: query.get('state')!,
    code_challenge: query.get('code_challenge')!,
    code_challenge_method: query.get('code_challenge_method')!,
    scope: query.get('scope') ?? '',
    ...account,
  });
  const answer = await fetch(authorizeUri.split('?')[0]!, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** The popup's landing page after the provider: whether it says the app is connected. */
async function callback(url: URL): Promise<boolean> {
  const page = await fetch(url.toString());
  expect(page.status).toBe(200);
  const text = await page.text();
  expect(text).toMatch(/The app is connected\. You can close this window\.|The app could not be connected\./);
  return text.includes('The app is connected.');
}

async function create(who: keyof typeof headers = 'owner') {
  const created = await call(who, 'POST', `/api/apps/create?appId=${ExternalApp.OmniaConnect}`);
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ OAuthAuthorizeUri: string; connection: Connection }>();
}

async function connect(who: keyof typeof headers = 'owner', account = contractor): Promise<number> {
  const created = await create(who);
  expect(await callback(await consent(created.OAuthAuthorizeUri, account))).toBe(true);
  return created.connection.connectionId;
}

const check = async (id: number, who: keyof typeof headers = 'owner') => {
  const response = await call(who, 'GET', `/api/apps/check?id=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Connection>();
};

const row = async (id: number) =>
  (
    await sqlRows<{
      sealed_access_token: string | null;
      sealed_refresh_token: string | null;
      status: number;
    }>(
      test.db,
      sql`SELECT sealed_access_token, sealed_refresh_token, status FROM app_connections WHERE id = ${id}`,
    )
  )[0];

const expireAccess = (id: number) =>
  test.db.execute(
    sql`UPDATE app_connections SET access_expires_at = now() - interval '1 minute' WHERE id = ${id}`,
  );

const remove = (id: number) => test.db.execute(sql`DELETE FROM app_connections WHERE id = ${id}`);

describe('connecting the reference provider by OAuth', () => {
  it('creates the record, sends the popup to the consent page with state and S256 PKCE, and checks Ok after the callback', async () => {
    const created = await create();
    const uri = new URL(created.OAuthAuthorizeUri);
    expect(uri.pathname).toBe('/reference-provider/oauth/authorize');
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256');
    expect(uri.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(created.connection).toMatchObject({ appId: 1, status: AppStatus.InvalidConnection });
    const id = created.connection.connectionId;
    // The client polls check until the status is Ok: not before the user's consent.
    expect((await check(id)).status).toBe(AppStatus.InvalidConnection);
    expect(await callback(await consent(created.OAuthAuthorizeUri))).toBe(true);
    expect(await check(id)).toMatchObject({ connectionId: id, status: AppStatus.Ok, holding: { holdingId } });
    const stored = await row(id);
    expect(stored?.sealed_access_token).toMatch(/^v1\./);
    expect(stored?.sealed_refresh_token).toMatch(/^v1\./);
    // The callback's state is spent: the same redirect a second time connects nothing.
    await remove(id);
  });

  it('refuses a callback with a wrong state and leaves the connection waiting for the right one', async () => {
    const created = await create();
    const back = await consent(created.OAuthAuthorizeUri);
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-nobody-issued-0123456789');
    expect(await callback(forged)).toBe(false);
    expect((await check(created.connection.connectionId)).status).toBe(AppStatus.InvalidConnection);
    expect(await callback(back)).toBe(true);
    expect((await check(created.connection.connectionId)).status).toBe(AppStatus.Ok);
    // Replayed, the spent state finds nothing.
    expect(await callback(back)).toBe(false);
    await remove(created.connection.connectionId);
  });

  it('refuses the code with a wrong PKCE verifier: the provider checks it against the challenge', async () => {
    const created = await create();
    const id = created.connection.connectionId;
    const wrong = key.seal(id, 'verifier', randomBytes(32).toString('base64url'));
    await test.db.execute(sql`UPDATE app_connections SET sealed_pkce_verifier = ${wrong} WHERE id = ${id}`);
    expect(await callback(await consent(created.OAuthAuthorizeUri))).toBe(false);
    expect((await check(id)).status).toBe(AppStatus.InvalidConnection);
    expect((await row(id))?.sealed_access_token).toBeNull();
    await remove(id);
  });

  it('has the provider refuse an authorisation without PKCE, and a code traded by a client without its secret', async () => {
    const created = await create();
    const uri = new URL(created.OAuthAuthorizeUri);
    uri.searchParams.delete('code_challenge');
    expect((await fetch(uri)).status).toBe(400);
    const back = await consent(created.OAuthAuthorizeUri);
    const token = await fetch(`${base}/reference-provider/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: `${base}/api/apps/callback`,
        code_verifier: randomBytes(32).toString('base64url'),
        client_id: 'headland',
        client_secret: 'not-the-secret',
      }),
    });
    expect(token.status).toBe(401);
    await remove(created.connection.connectionId);
  });
});

describe('refresh-token rotation', () => {
  it('gives one winner of two refreshes at once, and the connection keeps working', async () => {
    const id = await connect();
    const before = await row(id);
    await expireAccess(id);
    const [first, second] = await Promise.all([check(id), check(id)]);
    expect(first.status).toBe(AppStatus.Ok);
    expect(second.status).toBe(AppStatus.Ok);
    const after = await row(id);
    expect(after?.sealed_refresh_token).not.toBe(before?.sealed_refresh_token);
    await expireAccess(id);
    expect((await check(id)).status).toBe(AppStatus.Ok);
    await remove(id);
  });
});

describe('sealed secrets', () => {
  it('do not open when copied to another connection', async () => {
    const mine = await connect('owner');
    const theirs = await connect('member');
    const source = await row(mine);
    await test.db.execute(
      sql`UPDATE app_connections SET sealed_access_token = ${source!.sealed_access_token},
            sealed_refresh_token = ${source!.sealed_refresh_token} WHERE id = ${theirs}`,
    );
    expect((await check(theirs, 'member')).status).toBe(AppStatus.InvalidConnection);
    expect((await check(mine)).status).toBe(AppStatus.Ok);
    await remove(mine);
    await remove(theirs);
  });

  it('stop a start without the key once connections exist, saying how to set one', async () => {
    const id = await connect();
    const config = { dataDir: 'memory://', databaseUrl: 'postgres://db.example/headland' };
    await expect(sealingKeyAtStart(config, test.db)).rejects.toThrow(ConfigError);
    await expect(sealingKeyAtStart(config, test.db)).rejects.toThrow(/CONNECTION_SEALING_KEY/);
    await expect(sealingKeyAtStart({ ...config, connectionSealingKey: keyBytes }, test.db)).resolves.toBe(
      keyBytes,
    );
    await remove(id);
    await expect(sealingKeyAtStart(config, test.db)).resolves.toBeUndefined();
  });
});

describe('basic connections', () => {
  it('are refused with a wrong password and accepted with the right one', async () => {
    const created = await create();
    const id = created.connection.connectionId;
    const wrong = await call('owner', 'POST', '/api/apps/validate/basic', {
      connectionId: id,
      user: contractor.username,
      password: 'not-the-password',
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toBe(false);
    expect((await check(id)).status).toBe(AppStatus.InvalidConnection);
    const right = await call('owner', 'POST', '/api/apps/validate/basic', {
      connectionId: id,
      user: contractor.username,
      password: contractor.password,
    });
    expect(right.json()).toBe(true);
    expect((await check(id)).status).toBe(AppStatus.Ok);
    const organisations = await call('owner', 'GET', `/api/apps/config/${id}`);
    expect(organisations.json<{ organisations: unknown[] }>().organisations).toHaveLength(2);
    const stored = await sqlRows<{ sealed_password: string }>(
      test.db,
      sql`SELECT sealed_password FROM app_connections WHERE id = ${id}`,
    );
    expect(stored[0]!.sealed_password).not.toContain(contractor.password);
    await remove(id);
  });
});

describe('organisations and machines', () => {
  it('lists the account’s organisations, keeps the chosen one and lists its machines', async () => {
    const id = await connect();
    const config = await call('owner', 'GET', `/api/apps/config/${id}`);
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json()).toEqual({
      organisations: [
        { id: '4071', name: 'Fenland Agri Contracting Ltd' },
        { id: '4072', name: 'Marsh Lane Farm' },
      ],
      org: null,
      config: { firstYear: null },
      message: null,
    });
    const unknown = await call('owner', 'POST', '/api/apps/config', {
      connectionId: id,
      org: '9999',
      orgName: 'Mine',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Code: 'organisationNotOfAccount' });
    const saved = await call('owner', 'POST', '/api/apps/config', {
      connectionId: id,
      org: '4071',
      orgName: 'Fenland Agri Contracting Ltd',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Connection>().holding.organisation).toEqual({
      id: '4071',
      name: 'Fenland Agri Contracting Ltd',
    });
    const machines = await call('owner', 'GET', `/api/apps/machines/${id}?orgId=4071`);
    expect(machines.statusCode, machines.body).toBe(200);
    const list = machines.json<{ machines: { make: string; model: string }[]; message: null }>();
    expect(list.message).toBeNull();
    expect(list.machines.map((machine) => `${machine.make} ${machine.model}`)).toContain('CLAAS LEXION 8700');
    // Another user of the holding sees the chosen organisation's machines only.
    expect((await call('member', 'GET', `/api/apps/machines/${id}?orgId=4071`)).statusCode).toBe(200);
    expect((await call('member', 'GET', `/api/apps/machines/${id}?orgId=4072`)).statusCode).toBe(403);
    expect((await call('member', 'GET', `/api/apps/config/${id}`)).statusCode).toBe(403);
    const listed = await call('member', 'GET', '/api/apps/get/all?validate=true');
    expect(listed.json<Connection[]>()).toEqual([
      expect.objectContaining({ connectionId: id, status: AppStatus.Ok }),
    ]);
    await remove(id);
  });

  it('says the spec’s words for an organisation without machines and an account without sites', async () => {
    const id = await connect('owner', {
      username: 'newcomer@omniaconnect.example',
      password: 'omnia-demo-2026',
    });
    const machines = await call('owner', 'GET', `/api/apps/machines/${id}?orgId=5120`);
    expect(machines.json()).toEqual({
      machines: [],
      message: 'There are no machines associated with this organisation / farm',
    });
    await remove(id);
    const bare = await connect('owner', {
      username: 'nosites@omniaconnect.example',
      password: 'omnia-demo-2026',
    });
    const config = await call('owner', 'GET', `/api/apps/config/${bare}`);
    expect(config.json()).toMatchObject({
      organisations: [],
      message: 'No sites found - please add a site to your external account and try again',
    });
    await remove(bare);
  });
});

describe('who may change a connection', () => {
  it('lets the owner and Admin and above, not another user of the holding, and nobody of another holding', async () => {
    const id = await connect();
    const refused = await call('member', 'POST', `/api/apps/disconnect?id=${id}&deleteData=false`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 'connectionOwnerOnly' });
    const basic = await call('member', 'POST', '/api/apps/validate/basic', {
      connectionId: id,
      user: contractor.username,
      password: contractor.password,
    });
    expect(basic.statusCode).toBe(403);
    for (const url of [
      `/api/apps/check?id=${id}`,
      `/api/apps/config/${id}`,
      `/api/apps/machines/${id}?orgId=4071`,
    ])
      expect((await call('stranger', 'GET', url)).statusCode).toBe(404);
    expect((await call('stranger', 'POST', `/api/apps/disconnect?id=${id}`)).statusCode).toBe(404);
    expect((await call('stranger', 'GET', '/api/apps/get/all')).json()).toEqual([]);
    const completeCancel = await call('owner', 'POST', `/api/apps/cancel?id=${id}`);
    expect(completeCancel.json()).toMatchObject({ Code: 'connectionNotPending' });
    const byAdmin = await call('admin', 'POST', `/api/apps/disconnect?id=${id}&deleteData=true`);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await row(id)).toBeUndefined();
  });

  it('cancels a half-made connection', async () => {
    const created = await create();
    const id = created.connection.connectionId;
    expect((await call('member', 'POST', `/api/apps/cancel?id=${id}`)).statusCode).toBe(403);
    const cancelled = await call('owner', 'POST', `/api/apps/cancel?id=${id}`);
    expect(cancelled.json()).toEqual({ connectionId: id });
    expect(await row(id)).toBeUndefined();
    // Its consent, given late, connects nothing.
    expect(await callback(await consent(created.OAuthAuthorizeUri))).toBe(false);
  });

  it('lists the apps it offers with their modes, and refuses the others', async () => {
    const available = await call('owner', 'GET', '/api/apps/available');
    expect(available.statusCode).toBe(200);
    expect(available.json()).toEqual({ apps: [{ appId: ExternalApp.OmniaConnect, modes: [1, 2] }] });
  });

  it('refuses an app this server does not offer', async () => {
    const refused = await call('owner', 'POST', `/api/apps/create?appId=${ExternalApp.JohnDeere}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Code: 'appNotOffered' });
    expect((await call('owner', 'POST', '/api/apps/create?appId=5')).statusCode).toBe(400);
  });
});

describe('the file store of a connection', () => {
  it('lists a folder one level at a time and hands over a file, to the owner and Admin only', async () => {
    const id = await connect();
    const root = await call('owner', 'GET', `/api/storage/folder/contents?connectionId=${id}&levels=1`);
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json()).toEqual([
      { Name: 'Boundaries', Path: '/Boundaries', IsFolder: true, Contents: null },
      { Name: 'Yield 2025', Path: '/Yield 2025', IsFolder: true, Contents: null },
    ]);
    const folder = await call(
      'owner',
      'GET',
      `/api/storage/folder/contents?connectionId=${id}&path=${encodeURIComponent('/Boundaries')}`,
    );
    expect(folder.json<{ Name: string; IsFolder: boolean }[]>().map((entry) => entry.Name)).toEqual([
      'Read me.txt',
      'Wold Farm new land 2026.zip',
    ]);

    const path = encodeURIComponent('/Boundaries/Wold Farm new land 2026.zip');
    const file = await call('admin', 'GET', `/api/storage/file?connectionId=${id}&path=${path}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Wold Farm new land 2026.zip"; filename*=UTF-8''Wold%20Farm%20new%20land%202026.zip`,
    );
    // A zip, holding the shapefile's parts.
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(file.rawPayload.toString('latin1')).toContain('Wold_Farm_new_land_2026.shp');

    // Another user of the holding does not browse the owner's account, nor does anyone of another holding.
    expect((await call('member', 'GET', `/api/storage/folder/contents?connectionId=${id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call('member', 'GET', `/api/storage/file?connectionId=${id}&path=${path}`)).statusCode,
    ).toBe(403);
    expect(
      (await call('stranger', 'GET', `/api/storage/folder/contents?connectionId=${id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses a path that climbs or names nothing, in words', async () => {
    const id = await connect();
    const climbing = await call(
      'owner',
      'GET',
      `/api/storage/folder/contents?connectionId=${id}&path=${encodeURIComponent('/Boundaries/../..')}`,
    );
    expect(climbing.statusCode).toBe(400);
    const relative = await call('owner', 'GET', `/api/storage/file?connectionId=${id}&path=secrets.txt`);
    expect(relative.statusCode).toBe(400);
    const missing = await call(
      'owner',
      'GET',
      `/api/storage/folder/contents?connectionId=${id}&path=/Nowhere`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ Code: 'folderNotFound' });
    const gone = await call('owner', 'GET', `/api/storage/file?connectionId=${id}&path=/Boundaries/old.zip`);
    expect(gone.json()).toMatchObject({
      Code: 'fileNotFound',
      Message: "This file is no longer in the app's files.",
    });
    expect(
      (await call('owner', 'GET', `/api/storage/folder/contents?connectionId=${id}&levels=3`)).statusCode,
    ).toBe(400);
  });
});
