import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { testConfig } from '../testing/testApp.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { contentSecurityDirectives } from './securityHeaders.ts';

describe('security headers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  async function headersOf(publicUrl: string, url: string) {
    const app = await buildApp({
      config: testConfig({ publicUrl, tileUrls: ['https://{a-c}.tiles.example/{z}/{x}/{y}.png'] }),
      database,
    });
    try {
      return (await app.inject({ method: 'GET', url })).headers;
    } finally {
      await app.close();
    }
  }

  it.each(['/api/health', '/api/no/such/route', '/api/openapi.json'])('are on %s', async (url) => {
    const headers = await headersOf('http://localhost:3000', url);
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('connect-src');
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(csp).toContain('https://dev.virtualearth.net');
    expect(csp).toContain('https://*.tiles.example');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS when the public address is https', async () => {
    const headers = await headersOf('https://farm.example', '/api/health');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('allow the configured tile servers and the geocoder', () => {
    const directives = contentSecurityDirectives(
      testConfig({ tileUrls: ['https://maps.example:8443/p/{z}/{x}/{y}.png', 'not a url'] }),
    );
    expect(directives['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://tile.openstreetmap.org',
      'https://dev.virtualearth.net',
      'https://*.virtualearth.net',
      'https://maps.example:8443',
    ]);
  });
});
