import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiClient,
  ApiRequestError,
  ApiResponseShapeError,
  describeApiError,
  type ApiProblem,
} from './apiClient.ts';

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
    expect(problems).toEqual([{ kind: 'message', message: 'Enter a valid e-mail address.' }]);
  });

  it('reports nothing when the caller shows the error itself', async () => {
    const { client, problems } = setup([() => jsonResponse(400, { Message: 'Bad' })]);
    await expect(client.post('/oauth/token', { errorDialog: false })).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([]);
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
      { kind: 'message', message: 'First' },
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
      { kind: 'conflict' },
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
  ])('shows %s', (_name, failure, unauthorisedEnabled, expected) => {
    expect(describeApiError(failure, unauthorisedEnabled)).toEqual(expected);
  });
});
