import { holdingImportResponseSchema, type HoldingDetails } from '@headland/domain/api/holdingsApi';
import { ApiRequestError, type ApiClient } from '../../shell/http/apiClient.ts';

/*
 * The export answers a zip and the import sends a multipart upload, neither of which the JSON client carries,
 * so these two calls use fetch with the client's bearer token. They are not retried: a download or an upload
 * of a whole holding is not repeated behind the user's back.
 */

function authorisation(api: ApiClient): Record<string, string> {
  const token = api.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function failure(response: Response): Promise<ApiRequestError> {
  const text = await response.text();
  let body: unknown = text || undefined;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // The text stands as the body.
    }
  }
  return new ApiRequestError(response.status, body);
}

/** The file name of a Content-Disposition header, or `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Downloads a holding's export zip and hands it to the browser as a file. */
export async function downloadHoldingExport(api: ApiClient, holdingId: number): Promise<void> {
  const response = await fetch(`/api/export/omnia/holding/${holdingId}`, {
    method: 'POST',
    headers: authorisation(api),
  });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const fileName = attachmentFileName(
    response.headers.get('Content-Disposition'),
    `holding-${holdingId}.zip`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file only after the click returns: the address must outlive it a little.
  setTimeout(() => URL.revokeObjectURL(url), revokeDelayMs);
}

const revokeDelayMs = 10_000;

/** Uploads a holding export; the server makes a new holding of it and answers that holding. */
export async function uploadHoldingImport(api: ApiClient, file: File): Promise<HoldingDetails> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/import/omnia/holding', {
    method: 'POST',
    headers: { Accept: 'application/json', ...authorisation(api) },
    body: form,
  });
  if (!response.ok) throw await failure(response);
  return holdingImportResponseSchema.parse(await response.json()).Holding;
}
