/** What the API client reads of an answer, whether fetch or XMLHttpRequest carried the request. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  blob(): Promise<Blob>;
}

export interface XhrRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string | FormData | undefined;
  /** Whether the answer is wanted as a file; otherwise it is read as text. */
  binary: boolean;
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onUploadProgress(fraction: number): void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

function answerOf(xhr: XMLHttpRequest, binary: boolean): HttpAnswer {
  const headers = { get: (name: string) => xhr.getResponseHeader(name) };
  if (binary) {
    const blob = xhr.response instanceof Blob ? xhr.response : new Blob([]);
    return { status: xhr.status, headers, text: () => blob.text(), blob: () => Promise.resolve(blob) };
  }
  const text = xhr.responseText;
  return {
    status: xhr.status,
    headers,
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text], { type: headers.get('Content-Type') ?? '' })),
  };
}

/**
 * Sends one request through XMLHttpRequest, the only browser transport that reports how much of a request
 * body has gone. It settles the way fetch does: with the answer whatever its status, with a TypeError when
 * the network fails, with an AbortError when `signal` aborts it.
 */
export function sendWithXhr(createXhr: () => XMLHttpRequest, request: XhrRequest): Promise<HttpAnswer> {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = createXhr();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(request.method, request.url);
    xhr.responseType = request.binary ? 'blob' : 'text';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      resolve(answerOf(xhr, request.binary));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError(`The request to ${request.url} failed`));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(request.body ?? null);
  });
}
