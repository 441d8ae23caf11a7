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
import type { ParseJob } from './parseJobTypes.ts';
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
  }
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
      // A packed table's columns, and a preview's bytes (to be kept), are handed over, not copied.
      const { value, transfer } =
        request.message.kind === 'layerFile'
          ? {
              value: (result as ReturnType<typeof packTable>).packed,
              transfer: (result as ReturnType<typeof packTable>).transfer,
            }
          : {
              value: result,
              transfer:
                request.message.kind === 'layerPreview'
                  ? [request.message.bytes.buffer as ArrayBuffer]
                  : request.message.kind === 'exportFile'
                    ? [(result as ExportFile).bytes.buffer as ArrayBuffer]
                    : [],
            };
      parentPort!.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply, transfer);
    },
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, ok: false, error: carry(error) } satisfies WorkerReply),
  );
});
