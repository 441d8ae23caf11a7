import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '@headland/domain/api/exportsApi';
import type { OwnRefusalCode, RefusalParams } from '@headland/domain/api/refusalCodes';
import type { YieldPoint } from '@headland/domain/layers/layerImport';
import { badRequest, HttpError } from '../http/httpErrors.ts';
import { ImportFileError, type ImportedLayer } from '../modules/boundaryImport/importedLayer.ts';
import type { PictureFacts } from '../modules/documents/pictureFacts.ts';
import type { ExportSpec } from '../modules/exports/exportDatasets.ts';
import type { ExportFile } from '../modules/exports/exportFiles.ts';
import type { HoldingArchive } from '../modules/holdingTransfer/holdingArchive.schema.ts';
import type { ImportSubject } from '../modules/layers/csvBounds.ts';
import type { ImportTable, ImportTableSummary } from '../modules/layers/layerImportFile.ts';
import { LayerImportFileError } from '../modules/layers/layerImportFileError.ts';
import type { ParseJob, YieldColumns } from './parseJobTypes.ts';
import { unpackTable, type PackedTable } from './tablePacking.ts';
import { defaultPoolSize, WorkerJobRefused, WorkerPool, type CarriedError } from './workerPool.ts';

// Uploaded files are read in worker threads: unzipping and parsing a large or hostile file then holds a worker,
// never the thread that answers every user.

/** Parsing a large file builds large strings and objects; beyond this the worker stops, not the server. */
const resourceLimits = { maxOldGenerationSizeMb: 1024 };

/**
 * Starts a parsing worker. Compiled, the entry is the emitted parseWorker.js beside this file, and the worker
 * inherits the server's options (its --conditions among them). Under vitest or tsx this module is TypeScript:
 * the worker then loads the TypeScript entry through tsx's loader (node 20 does not apply `--import` to a
 * worker's own thread).
 */
export function spawnParseWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./parseWorker.js', import.meta.url), { resourceLimits });
  const entry = new URL('./parseWorker.ts', import.meta.url).href;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(
    `const { workerData } = require('node:worker_threads');
     import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.entry, workerData.entry));`,
    { eval: true, workerData: { tsx, entry }, resourceLimits },
  );
}

/** PARSE_TIMEOUT_MS when it is a whole number of milliseconds from 1 s to 10 min, else 30 s. */
function parseTimeoutMs(): number {
  const configured = Number(process.env.PARSE_TIMEOUT_MS);
  return Number.isInteger(configured) && configured >= 1_000 && configured <= 600_000 ? configured : 30_000;
}

let pool: WorkerPool | null = null;

function parsePool(): WorkerPool {
  pool ??= new WorkerPool({
    spawn: spawnParseWorker,
    size: defaultPoolSize(),
    maxQueued: 8,
    timeoutMs: parseTimeoutMs(),
  });
  return pool;
}

/** Stops the parsing workers (at shutdown); a later job starts new ones. */
export async function closeParsePool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}

/** 503: every worker is busy and the queue is full; the client tries again by itself. */
const busy = () =>
  new HttpError(
    503,
    'uploadReadBusy',
    {},
    {},
    { 'Retry-After': '5', 'X-Omnia-Retry': 'Yes' },
    'The server is reading many files at the moment. Try again in a minute.',
  );

function revive(error: CarriedError): Error {
  const { fields } = error;
  switch (error.name) {
    case 'ImportFileError':
      return new ImportFileError(fields.code as OwnRefusalCode, fields.params as RefusalParams);
    case 'LayerImportFileError':
      return new LayerImportFileError(
        fields.code as string,
        error.message,
        fields.params as Record<string, string | number>,
      );
    case 'HttpError':
      return new HttpError(
        fields.statusCode as number,
        fields.code as string,
        fields.params as RefusalParams,
        fields.body as Record<string, unknown>,
        fields.headers as Record<string, string>,
        error.message,
      );
    default:
      return new Error(error.message);
  }
}

/**
 * The buffer of the bytes, handed over to the worker rather than copied when the bytes are all of it (copying
 * 60 MB holds the request thread for a good part of a second); the caller's bytes are then no longer readable.
 * Small Buffers share Node's pool and are copied.
 */
