type ProgressHandler = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * Stands in for the browser's XMLHttpRequest in tests: records each request sent and lets the test report
 * upload progress and answer it. Install it with `vi.stubGlobal('XMLHttpRequest', FakeXhr)` or hand
 * `() => new FakeXhr()` to the API client.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  response: unknown = null;
  responseText = '';
  aborted = false;
  upload: { onprogress: ProgressHandler | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};

  /** Forgets the requests of earlier tests. */
  static reset(): void {
    FakeXhr.sent = [];
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const wanted = name.toLowerCase();
    const found = Object.entries(this.responseHeaders).find(([key]) => key.toLowerCase() === wanted);
    return found ? found[1] : null;
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** Reports that `loaded` of `total` bytes of the body have gone. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  /** Answers with `body` as JSON (or as it is, for a Blob or text), as the browser would hand it over. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    const isBlob = body instanceof Blob;
    const text = typeof body === 'string' ? body : body === undefined || isBlob ? '' : JSON.stringify(body);
    this.responseHeaders = {
      ...(typeof body === 'string' || isBlob ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    };
    if (this.responseType === 'blob') {
      this.response = isBlob
        ? body
        : new Blob([text], { type: this.getResponseHeader('Content-Type') ?? '' });
    } else {
      this.response = text;
      this.responseText = text;
    }
    this.onload?.();
  }

  /** Fails the way a dropped connection does. */
  failNetwork(): void {
    this.onerror?.();
  }
}
