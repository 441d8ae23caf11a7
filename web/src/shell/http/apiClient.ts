import type { z } from 'zod';
import { apiErrorSchema, type ApiError } from '@headland/domain/api/sessionApi';
import { retryDelayMs, shouldRetry } from '@headland/domain/retryRule';
import { attachmentFileName } from './attachmentFileName.ts';
import { sendWithXhr, type HttpAnswer } from './sendWithXhr.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  /** Added to the URL; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead of a JSON body (the token call). */
  form?: Readonly<Record<string, string | undefined>>;
  /** Sent as multipart/form-data (file uploads); the browser writes the Content-Type with its boundary. */
  formData?: FormData;
  /**
   * Called with the share of the request body sent so far, from 0 to 1; it starts again from 0 when the
   * request is retried. Asking for it sends the request through XMLHttpRequest: fetch reports no upload
   * progress.
   */
  onUploadProgress?: (fraction: number) => void;
  /** Parses the response; a response that does not match is treated as an unexpected error. */
  schema?: z.ZodType<T>;
  /** The answer is read as JSON, or as text when it is not JSON. `'blob'` is in {@link DownloadOptions}. */
  responseType?: 'json';
  /** The blocking spinner; off for background calls (map tiles, task polling, sync state, settings save). */
  spinner?: boolean;
  /**
   * Whether a failure opens an error dialog; off where the caller shows the error itself. `'conflicts'` opens
   * it only for a conflict (409 with Resources), which forms leave to the shell's conflict dialog.
   */
  errorDialog?: boolean | 'conflicts';
  /**
   * How the conflict dialog of a 409 with Resources reads (session-shell §8). 'retry' (the default): another
   * user's change is in the way, refresh and then save again. 'stop': the call cannot complete, as for a save
   * made in the background, which the user cannot retry from a form.
   */
  conflictMode?: ConflictMode;
  signal?: AbortSignal;
}

export type ConflictMode = 'retry' | 'stop';

/** One entry of a refusal's `Errors`. */
export type ApiErrorEntry = NonNullable<ApiError['Errors']>[number];

/** What a refusal is, as a code of the catalogue (domain/src/api/refusalCodes.ts) with its parameters. */
export type ApiRefusal = Pick<ApiError, 'Code' | 'Params'>;

/** Who made the change a save would have overwritten, as a 409 names them. */
export interface ConflictAuthor {
  UserId: number;
  Name: string;
  /** The user themself, in another tab or window. */
  Self: boolean;
}

/** A request whose answer is a file to keep rather than JSON to read. */
export interface DownloadOptions extends Omit<RequestOptions<never>, 'schema' | 'responseType'> {
  responseType: 'blob';
}

/** A downloaded file, with the name the server's Content-Disposition gives it (null when it gives none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** A response with a non-2xx status. `body` is the parsed JSON, the text, or undefined when empty. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  /** The body in the server's error shape, when it has that shape. */
  get apiError(): ApiError | undefined {
    const parsed = apiErrorSchema.safeParse(this.body);
    return parsed.success ? parsed.data : undefined;
  }
}

/** The server could not be reached at all (no network, or nothing answering): no status, no answer. */
export class ApiUnreachableError extends Error {
  constructor(path: string, options?: { cause?: unknown }) {
    super(`No answer from ${path}`, options);
    this.name = 'ApiUnreachableError';
  }
}

/** A 2xx response whose body does not match the expected schema. */
export class ApiResponseShapeError extends Error {
  readonly issues: unknown;

  constructor(path: string, issues: unknown) {
    super(`Unexpected response from ${path}`);
    this.name = 'ApiResponseShapeError';
    this.issues = issues;
  }
}

/** What the user is told about a failed call (session-shell-connections §8). */
export type ApiProblem =
  | { kind: 'generic' }
  /**
   * `entry`: the first entry of the answer's `Errors`, `refusal`: the answer's code and parameters, which the
   * dialog says in the shown language.
   */
  | { kind: 'message'; message: string; entry?: ApiErrorEntry; refusal?: ApiRefusal }
  /** `resources`: what changed, as the answer names it (`cropping:12`, `holding:3`, `member:3:8`...). */
  | { kind: 'conflict'; mode: ConflictMode; changedBy: ConflictAuthor | null; resources: string[] }
  | { kind: 'unauthorised' }
  /**
   * No answer from the server. `write`: a change the user is waiting for (not a GET, not in the background),
   * which they must be told was not sent; any other call that fails this way is left to the header's offline
   * notice.
   */
  | { kind: 'offline'; write: boolean }
  /** The server is closed for maintenance: the maintenance panel shows instead of an error. */
  | { kind: 'maintenance' };

