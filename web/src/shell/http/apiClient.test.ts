import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiClient,
  ApiRequestError,
  ApiResponseShapeError,
  ApiUnreachableError,
  describeApiError,
  type ApiProblem,
} from './apiClient.ts';
import { FakeXhr } from './testing/FakeXhr.ts';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(responses: (() => Response)[]) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const make of responses) fetch.mockImplementationOnce(async () => make());
  const client = new ApiClient({ fetch });
  const problems: ApiProblem[] = [];
  client.onProblem((problem) => problems.push(problem));
  return { client, fetch, problems };
}

describe('ApiClient without a server', () => {
  function unreachable() {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const reached: boolean[] = [];
    const client = new ApiClient({ fetch, onReach: (answered) => reached.push(answered) });
    const problems: ApiProblem[] = [];
    client.onProblem((problem) => problems.push(problem));
    return { client, fetch, reached, problems };
  }

  it('says a read found no server without retrying, and tells who follows the connection', async () => {
    const { client, fetch, reached, problems } = unreachable();
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiUnreachableError);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reached).toEqual([false]);
    expect(problems).toEqual([{ kind: 'offline', write: false }]);
  });

  it('says a change was not sent', async () => {
    const { client, problems } = unreachable();
    await expect(client.put('/api/x', { body: {} })).rejects.toBeInstanceOf(ApiUnreachableError);
    expect(problems).toEqual([{ kind: 'offline', write: true }]);
  });

  it('tells that the server answered, whatever the status', async () => {
    const reached: boolean[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(404, { Message: 'Not found' }));
    const client = new ApiClient({ fetch, onReach: (answered) => reached.push(answered) });
    await expect(client.get('/api/x', { errorDialog: false })).rejects.toBeInstanceOf(ApiRequestError);
    expect(reached).toEqual([true]);
  });
});

describe('ApiClient requests', () => {
  it('sends the bearer token and a JSON body, and parses the response with the schema', async () => {
    const { client, fetch } = setup([() => jsonResponse(200, { restricted: false, extra: 1 })]);
    client.setToken('abc');
    const result = await client.post('/api/x', {
      body: { holdingId: 4 },
      query: { version: 3, send: undefined },
      schema: z.object({ restricted: z.boolean() }),
    });
    expect(result).toEqual({ restricted: false });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/x?version=3');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"holdingId":4}');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('asks for the shown language, so that a refusal comes back in it', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(200, {}));
    let shown = 'fr';
    const client = new ApiClient({ fetch, language: () => shown });
    await client.get('/api/x');
    shown = 'cy';
    await client.get('/api/x');
    const asked = fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Accept-Language'],
    );
    expect(asked).toEqual(['fr', 'cy']);
  });

  it('sends forms url-encoded', async () => {
    const { client, fetch } = setup([() => jsonResponse(200, {})]);
    await client.post('/oauth/token', {
      form: { grant_type: 'password', username: 'a@b.c', token: undefined },
    });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe('grant_type=password&username=a%40b.c');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('rejects a response that does not match its schema as an unexpected error', async () => {
    const { client, problems } = setup([() => jsonResponse(200, { restricted: 'no' })]);
    await expect(
      client.get('/api/x', { schema: z.object({ restricted: z.boolean() }) }),
    ).rejects.toBeInstanceOf(ApiResponseShapeError);
    expect(problems).toEqual([{ kind: 'generic' }]);
  });
});

