import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiClient, ApiRequestError, type ApiProblem } from '../../shell/http/apiClient.ts';
import { downloadHoldingExport, uploadHoldingImport } from './holdingTransfer.ts';
import { aHoldingDetails } from './testing/holdingsFixtures.ts';

function setup(answer: (init: RequestInit | undefined) => Response) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (_input, init) => answer(init));
  const api = new ApiClient({ fetch, sleep: () => Promise.resolve() });
  api.setToken('session-token');
  const problems: ApiProblem[] = [];
  api.onProblem((problem) => problems.push(problem));
  return { api, fetch, problems };
}

const zip = (headers: Record<string, string>) =>
  new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', ...headers },
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('downloadHoldingExport', () => {
  let click: MockInstance<() => void>;
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:holding');

  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    createObjectURL.mockClear();
  });
  afterEach(() => {
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  const savedLink = () => click.mock.contexts[0] as HTMLAnchorElement;

  it("saves the zip under the server's file name", async () => {
    const { api, fetch } = setup(() =>
      zip({ 'Content-Disposition': 'attachment; filename="brook-farm.zip"' }),
    );
    await downloadHoldingExport(api, 11);
    expect(fetch.mock.calls[0]![0]).toBe('/api/export/omnia/holding/11');
    expect(fetch.mock.calls[0]![1]!.method).toBe('POST');
    expect(click).toHaveBeenCalledTimes(1);
    expect(savedLink().download).toBe('brook-farm.zip');
    expect(savedLink().href).toBe('blob:holding');
    expect(createObjectURL.mock.calls[0]![0].size).toBe(4);
  });

  it('names the file after the holding when the server gives no name', async () => {
    const { api } = setup(() => zip({}));
    await downloadHoldingExport(api, 11);
    expect(savedLink().download).toBe('holding-11.zip');
  });

  it('fails with the server error for the dialog to show, without an error dialog', async () => {
    const { api, problems } = setup(() => json(403, { Message: 'You may not export this holding.' }));
    const error = await downloadHoldingExport(api, 11).catch((failure: unknown) => failure);
    expect((error as ApiRequestError).apiError?.Message).toBe('You may not export this holding.');
    expect(problems).toEqual([]);
    expect(click).not.toHaveBeenCalled();
  });
});

describe('uploadHoldingImport', () => {
  const file = () => new File([new Uint8Array([0x50, 0x4b])], 'brook.zip', { type: 'application/zip' });

  it('sends the file in the field "file" and answers the new holding', async () => {
    const imported = aHoldingDetails({ HoldingId: 900, TradingName: 'Imported Acres' });
    const { api, fetch } = setup(() => json(200, { Holding: imported }));
    await expect(uploadHoldingImport(api, file())).resolves.toEqual(imported);
    const init = fetch.mock.calls[0]![1]!;
    expect(fetch.mock.calls[0]![0]).toBe('/api/import/omnia/holding');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('file') as File).name).toBe('brook.zip');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
  });

  it('sends the file again when the server is briefly unavailable', async () => {
    const imported = aHoldingDetails({ HoldingId: 900 });
    let calls = 0;
    const { api, fetch } = setup(() =>
      ++calls === 1 ? json(503, { Message: 'Busy.' }) : json(200, { Holding: imported }),
    );
    await expect(uploadHoldingImport(api, file())).resolves.toEqual(imported);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('ends the session on a 401 with AuthError once a holding is open', async () => {
    const { api, problems } = setup(() => json(401, { Message: 'Your session has ended.', AuthError: true }));
    api.setUnauthorisedHandling(true);
    await expect(uploadHoldingImport(api, file())).rejects.toBeInstanceOf(ApiRequestError);
    expect(problems).toEqual([{ kind: 'unauthorised' }]);
  });
});
