import type { ExportFormat } from '@headland/domain/api/exportsApi';
import type { ExportSpec } from '../modules/exports/exportDatasets.ts';
import type { ImportSubject } from '../modules/layers/csvBounds.ts';

/** The work a parsing worker does: each reads one uploaded file, or writes one export from its rows. */
export type ParseJob =
  | { kind: 'boundaryFile'; bytes: Uint8Array }
  | { kind: 'layerFile'; bytes: Uint8Array; subject: ImportSubject }
  | { kind: 'layerPreview'; bytes: Uint8Array; subject: ImportSubject; rows: number }
  | { kind: 'holdingArchive'; bytes: Uint8Array }
  | { kind: 'pictureFacts'; bytes: Uint8Array }
  | { kind: 'exportFile'; bytes: Uint8Array; spec: ExportSpec; format: ExportFormat }
  | { kind: 'yieldCleaning'; columns: YieldColumns; degrees: boolean };

/** Yield points as columns (NaN where a value is missing), handed to the worker without copying. */
export interface YieldColumns {
  x: Float64Array;
  y: Float64Array;
  yield: Float64Array;
  /** Null when the file has no flow column. */
  flow: Float64Array | null;
  heading: Float64Array;
}
