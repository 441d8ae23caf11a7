import type { ImportSubject } from '../modules/layers/csvBounds.ts';

/** The work a parsing worker does: each reads one uploaded file. */
export type ParseJob =
  | { kind: 'boundaryFile'; bytes: Uint8Array }
  | { kind: 'layerFile'; bytes: Uint8Array; subject: ImportSubject }
  | { kind: 'layerPreview'; bytes: Uint8Array; subject: ImportSubject; rows: number }
  | { kind: 'holdingArchive'; bytes: Uint8Array }
  | { kind: 'pictureFacts'; bytes: Uint8Array };