describe('ApiClient retry rule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([409, 429, 502, 503, 504])('retries %i and succeeds on a later attempt', async (status) => {
    const { client, fetch } = setup([
      () => jsonResponse(status, { Message: 'busy', Resources: [] }),
      () => jsonResponse(status, { Message: 'busy', Resources: [] }),
      () => jsonResponse(200, { ok: true }),
    ]);
    const result = client.get('/api/x');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The first wait is one second (attempt 1), the second is capped at one second too.
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ ok: true });
  });

  it('gives up after 10 attempts in all', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(503, { Message: 'down' }));
    const client = new ApiClient({ fetch });
    const result = client.get('/api/x', { errorDialog: false });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(20_000);
    const error = await settled;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(10);
  });

  it('does not retry when the server answers X-Omnia-Retry: No', async () => {
    const { client, fetch } = setup([
      () => jsonResponse(503, { Message: 'down' }, { 'X-Omnia-Retry': 'No' }),
    ]);
    const settled = client.get('/api/x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settled).toBeInstanceOf(ApiRequestError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 403, 404, 500])('does not retry %i', async (status) => {
    const { client, fetch } = setup([() => jsonResponse(status, { Message: 'no' })]);
    const settled = client.get('/api/x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settled).toBeInstanceOf(ApiRequestError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('ApiClient spinner', () => {
  it('is busy during a blocking call and not during a call with spinner: false', async () => {
    let release: (response: Response) => void = () => {};
    const fetch = vi.fn<typeof globalThis.fetch>(
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    const client = new ApiClient({ fetch });
    const changes: boolean[] = [];
    client.subscribeBusy(() => changes.push(client.isBusy()));

    const quiet = client.post('/api/service/settings/save', { spinner: false });
    expect(client.isBusy()).toBe(false);
    release(jsonResponse(200, {}));
    await quiet;

    const blocking = client.get('/api/x');
    expect(client.isBusy()).toBe(true);
    release(jsonResponse(200, {}));
    await blocking;
    expect(client.isBusy()).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});

describe('ApiClient error dialogs', () => {
  it('reports the first error message of a 4xx with an Errors list', async () => {
    const { client, problems } = setup([
      () =>
        jsonResponse(400, {
          Message: 'The request is invalid.',
          Errors: [
            { Field: 'Email', Message: 'Enter a valid e-mail address.' },
            { Field: 'FirstName', Message: 'Too long.' },
          ],
        }),
    ]);
    await expect(client.post('/api/user/v1/user', { body: {} })).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([
      {
        kind: 'message',
        message: 'Enter a valid e-mail address.',
        entry: { Field: 'Email', Message: 'Enter a valid e-mail address.' },
      },
    ]);
  });

  it('reports nothing when the caller shows the error itself', async () => {
    const { client, problems } = setup([() => jsonResponse(400, { Message: 'Bad' })]);
    await expect(client.post('/oauth/token', { errorDialog: false })).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([]);
  });

  it("reports only a conflict for a form that shows its own messages, and doesn't retry a stale write", async () => {
    const { client, problems, fetch } = setup([
      () => jsonResponse(400, { Message: 'Bad', Errors: [{ Field: 'Area', Message: 'Bad' }] }),
      () => jsonResponse(409, { Message: 'Changed', Resources: ['cropping:7'] }, { 'X-Omnia-Retry': 'No' }),
    ]);
    await expect(client.put('/api/x', { errorDialog: 'conflicts' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([]);
    await expect(client.put('/api/x', { errorDialog: 'conflicts' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([
      { kind: 'conflict', mode: 'retry', changedBy: null, resources: ['cropping:7'] },
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("reports a conflict in the caller's mode", async () => {
    const changedBy = { UserId: 4, Name: 'Anna Field', Self: true };
    const { client, problems } = setup([
      () =>
        jsonResponse(
          409,
          { Message: 'Changed', Resources: ['setting:7'], ChangedBy: changedBy },
          { 'X-Omnia-Retry': 'No' },
        ),
    ]);
    await expect(client.post('/api/x', { conflictMode: 'stop' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([{ kind: 'conflict', mode: 'stop', changedBy, resources: ['setting:7'] }]);
  });

  it('reports the end of the session once a holding is selected, even for a caller without dialogs', async () => {
    const { client, problems } = setup([
      () => jsonResponse(401, { Message: 'Your session has ended.', AuthError: true }),
      () => jsonResponse(401, { Message: 'Your session has ended.', AuthError: true }),
    ]);
    await expect(client.get('/api/x', { errorDialog: false })).rejects.toThrow();
    expect(problems).toEqual([]);
    client.setUnauthorisedHandling(true);
    await expect(client.get('/api/x', { errorDialog: false })).rejects.toThrow();
    expect(problems).toEqual([{ kind: 'unauthorised' }]);
  });
});

describe('ApiClient uploads', () => {
  beforeEach(() => {
    FakeXhr.reset();
  });

  function uploadSetup(responses: (() => Response)[] = []) {
    const fetch = vi.fn<typeof globalThis.fetch>();
    for (const make of responses) fetch.mockImplementationOnce(async () => make());
    const sleep = vi.fn(() => Promise.resolve());
    const client = new ApiClient({
      fetch,
      sleep,
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });
    client.setToken('session-token');
    const problems: ApiProblem[] = [];
    client.onProblem((problem) => problems.push(problem));
    return { client, fetch, sleep, problems };
  }

  function aForm(): FormData {
    const form = new FormData();
    form.append('file', new File(['{}'], 'farm.geojson'), 'farm.geojson');
    return form;
  }

  /** Lets the client take in an answer and send its next request, if any. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('sends a multipart form through fetch when no progress is asked for', async () => {
    const { client, fetch } = uploadSetup([() => jsonResponse(200, { Holding: { HoldingId: 900 } })]);
    const form = aForm();
    const result = await client.post('/api/import/omnia/holding', {
      formData: form,
      schema: z.object({ Holding: z.object({ HoldingId: z.number() }) }),
    });
    expect(result).toEqual({ Holding: { HoldingId: 900 } });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    // The browser writes the multipart Content-Type with its boundary; one set here would lack it.
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer session-token');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('reports the upload progress of a form through XMLHttpRequest and parses the answer', async () => {
    const { client, fetch } = uploadSetup();
    const fractions: number[] = [];
    const form = aForm();
    const result = client.post('/api/fields/v1/import/preview', {
      formData: form,
      query: { v: 2 },
      onUploadProgress: (fraction) => fractions.push(fraction),
      schema: z.object({ Format: z.string() }),
    });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/fields/v1/import/preview?v=2');
    expect(xhr.body).toBe(form);
    expect(xhr.headers.Authorization).toBe('Bearer session-token');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    xhr.progress(0, 200);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(200, { Format: 'geojson', Extra: 1 });
    await expect(result).resolves.toEqual({ Format: 'geojson' });
    expect(fractions).toEqual([0, 0.25, 1]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports the progress of a JSON body too', async () => {
    const { client } = uploadSetup();
    const fractions: number[] = [];
    const result = client.post('/api/fields/v1/import/commit', {
      body: { Features: [] },
      onUploadProgress: (fraction) => fractions.push(fraction),
    });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.body).toBe('{"Features":[]}');
    expect(xhr.headers['Content-Type']).toBe('application/json');
    xhr.progress(3, 4);
    xhr.respond(201, { Fields: [] });
    await expect(result).resolves.toEqual({ Fields: [] });
    expect(fractions).toEqual([0.75]);
  });

  it('sends an upload again after a 503, with a new request and progress from the start', async () => {
    const { client, sleep } = uploadSetup();
    const fractions: number[] = [];
    const form = aForm();
    const result = client.post('/api/import/omnia/holding', {
      formData: form,
      onUploadProgress: (fraction) => fractions.push(fraction),
    });
    FakeXhr.sent[0]!.progress(100, 100);
    FakeXhr.sent[0]!.respond(503, { Message: 'Busy.' });
    await settle();
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(FakeXhr.sent).toHaveLength(2);
    const again = FakeXhr.sent[1]!;
    expect(again.body).toBe(form);
    again.progress(40, 100);
    again.respond(200, { ok: true });
    await expect(result).resolves.toEqual({ ok: true });
    expect(fractions).toEqual([1, 0.4]);
  });

  it('sends a form upload through fetch again after a 503', async () => {
    const { client, fetch } = uploadSetup([
      () => jsonResponse(503, { Message: 'Busy.' }),
      () => jsonResponse(200, { ok: true }),
    ]);
    const form = aForm();
    await expect(client.post('/api/import/omnia/holding', { formData: form })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]!.body).toBe(form);
  });

  it('does not send an upload again when the server refuses a retry', async () => {
    const { client } = uploadSetup();
    const result = client
      .post('/api/import/omnia/holding', { formData: aForm(), onUploadProgress: () => undefined })
      .catch((error: unknown) => error);
    FakeXhr.sent[0]!.respond(503, { Message: 'Down.' }, { 'X-Omnia-Retry': 'No' });
    expect(await result).toBeInstanceOf(ApiRequestError);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('ends the session on a 401 with AuthError to an upload once a holding is selected', async () => {
    const { client, problems } = uploadSetup();
    client.setUnauthorisedHandling(true);
    const result = client
      .post('/api/fields/v1/import/preview', {
        formData: aForm(),
        onUploadProgress: () => undefined,
        errorDialog: false,
      })
      .catch((error: unknown) => error);
    FakeXhr.sent[0]!.respond(401, { Message: 'Your session has ended.', AuthError: true });
    const error = await result;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(problems).toEqual([{ kind: 'unauthorised' }]);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("shows an upload's 4xx message in the error dialog unless the caller shows it", async () => {
    const { client, problems } = uploadSetup();
    const shown = client
      .post('/api/x', { formData: aForm(), onUploadProgress: () => undefined })
      .catch(() => undefined);
    FakeXhr.sent[0]!.respond(400, { Message: 'The KML file has no placemark with a polygon.' });
    await shown;
    const quiet = client
      .post('/api/x', { formData: aForm(), onUploadProgress: () => undefined, errorDialog: false })
      .catch((error: unknown) => error);
    FakeXhr.sent[1]!.respond(400, { Message: 'Not shown.' });
    expect(((await quiet) as ApiRequestError).apiError?.Message).toBe('Not shown.');
    expect(problems).toEqual([{ kind: 'message', message: 'The KML file has no placemark with a polygon.' }]);
  });

  it('holds the spinner for the whole upload unless told not to', async () => {
    const { client } = uploadSetup();
    const blocking = client.post('/api/x', { formData: aForm(), onUploadProgress: () => undefined });
    expect(client.isBusy()).toBe(true);
    FakeXhr.sent[0]!.respond(200, {});
    await blocking;
    expect(client.isBusy()).toBe(false);
    const quiet = client.post('/api/x', {
      formData: aForm(),
      onUploadProgress: () => undefined,
      spinner: false,
    });
    expect(client.isBusy()).toBe(false);
    FakeXhr.sent[1]!.respond(200, {});
    await quiet;
  });

  it('rejects a dropped connection as a change not sent', async () => {
    const { client, problems } = uploadSetup();
    const result = client
      .post('/api/x', { formData: aForm(), onUploadProgress: () => undefined })
      .catch((error: unknown) => error);
    FakeXhr.sent[0]!.failNetwork();
    expect(await result).toBeInstanceOf(ApiUnreachableError);
    expect(problems).toEqual([{ kind: 'offline', write: true }]);
  });

  it('aborts an upload through its signal without an error dialog', async () => {
    const { client, problems } = uploadSetup();
    const controller = new AbortController();
    const result = client
      .post('/api/x', { formData: aForm(), onUploadProgress: () => undefined, signal: controller.signal })
      .catch((error: unknown) => error);
    controller.abort();
    const error = await result;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(problems).toEqual([]);
    expect(client.isBusy()).toBe(false);
  });
});

describe('ApiClient downloads', () => {
  function zipResponse(headers: Record<string, string> = {}): Response {
    return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
      status: 200,
      headers: { 'Content-Type': 'application/zip', ...headers },
    });
  }

  it('answers the file with the name of its Content-Disposition', async () => {
    const { client, fetch } = setup([
      () => zipResponse({ 'Content-Disposition': 'attachment; filename="brook-farm-2025-06-01.zip"' }),
    ]);
    client.setToken('session-token');
    const file = await client.post('/api/export/omnia/holding/11', { responseType: 'blob' });
    expect(file.fileName).toBe('brook-farm-2025-06-01.zip');
    expect(file.blob.size).toBe(4);
    expect(file.blob.type).toBe('application/zip');
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer session-token');
    expect(headers.Accept).toBeUndefined();
  });

  it('answers no name when the server gives none', async () => {
    const { client } = setup([() => zipResponse()]);
    const file = await client.get('/api/x', { responseType: 'blob' });
    expect(file.fileName).toBeNull();
  });

  it('fails with the JSON error of a refused download', async () => {
    const { client, problems } = setup([() => jsonResponse(403, { Message: 'You may not export this.' })]);
    const error = await client
      .post('/api/export/omnia/holding/11', { responseType: 'blob' })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).apiError?.Message).toBe('You may not export this.');
    expect(problems).toEqual([{ kind: 'message', message: 'You may not export this.' }]);
  });

  it('downloads a file through XMLHttpRequest when upload progress is asked for', async () => {
    FakeXhr.reset();
    const client = new ApiClient({ createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const result = client.post('/api/x', {
      formData: new FormData(),
      responseType: 'blob',
      onUploadProgress: () => undefined,
    });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.responseType).toBe('blob');
    xhr.respond(200, new Blob(['PK'], { type: 'application/zip' }), {
      'Content-Disposition': "attachment; filename*=UTF-8''Br%C3%BCck.zip",
    });
    const file = await result;
    expect(file.fileName).toBe('Brück.zip');
    expect(await file.blob.text()).toBe('PK');
  });
});

describe('describeApiError', () => {
  const error = (status: number, body: unknown) => new ApiRequestError(status, body);

  it.each<[string, unknown, boolean, ApiProblem]>([
    [
      'a string error as it is',
      'Holding not found',
      false,
      { kind: 'message', message: 'Holding not found' },
    ],
    ['an unknown error as generic', new Error('boom'), false, { kind: 'generic' }],
    ['a network failure as generic', new TypeError('Failed to fetch'), false, { kind: 'generic' }],
    [
      'an unreachable server as offline',
      new ApiUnreachableError('/api/x'),
      false,
      { kind: 'offline', write: false },
    ],
    ['string data of a 4xx', error(400, 'Invalid year'), false, { kind: 'message', message: 'Invalid year' }],
    ['a 5xx page as generic', error(502, '<html>Bad gateway</html>'), false, { kind: 'generic' }],
    [
      'a 500 with a message as generic',
      error(500, { Message: 'An unexpected error has occurred' }),
      false,
      { kind: 'generic' },
    ],
    [
      'the first Errors message of a 4xx',
      error(400, {
        Message: 'Invalid',
        Errors: [
          { Field: 'a', Message: 'First' },
          { Field: 'b', Message: 'Second' },
        ],
      }),
      false,
      { kind: 'message', message: 'First', entry: { Field: 'a', Message: 'First' } },
    ],
    [
      'the Message of a 4xx without Errors',
      error(403, { Message: 'Not allowed.' }),
      false,
      { kind: 'message', message: 'Not allowed.' },
    ],
    [
      'a 409 with Resources as a conflict',
      error(409, { Message: 'Busy', Resources: ['fields'] }),
      false,
      { kind: 'conflict', mode: 'retry', changedBy: null, resources: ['fields'] },
    ],
    [
      'a 409 with Resources naming who changed the record',
      error(409, {
        Message: 'Busy',
        Resources: ['holding:3'],
        ChangedBy: { UserId: 4, Name: 'Anna Field', Self: false },
      }),
      false,
      {
        kind: 'conflict',
        mode: 'retry',
        changedBy: { UserId: 4, Name: 'Anna Field', Self: false },
        resources: ['holding:3'],
      },
    ],
    [
      'a 409 without Resources by its message',
      error(409, { Message: 'Exists already.' }),
      false,
      { kind: 'message', message: 'Exists already.' },
    ],
    [
      'a 401 auth error before a holding is selected',
      error(401, { Message: 'Sign in.', AuthError: true }),
      false,
      { kind: 'message', message: 'Sign in.' },
    ],
    [
      'a 401 auth error after a holding is selected',
      error(401, { Message: 'Sign in.', AuthError: true }),
      true,
      { kind: 'unauthorised' },
    ],
    [
      'a 401 without the auth flag',
      error(401, { Message: 'No.' }),
      true,
      { kind: 'message', message: 'No.' },
    ],
    ['an empty 4xx as generic', error(404, undefined), false, { kind: 'generic' }],
    [
      'a 503 of maintenance as the maintenance panel',
      error(503, { Message: 'Closed.', Maintenance: { id: 1, startDate: '', endDate: '', message: '' } }),
      false,
      { kind: 'maintenance' },
    ],
  ])('shows %s', (_name, failure, unauthorisedEnabled, expected) => {
    expect(describeApiError(failure, unauthorisedEnabled)).toEqual(expected);
  });
});
