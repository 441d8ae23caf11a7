import type { z } from 'zod';
import { ApiRequestError, ApiResponseShapeError } from '../../shell/http/apiClient.ts';

export interface ProgressRequest {
  url: string;
  /** The session's bearer token. */
  token: string | null;
  /** A multipart form, or a value sent as JSON. */
  body: FormData | unknown;
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A POST that reports how much of its body has been sent. The shared API client sends JSON through fetch, which
 * tells nothing of upload progress and cannot send a multipart file; boundary files can be tens of megabytes, so
 * their upload goes through XMLHttpRequest here. Failures come back as the client's own error types, so the
 * callers read them the same way.
 */
export function postWithProgress<T>(request: ProgressRequest, schema: z.ZodType<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    const multipart = request.body instanceof FormData;
    if (!multipart) xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiRequestError(xhr.status, body));
        return;
      }
      const parsed = schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiResponseShapeError(request.url, parsed.error.issues));
    };
    xhr.onerror = () => reject(new Error(`The request to ${request.url} failed`));
    xhr.send(multipart ? (request.body as FormData) : JSON.stringify(request.body));
  });
}
