import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/httpErrors.ts';
import { readBoundaryFile } from '../modules/boundaryImport/readBoundaryFile.ts';
import { ImportFileError } from '../modules/boundaryImport/importedLayer.ts';
import { readPictureFacts } from '../modules/documents/pictureFacts.ts';
import { writeExport } from '../modules/exports/exportDatasets.ts';
import type { ExportFile } from '../modules/exports/exportFiles.ts';
import { readHoldingArchive } from '../modules/holdingTransfer/holdingArchiveReader.ts';
import { readLayerImportFile, summariseTable } from '../modules/layers/layerImportFile.ts';
import { LayerImportFileError } from '../modules/layers/layerImportFileError.ts';
import { cleanYieldPoints, type YieldPoint } from '@headland/domain/layers/layerImport';
import type { ParseJob, YieldColumns } from './parseJobTypes.ts';
import { packTable } from './tablePacking.ts';
import type { CarriedError, WorkerReply } from './workerPool.ts';

// The parsing worker's thread: reads uploaded files for the request thread, one job at a time.

async function handle(job: ParseJob): Promise<unknown> {
  switch (job.kind) {
    case 'boundaryFile':
      return readBoundaryFile(job.bytes);
    case 'layerFile':
      return packTable(readLayerImportFile(job.bytes, job.subject));
    case 'layerPreview':
      return {
        summary: summariseTable(readLayerImportFile(job.bytes, job.subject), job.rows),
        bytes: job.bytes,
      };
    case 'holdingArchive':
      return readHoldingArchive(job.bytes);
    case 'pictureFacts':
      return readPictureFacts(job.bytes);
    case 'exportFile':
      return writeExport(job.bytes, job.spec, job.format);
    case 'yieldCleaning':
      return Int32Array.from(cleanYieldPoints(yieldPointsOf(job.columns), { degrees: job.degrees }));
  }
}

function yieldPointsOf(columns: YieldColumns): YieldPoint[] {
  const value = (column: Float64Array | null, index: number) => {
    const read = column?.[index];
    return read === undefined || Number.isNaN(read) ? null : read;
  };
  return Array.from(columns.x, (x, index) => ({
    x,
    y: columns.y[index] ?? 0,
    yield: value(columns.yield, index),
    flow: columns.flow ? value(columns.flow, index) : undefined,
    heading: value(columns.heading, index),
  }));
}

/**
 * What a job's answer hands over rather than copies: a packed table's columns, a preview's bytes (to be kept),
 * an export's file.
 */
function transferOf(job: ParseJob, result: unknown): { value: unknown; transfer: ArrayBuffer[] } {
  if (job.kind === 'layerFile') {
    const packed = result as ReturnType<typeof packTable>;
    return { value: packed.packed, transfer: packed.transfer };
  }
  if (job.kind === 'layerPreview') return { value: result, transfer: [job.bytes.buffer as ArrayBuffer] };
  if (job.kind === 'yieldCleaning')
    return { value: result, transfer: [(result as Int32Array).buffer as ArrayBuffer] };
  if (job.kind === 'exportFile')
    return { value: result, transfer: [(result as ExportFile).bytes.buffer as ArrayBuffer] };
  return { value: result, transfer: [] };
}

/** The error as data the request thread turns back into the same kind of error. */
function carry(error: unknown): CarriedError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ImportFileError)
    return { name: 'ImportFileError', message, fields: { code: error.code, params: error.params } };
  if (error instanceof LayerImportFileError)
    return { name: 'LayerImportFileError', message, fields: { code: error.code, params: error.params } };
  if (error instanceof HttpError)
    return {
      name: 'HttpError',
      message,
      fields: {
        statusCode: error.statusCode,
        code: error.code,
        params: error.params,
        body: error.body,
        headers: error.headers,
      },
    };
  return { name: 'Error', message, fields: {} };
}

parentPort?.on('message', (request: { id: number; message: ParseJob }) => {
  handle(request.message).then(
    (result) => {
      const { value, transfer } = transferOf(request.message, result);
      parentPort!.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply, transfer);
    },
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, ok: false, error: carry(error) } satisfies WorkerReply),
  );
});
