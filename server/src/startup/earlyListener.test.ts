import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { networkSocket } from '../testing/liveSockets.ts';
import { testConfig } from '../testing/testApp.ts';
import { EarlyListener, type Front } from './earlyListener.ts';
import { buildStartingFront, frontAnswers, webFilePaths } from './startingFront.ts';

let webDist: string;
let front: Front;
let listener: EarlyListener | null = null;
let app: FastifyInstance | null = null;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'headland-early-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Headland</title></head></html>',
  );
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log("app");');
  front = await buildStartingFront(testConfig({ webDist, brand: 'main' }));
});

afterEach(async () => {
  await app?.close();
  app = null;
  if (listener?.server.listening) await new Promise((resolve) => listener!.server.close(resolve));
  listener = null;
});

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** A listener on a free port with a small app built on it (not ready until `openApp`). */
async function listening(maxHeld?: number) {
  listener = new EarlyListener(front, maxHeld);
  await listener.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
  app = Fastify({ serverFactory: listener.serverFactory });
  app.get('/api/answer', async () => ({ answered: 'by the app' }));
  app.get('/maintenance.json', async () => []);
  await app.register(websocket, { options: { server: listener.upgrades } });
  app.get('/api/ws', { websocket: true }, (socket) => socket.send('hello'));
  return base;
}

async function openApp() {
  await app!.ready();
  listener!.open();
}

/** Resolves with how many of `requests` have settled so far, after letting the event loop run a while. */
async function settledCount(requests: Promise<unknown>[], waitMs = 300): Promise<number> {
  let settled = 0;
  for (const request of requests) void request.finally(() => (settled += 1)).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return settled;
}

describe('the early listener', () => {
  it('serves the sign-in page, its files and health "starting" before the app is ready', async () => {
    const base = await listening();
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Headland</title>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(`${base}/fields/details/4`)).status).toBe(200);
    const script = await fetch(`${base}/assets/index-abc.js`);
    expect(await script.text()).toBe('console.log("app");');
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'starting' });
  });

  it('holds API calls and other paths until the app is ready, then the app answers them', async () => {
    const base = await listening();
    const answer = fetch(`${base}/api/answer`).then(async (response) => response.json());
    const maintenance = fetch(`${base}/maintenance.json`).then((response) => response.status);
    expect(await settledCount([answer, maintenance])).toBe(0);
    expect(listener!.heldCount).toBe(2);
    await openApp();
    expect(await answer).toEqual({ answered: 'by the app' });
    expect(await maintenance).toBe(200);
    // Once open, everything goes to the app, health included.
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
  });

  it('asks callers past the held limit to come back, in their language, and tells the held ones of a failed start', async () => {
    const base = await listening(1);
    const held = fetch(`${base}/api/answer`);
    await settledCount([held], 200);
    const refused = await fetch(`${base}/api/answer`, { headers: { 'accept-language': 'de' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('x-omnia-retry')).toBe('Yes');
    expect(await refused.json()).toMatchObject({
      Code: 'serverStarting',
      Message: 'Der Server wird gestartet. Versuchen Sie es gleich noch einmal.',
    });
    listener!.fail();
    const failed = await held;
    expect(failed.status).toBe(503);
    expect(failed.headers.get('x-omnia-retry')).toBe('No');
    expect(await failed.json()).toMatchObject({ Code: 'serverStartFailed' });
  });
});

/** The first message of a live socket to `url`, or how it ended. */
function knock(url: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = networkSocket(url);
    socket.on('message', (data: Buffer) => {
      resolve(`message ${data.toString('utf8')}`);
      socket.close();
    });
    socket.on('error', () => resolve('refused'));
  });
}

describe('live sockets on the early listener', () => {
  it('closes a socket that knocks before the app is ready and lets one in after', async () => {
    const base = (await listening()).replace('http:', 'ws:');
    expect(await knock(`${base}/api/ws`)).toBe('refused');
    await openApp();
    expect(await knock(`${base}/api/ws`)).toBe('message hello');
  });
});

describe('what the front answers alone', () => {
  it('answers reads of the page, its files, the app routes and health; nothing else', () => {
    const files = webFilePaths(webDist);
    expect([...files].sort()).toEqual(['/assets/index-abc.js', '/index.html']);
    const answers = (method: string, url: string) => frontAnswers({ method, url }, files);
    expect(answers('GET', '/')).toBe(true);
    expect(answers('GET', '/?reset=abc')).toBe(true);
    expect(answers('HEAD', '/assets/index-abc.js')).toBe(true);
    expect(answers('GET', '/datalayers')).toBe(true);
    expect(answers('GET', '/api/health')).toBe(true);
    expect(answers('GET', '/api/session/v1/holdings')).toBe(false);
    expect(answers('POST', '/')).toBe(false);
    expect(answers('GET', '/maintenance.json')).toBe(false);
    expect(answers('GET', '/partners/year/2026/current')).toBe(false);
    expect(answers('GET', '/assets/missing.js')).toBe(false);
  });
});