/**
 * Maps a failure to the dialog that shows it. `unauthorisedEnabled` is true once a holding is selected: only
 * then does a 401 carrying AuthError end the session rather than show as an ordinary error.
 */
export function describeApiError(error: unknown, unauthorisedEnabled: boolean): ApiProblem {
  if (typeof error === 'string')
    return error.trim() ? { kind: 'message', message: error } : { kind: 'generic' };
  if (error instanceof ApiUnreachableError) return { kind: 'offline', write: false };
  if (!(error instanceof ApiRequestError)) return { kind: 'generic' };
  const { status, body } = error;
  // A 5xx text body is a proxy's or gateway's page, not a message for users.
  if (typeof body === 'string') {
    return body.trim() && status < 500 ? { kind: 'message', message: body } : { kind: 'generic' };
  }
  const apiError = error.apiError;
  if (status === 503 && typeof body === 'object' && body !== null && 'Maintenance' in body) {
    return { kind: 'maintenance' };
  }
  if (status === 401 && apiError?.AuthError === true && unauthorisedEnabled) return { kind: 'unauthorised' };
  if (status === 409 && apiError?.Resources !== undefined)
    return {
      kind: 'conflict',
      mode: 'retry',
      changedBy: apiError.ChangedBy ?? null,
      resources: apiError.Resources,
    };
  if (status >= 400 && status < 500) {
    const first = apiError?.Errors?.[0];
    const refusal = apiError?.Code ? { refusal: { Code: apiError.Code, Params: apiError.Params ?? {} } } : {};
    if (first?.Message) return { kind: 'message', message: first.Message, entry: first, ...refusal };
    // A 4xx message is written for users; a 5xx one never says more than the generic text.
    if (apiError?.Message) return { kind: 'message', message: apiError.Message, ...refusal };
  }
  return { kind: 'generic' };
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Makes the XMLHttpRequest of a request that reports upload progress. */
  createXhr?: () => XMLHttpRequest;
  /** Waits between retries; tests drive it with fake timers. */
  sleep?: (ms: number) => Promise<void>;
  /** The language shown, asked for at each request: the server writes its refusals' Message in it. */
  language?: () => string;
  /** Told after each attempt whether the server answered at all (any status) or could not be reached. */
  onReach?: (reached: boolean) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one way the web app talks to the server: bearer token, JSON, uploads and downloads, response parsing, the
 * retry rule of session-shell-connections §7, the blocking spinner and the error dialogs of §8.
 */
export class ApiClient {
  private token: string | null = null;
  private pending = 0;
  private unauthorisedEnabled = false;
  private readonly busyListeners = new Set<() => void>();
  private readonly problemListeners = new Set<(problem: ApiProblem) => void>();
  private readonly fetchImpl: typeof fetch;
  private readonly createXhr: () => XMLHttpRequest;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly language: (() => string) | undefined;
  private readonly onReach: ((reached: boolean) => void) | undefined;

  constructor(options: ApiClientOptions = {}) {
    // Bound so that the global fetch is not called with the client as `this`.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // Looked up at each request, so that a replaced global (tests) is the one used.
    this.createXhr = options.createXhr ?? (() => new XMLHttpRequest());
    this.sleep = options.sleep ?? defaultSleep;
    this.language = options.language;
    this.onReach = options.onReach;
  }

  setToken(token: string | null): void {
    this.token = token;
  }

  getToken(): string | null {
    return this.token;
  }

  /** Turned on once a holding is selected, off again at logout. */
  setUnauthorisedHandling(enabled: boolean): void {
    this.unauthorisedEnabled = enabled;
  }

  /** True while a call that blocks the screen is under way. */
  isBusy = (): boolean => this.pending > 0;

  subscribeBusy = (listener: () => void): (() => void) => {
    this.busyListeners.add(listener);
    return () => this.busyListeners.delete(listener);
  };

  onProblem(listener: (problem: ApiProblem) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  get(path: string, options: DownloadOptions): Promise<DownloadedFile>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get(path: string, options?: AnyRequestOptions): Promise<unknown> {
    return this.run('GET', path, options);
  }

  post(path: string, options: DownloadOptions): Promise<DownloadedFile>;
  post<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post(path: string, options?: AnyRequestOptions): Promise<unknown> {
    return this.run('POST', path, options);
  }

  put(path: string, options: DownloadOptions): Promise<DownloadedFile>;
  put<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  put(path: string, options?: AnyRequestOptions): Promise<unknown> {
    return this.run('PUT', path, options);
  }

  delete(path: string, options: DownloadOptions): Promise<DownloadedFile>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete(path: string, options?: AnyRequestOptions): Promise<unknown> {
    return this.run('DELETE', path, options);
  }

  request(method: HttpMethod, path: string, options: DownloadOptions): Promise<DownloadedFile>;
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  request(method: HttpMethod, path: string, options?: AnyRequestOptions): Promise<unknown> {
    return this.run(method, path, options);
  }

  private async run(method: HttpMethod, path: string, options: AnyRequestOptions = {}): Promise<unknown> {
    const blocking = options.spinner !== false;
    if (blocking) this.changePending(1);
    try {
      return await this.send(method, path, options);
    } catch (error) {
      const described = describeApiError(error, this.unauthorisedEnabled);
      const problem: ApiProblem =
        described.kind === 'conflict'
          ? { ...described, mode: options.conflictMode ?? 'retry' }
          : described.kind === 'offline'
            ? { ...described, write: method !== 'GET' && blocking }
            : described;
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      // The end of the session is shown whoever made the call: nothing else can work afterwards.
      const dialog =
        options.errorDialog === 'conflicts' ? problem.kind === 'conflict' : options.errorDialog !== false;
      if (!aborted && (problem.kind === 'unauthorised' || dialog)) this.report(problem);
      throw error;
    } finally {
      if (blocking) this.changePending(-1);
    }
  }

  /** Sends the request until it succeeds, fails for good, or has used its attempts; the same for both transports. */
  private async send(method: HttpMethod, path: string, options: AnyRequestOptions): Promise<unknown> {
    const url = withQuery(path, options.query);
    const binary = options.responseType === 'blob';
    // A download's Accept stays the browser's: the file is not JSON, though a failure still answers JSON.
    const headers: Record<string, string> = binary ? {} : { Accept: 'application/json' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const language = this.language?.();
    if (language) headers['Accept-Language'] = language;
    let body: string | FormData | undefined;
    if (options.formData) {
      body = options.formData;
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(options.form)) if (value !== undefined) form.set(key, value);
      body = form.toString();
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const { onUploadProgress, signal } = options;

    for (let attempt = 1; ; attempt++) {
      const answer = await this.attempt(url, { method, headers, body, binary, onUploadProgress, signal });
      if (answer.status >= 200 && answer.status < 300) {
        if (options.responseType === 'blob') {
          return {
            blob: await answer.blob(),
            fileName: attachmentFileName(answer.headers.get('Content-Disposition')),
          } satisfies DownloadedFile;
        }
        const data = await readBody(answer);
        if (!options.schema) return data;
        const parsed = options.schema.safeParse(data);
        if (!parsed.success) throw new ApiResponseShapeError(path, parsed.error.issues);
        return parsed.data;
      }
      if (shouldRetry(answer.status, attempt, answer.headers)) {
        await this.sleep(retryDelayMs(attempt));
        continue;
      }
      throw new ApiRequestError(answer.status, await readBody(answer));
    }
  }

  /** One request; a failure to reach the server becomes an ApiUnreachableError, a cancelled one stays as it is. */
  private async attempt(
    url: string,
    request: {
      method: HttpMethod;
      headers: Record<string, string>;
      body: string | FormData | undefined;
      binary: boolean;
      onUploadProgress: ((fraction: number) => void) | undefined;
      signal: AbortSignal | undefined;
    },
  ): Promise<HttpAnswer> {
    const { method, headers, body, binary, onUploadProgress, signal } = request;
    let answer: HttpAnswer;
    try {
      answer = onUploadProgress
        ? await sendWithXhr(this.createXhr, { method, url, headers, body, binary, onUploadProgress, signal })
        : await this.fetchImpl(url, { method, headers, body, signal });
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      if (aborted || !(error instanceof TypeError)) throw error;
      this.onReach?.(false);
      throw new ApiUnreachableError(url, { cause: error });
    }
    this.onReach?.(true);
    return answer;
  }

  private changePending(delta: number): void {
    const wasBusy = this.pending > 0;
    this.pending += delta;
    if (wasBusy !== this.pending > 0) for (const listener of this.busyListeners) listener();
  }

  private report(problem: ApiProblem): void {
    for (const listener of this.problemListeners) listener(problem);
  }
}

function withQuery(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

type AnyRequestOptions = RequestOptions<unknown> | DownloadOptions;

async function readBody(response: HttpAnswer): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
