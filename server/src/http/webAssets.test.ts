import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let webDist: string;
let test: TestApp;

const script = `console.log(${JSON.stringify('a line of the app '.repeat(200))});`;
const page = `<!doctype html>
<html lang="en">
  <head><title>Headland</title><script type="module" src="/assets/index-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'headland-assets-'));
  mkdirSync(join(webDist, 'assets'));
  mkdirSync(join(webDist, 'help'));
  writeFileSync(join(webDist, 'index.html'), page);
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  // A file the build did not compress (too small): always sent as it is.
  writeFileSync(join(webDist, 'assets', 'tiny-def456.css'), 'body{margin:0}');
  writeFileSync(join(webDist, 'help', 'guide.txt'), 'How to start');
  test = await createTestApp({ config: { webDist } });
});

afterAll(async () => {
  await test?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const getAsset = (url: string, acceptEncoding?: string) =>
  test.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('built web assets', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
  ])('are sent precompressed to a browser accepting %s (%s)', async (accepted, encoding) => {
    const response = await getAsset('/assets/index-abc123.js', accepted);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const decoded = encoding === 'br' ? brotliDecompress(response.rawPayload) : gunzip(response.rawPayload);
    expect(decoded).toBe(script);
  });

  it('are sent plain to a client that accepts no compression', async () => {
    for (const accepted of [undefined, 'identity', 'deflate']) {
      const response = await getAsset('/assets/index-abc123.js', accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(script);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('fall back to the plain file when no compressed copy was built', async () => {
    const response = await getAsset('/assets/tiny-def456.css', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/css');
    expect(response.body).toBe('body{margin:0}');
  });

  it('are kept by browsers for a year when their names carry a hash', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/tiny-def456.css']) {
      const response = await getAsset(url, 'gzip');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keep the security headers', async () => {
    const response = await getAsset('/assets/index-abc123.js', 'br');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without a hash in their names are revalidated on every use', async () => {
    const response = await getAsset('/help/guide.txt', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const etag = String(response.headers.etag);
    const again = await test.app.inject({
      method: 'GET',
      url: '/help/guide.txt',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the page', () => {
  it('is revalidated on every visit and answered 304 while unchanged', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['last-modified']).toBeTruthy();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await test.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const deepLink = await test.app.inject({
      method: 'GET',
      url: '/fields',
      headers: { 'if-none-match': etag },
    });
    expect(deepLink.statusCode).toBe(304);
  });

  it('is sent again in full when the browser holds another version', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': '"old"' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('differs by brand, and so does its validator', async () => {
    const main = await test.app.inject({ method: 'GET', url: '/', headers: { host: 'headland.example' } });
    const other = await test.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'soil.headland.example' },
    });
    // The test configuration fixes the brand; the validator follows the bytes whatever decides them.
    expect(main.headers.etag === other.headers.etag).toBe(main.body === other.body);
  });
});

describe('/robots.txt', () => {
  it('lets search engines read the sign-in page and keeps them out of the API', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Allow: /');
  });
});

function brotliDecompress(bytes: Buffer): string {
  return brotliDecompressSync(bytes).toString('utf8');
}

function gunzip(bytes: Buffer): string {
  return gunzipSync(bytes).toString('utf8');
}
