import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBoundaryVertices } from '@headland/domain/inputLimits';
import { warmUpGeometry } from '../db/warmUpGeometry.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { createFieldsHolding, type FieldsHolding } from '../testing/fieldsFixtures.ts';

/**
 * A boundary at the vertex limit is stored, and one of 100,000 vertices is refused before anything reads it,
 * while health keeps answering. Health is asked every 20 ms while the large request runs and the longest wait
 * is printed; the one-second aim itself is measured by `bench/load` on a quiet machine, not asserted here,
 * where the time depends on whatever else the machine runs.
 */

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  farm = await createFieldsHolding(test.app, test.db);
  // As the server does at start-up (main.ts).
  await warmUpGeometry(test.db);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

/** A round field of `vertices` corners on the British grid (metres), as GeoJSON. */
function roundField(vertices: number, east = 430_000, north = 310_000, radius = 300) {
  const ring: number[][] = [];
  for (let index = 0; index < vertices - 1; index += 1) {
    const angle = (2 * Math.PI * index) / (vertices - 1);
    ring.push([east + radius * Math.cos(angle), north + radius * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The same ring as compact WKT (whole metres): the smallest body that carries that many vertices. */
function roundFieldWkt(vertices: number): string {
  const ring = roundField(vertices).coordinates[0]!;
  return `POLYGON((${ring.map(([x, y]) => `${Math.round(x! * 10) / 10} ${Math.round(y! * 10) / 10}`).join(',')}))`;
}

/**
 * Runs `request` while asking for health every 20 ms; answers the request and the longest health wait. A
 * client asking just after one answer waits until the next one, so the wait is the longest time between two
 * answers (less the 20 ms pause): it includes any stretch in which the server's thread was busy.
 */
async function healthWaitDuring(
  request: () => Promise<LightMyRequestResponse>,
): Promise<{ response: LightMyRequestResponse; longestMs: number; took: number }> {
  let done = false;
  let longestMs = 0;
  const started = performance.now();
  const probe = (async () => {
    let last = performance.now();
    while (!done) {
      const health = await test.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const now = performance.now();
      longestMs = Math.max(longestMs, now - last);
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = performance.now() - 20;
      longestMs = Math.max(longestMs, last - now);
    }
  })();
  const response = await request();
  const took = performance.now() - started;
  done = true;
  await probe;
  return { response, longestMs, took };
}

describe('health while a large boundary is sent', () => {
  it('stores a boundary at the vertex limit while health keeps answering', async () => {
    const payload = JSON.stringify({ Name: 'Round', Boundary: roundField(maxBoundaryVertices), srid: 27700 });
    const { response, longestMs, took } = await healthWaitDuring(() =>
      test.app.inject({
        method: 'POST',
        url: '/api/fields/v1',
        headers: { ...farm.headers, 'content-type': 'application/json' },
        payload,
      }),
    );
    console.log(
      `boundary of ${maxBoundaryVertices} vertices (${payload.length} bytes): ${Math.round(took)} ms, health waited ${Math.round(longestMs)} ms at most`,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  }, 60_000);

  it('refuses a boundary of 100,000 vertices at once, saying why', async () => {
    for (const boundary of [roundField(100_000), roundFieldWkt(100_000)]) {
      const payload = JSON.stringify({ Name: 'Huge', Boundary: boundary, srid: 27700 });
      const { response, longestMs, took } = await healthWaitDuring(() =>
        test.app.inject({
          method: 'POST',
          url: '/api/fields/v1',
          headers: { ...farm.headers, 'content-type': 'application/json' },
          payload,
        }),
      );
      console.log(
        `boundary of 100,000 vertices (${payload.length} bytes): ${Math.round(took)} ms, health waited ${Math.round(longestMs)} ms at most`,
      );
      expect([400, 413]).toContain(response.statusCode);
      expect(response.json<{ Message: string }>().Message).toMatch(/at most/);
    }
  }, 60_000);
});
