import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAboveBytes, registerCompression } from './compression.ts';

const app = Fastify();
const large = { rows: Array.from({ length: 2000 }, (_, index) => ({ id: index, name: `Field ${index}` })) };

beforeAll(async () => {
  registerCompression(app);
  app.get('/large', async () => large);
  app.get('/small', async () => ({ ok: true }));
  app.get('/text', async (_request, reply) =>
    reply.type('text/plain').send('x'.repeat(compressAboveBytes * 2)),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('answer compression', () => {
  it('gzips a large JSON answer for a client that accepts gzip, and it reads back the same', async () => {
    const response = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br, gzip, deflate' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(large).length / 4);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual(large);
  });

  it('leaves alone clients without gzip, small answers and other content', async () => {
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } });
    expect(text.headers['content-encoding']).toBeUndefined();
  });
});