function ownBuffer(bytes: Uint8Array): ArrayBuffer[] {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

/**
 * Runs a job in the pool, handing it the job's bytes (see ownBuffer); a worker's error comes back as the same kind of error, and a refusal by the pool
 * (busy, too slow, the worker stopped) as what `refused` makes of it.
 */
async function run<T>(
  job: ParseJob,
  refused: (reason: 'timeout' | 'crashed') => Error,
  transfer: ArrayBuffer[] = 'bytes' in job ? ownBuffer(job.bytes) : [],
): Promise<T> {
  try {
    return await parsePool().run<T>(job, transfer);
  } catch (error) {
    if (error instanceof WorkerJobRefused) throw error.reason === 'busy' ? busy() : refused(error.reason);
    if (error instanceof Error) throw error;
    throw revive(error as CarriedError);
  }
}

const tooSlow =
  'The file took too long to read. Check that it is the right file, or split it into smaller ones.';
const unreadable = 'The file could not be read: it needs more memory than one import may use.';

/** Reads a boundary file; `bytes` are handed to the worker (see ownBuffer). */
export function readBoundaryFileOffThread(bytes: Uint8Array): Promise<ImportedLayer> {
  return run({ kind: 'boundaryFile', bytes }, (reason) =>
    reason === 'timeout'
      ? new HttpError(400, 'uploadReadTooSlow', {}, {}, {}, tooSlow)
      : new HttpError(400, 'uploadUnreadable', {}, {}, {}, unreadable),
  );
}

const layerRefusal = (reason: 'timeout' | 'crashed') =>
  reason === 'timeout'
    ? new LayerImportFileError('readTooSlow', tooSlow)
    : new LayerImportFileError('unreadableFile', unreadable);

/** Reads a soil or yield file for its import; `bytes` are handed to the worker (see ownBuffer). */
export async function readLayerFileOffThread(
  bytes: Uint8Array,
  subject: ImportSubject,
): Promise<ImportTable> {
  return unpackTable(await run<PackedTable>({ kind: 'layerFile', bytes, subject }, layerRefusal));
}

/**
 * The indices of the yield points the cleaner keeps (domain/layers/layerImport.ts): for a full layer of
 * points the cleaning takes a few hundred milliseconds, which every other user would wait through.
 */
export async function cleanYieldPointsOffThread(
  points: readonly YieldPoint[],
  degrees: boolean,
): Promise<Int32Array> {
  const column = (read: (point: YieldPoint) => number | null | undefined) =>
    Float64Array.from(points, (point) => read(point) ?? Number.NaN);
  const columns: YieldColumns = {
    x: column((point) => point.x),
    y: column((point) => point.y),
    yield: column((point) => point.yield),
    flow: points.some((point) => point.flow !== undefined) ? column((point) => point.flow) : null,
    heading: column((point) => point.heading),
  };
  const transfer = [
    columns.x,
    columns.y,
    columns.yield,
    columns.heading,
    ...(columns.flow ? [columns.flow] : []),
  ].map((array) => array.buffer as ArrayBuffer);
  return run<Int32Array>({ kind: 'yieldCleaning', columns, degrees }, layerRefusal, transfer);
}

/** The preview of a soil or yield file, and the file's bytes handed back for keeping. */
export function previewLayerFileOffThread(
  bytes: Uint8Array,
  subject: ImportSubject,
  rows: number,
): Promise<{ summary: ImportTableSummary; bytes: Uint8Array }> {
  return run({ kind: 'layerPreview', bytes, subject, rows }, layerRefusal);
}

/** Reads a holding export; `bytes` are handed to the worker (see ownBuffer). */
export function readHoldingArchiveOffThread(bytes: Uint8Array): Promise<HoldingArchive> {
  return run({ kind: 'holdingArchive', bytes }, (reason) =>
    reason === 'timeout'
      ? new HttpError(400, 'uploadReadTooSlow', {}, {}, {}, tooSlow)
      : new HttpError(400, 'uploadUnreadable', {}, {}, {}, unreadable),
  );
}

/** A picture whose EXIF block cannot be read in time has no date or place, as one with a broken block. */
export async function readPictureFactsOffThread(bytes: Uint8Array): Promise<PictureFacts> {
  try {
    // The picture is stored after its facts are read, so the worker gets a copy, not the caller's bytes (a
    // Buffer's slice would share them).
    const copy = new Uint8Array(bytes);
    return await run<PictureFacts>({ kind: 'pictureFacts', bytes: copy }, (reason) => new Error(reason));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return { takenAt: null, location: null };
  }
}

/**
 * Writes an export from its rows (UTF-8 JSON text, handed to the worker, see ownBuffer); the file's bytes come
 * back handed over, not copied. An export that takes too long or too much memory is refused in words.
 */
export function writeExportOffThread(
  bytes: Uint8Array,
  spec: ExportSpec,
  format: ExportFormat,
): Promise<ExportFile> {
  return run({ kind: 'exportFile', bytes, spec, format }, () => badRequest('exportTooSlow', {}));
}
