import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { webPageSender } from './webPage.ts';

let webDist: string;
let test: TestApp;

const page = `<!doctype html>
<html lang="en">
  <head>
    <title>Headland</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>
`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'headland-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), page);
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log("app");');
  // No BRAND setting: the host name decides, as on a server serving several brands.
  test = await createTestApp({ config: { webDist, brand: undefined } });
});

afterAll(async () => {
  await test?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const brandOf = (html: string) => /<meta name="headland-brand" content="(\w+)" \/>/.exec(html)?.[1];

describe('the web page', () => {
  it.each([
    ['headland.example', 'main'],
    ['soil.headland.example', 'second'],
    ['lite.headland.example', 'third'],
  ])('carries the brand of host %s in its head', async (host, brand) => {
    const response = await test.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brandOf(response.body)).toBe(brand);
    expect(response.body.indexOf('headland-brand')).toBeLessThan(response.body.indexOf('</head>'));
    expect(response.body).toContain('<script type="module" src="/assets/index-abc.js">');
  });

  it('is the answer of every client route, with the brand', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/fields/details/42',
      headers: { host: 'soil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(brandOf(response.body)).toBe('second');
  });

  it('leaves the assets and the API as they are', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    const api = await test.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      Message: 'No API route matches GET /api/nothing-here.',
      Code: 'apiRouteNotFound',
      Params: { method: 'GET', path: '/api/nothing-here' },
    });
  });

  it('carries the help videos the server is set up with, and no element for them without', async () => {
    const plain = await test.app.inject({ method: 'GET', url: '/', headers: { host: 'headland.example' } });
    expect(plain.body).not.toContain('headland-help-videos');

    let sent = '';
    const reply = {
      type: () => reply,
      header: () => reply,
      send: (body: string) => {
        sent = body;
        return reply;
      },
    } as unknown as FastifyReply;
    const request = {
      hostname: 'headland.example',
      headers: {},
      server: { deps: { config: {} } },
    } as unknown as FastifyRequest;
    webPageSender(join(webDist, 'index.html'), { gettingStarted: 'hD3kQm7pLw2', mapLayers: '"><b>' })(
      request,
      reply,
    );
    // An id of the wrong shape is never written into the page.
    expect(sent).toContain('<meta name="headland-help-videos" content="gettingStarted=hD3kQm7pLw2" />');
    expect(sent).not.toContain('<b>');
  });
});
