import {
  holdingImportPreviewSchema,
  holdingImportResponseSchema,
  type HoldingDetails,
  type HoldingImportPreview,
} from '@headland/domain/api/holdingsApi';
import type { ApiClient } from '../../shell/http/apiClient.ts';

// Some browsers start reading the file only after the click returns: the address must outlive it a little.
const revokeDelayMs = 10_000;

/** Hands a downloaded file to the browser, which saves it under `fileName` (also for the Export screen). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeDelayMs);
}

/**
 * Downloads a holding's export zip and hands it to the browser as a file. The Manage holdings dialog shows a
 * failure beside its list, so no error dialog opens for it.
 */
export async function downloadHoldingExport(api: ApiClient, holdingId: number): Promise<string> {
  const { blob, fileName } = await api.post(`/api/export/omnia/holding/${holdingId}`, {
    responseType: 'blob',
    errorDialog: false,
  });
  const name = fileName ?? `holding-${holdingId}.zip`;
  saveFile(blob, name);
  return name;
}

/** Reads a holding export on the server without importing it: what it holds, and holdings it may duplicate. */
export async function previewHoldingImport(api: ApiClient, file: File): Promise<HoldingImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post('/api/import/omnia/holding/preview', {
    formData: form,
    schema: holdingImportPreviewSchema,
    errorDialog: false,
  });
}

/**
 * Uploads a holding export; the server makes a new holding of it, or with `replaceHoldingId` puts it in place of
 * that holding, and answers the holding.
 */
export async function uploadHoldingImport(
  api: ApiClient,
  file: File,
  replaceHoldingId?: number,
): Promise<HoldingDetails> {
  const form = new FormData();
  if (replaceHoldingId !== undefined) form.append('replaceHoldingId', String(replaceHoldingId));
  form.append('file', file, file.name);
  const answer = await api.post('/api/import/omnia/holding', {
    formData: form,
    schema: holdingImportResponseSchema,
    errorDialog: false,
  });
  return answer.Holding;
}
