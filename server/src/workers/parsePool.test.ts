import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { maxUnpackedBytes } from '@headland/domain/importLimits';
import { ImportFileError } from '../modules/boundaryImport/importedLayer.ts';
import { LayerImportFileError } from '../modules/layers/layerImportFileError.ts';
import { makePhoto } from '../testing/documentFixtures.ts';
import { cleanYieldPoints, type YieldPoint } from '@headland/domain/layers/layerImport';
import {
  cleanYieldPointsOffThread,
  readBoundaryFileOffThread,
  readLayerFileOffThread,
  readPictureFactsOffThread,
  spawnParseWorker,
} from './parseJobs.ts';
import { WorkerJobRefused, WorkerPool } from './workerPool.ts';
import type { ParseJob } from './parseJobTypes.ts';
import { packTable, unpackTable } from './tablePacking.ts';
import type { ImportTable } from '../modules/layers/layerImportFile.ts';

// The parsing workers, run as the server runs them: TypeScript here, through the same entry file.

const text = (value: string) => new TextEncoder().encode(value);

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/** A zip whose central directory declares `bytes` unpacked bytes in one stored entry of one byte. */
function lyingDirectoryZip(bytes: number): Uint8Array {
  const zip = zipSync({ 'a.shp': new Uint8Array([7]) }, { level: 0 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let offset = zip.length - 22; offset >= 0; offset -= 1) {
    if (view.getUint32(offset, true) === 0x02014b50) {
      view.setUint32(offset + 24, bytes, true);
      break;
    }
  }
  return zip;
}

describe('parsing off the request thread', () => {
  it('reads a boundary file in a worker and brings back its errors as they were thrown', async () => {
    const layer = await readBoundaryFileOffThread(
      text(
        '{"type":"Feature","properties":{"name":"A"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[0,0]]]}}',
      ),
    );
    expect(layer.features).toHaveLength(1);
    const error = await refusal(readBoundaryFileOffThread(text('not a boundary')));
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toMatch(/not a zipped shapefile/);
  });

  it("reads a picture's facts and leaves its bytes to be stored", async () => {
    // An upload over a socket arrives as a Buffer of its own memory, which a worker could otherwise take over.
    const photo = await makePhoto({ takenAt: '2025:06:01 12:30:00', lon: -0.1, lat: 53.3 });
    const bytes = Buffer.alloc(photo.byteLength);
    photo.copy(bytes);
    const facts = await readPictureFactsOffThread(bytes);
    expect(facts.takenAt).not.toBeNull();
    expect(facts.location).not.toBeNull();
    expect(bytes.byteLength).toBe(photo.byteLength);
    expect(Buffer.compare(bytes, photo)).toBe(0);
  });

  it('refuses binary content as not a soil or yield file', async () => {
    // Each call hands its bytes over to the worker: a fresh copy each time.
    const binary = () => new Uint8Array([80, 75, 0, 0, 1, 2, 3, 0, 0, 9]);
    for (const subject of ['soil', 'yield'] as const) {
      const error = await refusal(readLayerFileOffThread(binary(), subject));
      expect(error).toBeInstanceOf(LayerImportFileError);
      expect((error as LayerImportFileError).code).toBe(subject === 'soil' ? 'notSoilFile' : 'notYieldFile');
    }
    const nul = await refusal(readLayerFileOffThread(text('lon,lat,P\n-1.2,52.1,\u00004\n'), 'soil'));
    expect((nul as LayerImportFileError).code).toBe('notSoilFile');
  });

  it('refuses CSV beyond its bounds of columns, line length and rows', async () => {
    const columns = Array.from({ length: 1_001 }, (_, i) => `c${i}`).join(',');
    const wide = await refusal(readLayerFileOffThread(text(`${columns}\n${columns}\n`), 'soil'));
    expect(wide).toMatchObject({ code: 'tooManyColumns', params: { columns: 1_001, max: 1_000 } });
    const long = await refusal(readLayerFileOffThread(text(`${'a,'.repeat(200_000)}b\n1,2\n`), 'soil'));
    expect(long).toMatchObject({ code: 'lineTooLong' });
    const rows = await refusal(
      readLayerFileOffThread(text(`lon,lat,P\n${'-1.2,52.1,4\n'.repeat(200_001)}`), 'yield'),
    );
    expect(rows).toMatchObject({ code: 'tooManyRows', params: { rows: 200_001 } });
  });

  it('refuses a zip whose directory declares too much before inflating anything', async () => {
    const error = await refusal(readBoundaryFileOffThread(lyingDirectoryZip(maxUnpackedBytes + 1)));
    expect((error as Error).message).toBe('The zip file unpacks to more than 256 MB.');
  });

  it('stops a job that runs too long, and refuses one beyond the queue as busy', async () => {
    const pool = new WorkerPool({ spawn: spawnParseWorker, size: 1, maxQueued: 1, timeoutMs: 1 });
    const job: ParseJob = { kind: 'layerFile', bytes: text('lon,lat,P\n-1.2,52.1,4\n'), subject: 'soil' };
    const slow = await refusal(pool.run(job));
    expect(slow).toBeInstanceOf(WorkerJobRefused);
    expect((slow as WorkerJobRefused).reason).toBe('timeout');
    await pool.close();
    const patient = new WorkerPool({ spawn: spawnParseWorker, size: 1, maxQueued: 0, timeoutMs: 30_000 });
    const first = patient.run<{ rowCount: number }>(job);
    const second = await refusal(patient.run(job));
    expect((second as WorkerJobRefused).reason).toBe('busy');
    expect((await first).rowCount).toBe(1);
    await patient.close();
  });

  it('cleans yield points in a worker exactly as the rule does on the request thread', async () => {
    const points: YieldPoint[] = [
      { x: 0, y: 0, yield: 8, flow: 2 },
      { x: 0, y: 2, yield: 0, flow: 2 },
      { x: 0, y: 4, yield: 8, flow: 0 },
      { x: 0, y: 6, yield: 8 },
      { x: 0, y: 8, yield: null, flow: 1 },
    ];
    for (let x = 0; x <= 400; x += 2)
      points.push({ x, y: 10, yield: x === 200 ? 90 : 8 + (x % 6) / 10, heading: 90 });
    for (let y = 15; y <= 25; y += 5) points.push({ x: 400, y, yield: 8, heading: 0 });
    for (let x = 400; x >= 0; x -= 2) points.push({ x, y: 30, yield: 7.5, heading: 270 });
    const expected = cleanYieldPoints(points, { degrees: false });
    expect(expected.length).toBeGreaterThan(300);
    expect(expected.length).toBeLessThan(points.length - 5);
    expect(Array.from(await cleanYieldPointsOffThread(points, false))).toEqual(expected);
    const withoutFlow = points.map(({ flow: _flow, ...point }) => point);
    expect(Array.from(await cleanYieldPointsOffThread(withoutFlow, false))).toEqual(
      cleanYieldPoints(withoutFlow, { degrees: false }),
    );
  });

  it('sends a table back by columns and rebuilds it as it was', () => {
    const points: ImportTable = {
      format: 'shapefile',
      columns: ['P', 'NAME', 'PH'],
      rows: [
        { P: 12.5, NAME: 'A', PH: null },
        { P: null, NAME: null, PH: 6.5 },
        { P: 0, NAME: 'C', PH: 7 },
      ],
      geometries: [
        { type: 'Point', coordinates: [430_000, 310_000] },
        null,
        { type: 'Point', coordinates: [1, 2] },
      ],
      srid: 27700,
    };
    expect(unpackTable(packTable(points).packed)).toEqual(points);
    expect(packTable(points).transfer.length).toBe(6);
    const zones: ImportTable = {
      ...points,
      geometries: [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
        null,
        { type: 'Point', coordinates: [1, 2] },
      ],
    };
    expect(unpackTable(packTable(zones).packed)).toEqual(zones);
    const csv: ImportTable = {
      format: 'csv',
      columns: ['lon', 'lat'],
      rows: [{ lon: -1, lat: 52 }],
      geometries: null,
      srid: 4326,
    };
    expect(unpackTable(packTable(csv).packed)).toEqual(csv);
  });
});
