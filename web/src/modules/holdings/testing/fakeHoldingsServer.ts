import type { HoldingDetails, HoldingSaveRequest } from '@headland/domain/api/holdingsApi';
import { aHoldingDetails, aStatus, towns, type StatusInput } from './holdingsFixtures.ts';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeServerOptions {
  holdings?: HoldingDetails[];
  /** Holdings with no data, which may be deleted. */
  emptyIds?: number[];
  status?: Pick<StatusInput, 'custom' | 'canChangeRegion' | 'fixedBusinessId'>;
  /** An answer to the save in place of the saved holding. */
  saveFailure?: { status: number; body: unknown };
  /** The fields of the session's holding, by area. */
  fieldAreas?: number[];
  /** Holdings the import preview names as having the imported file's account number. */
  sameAccountNumber?: { HoldingId: number; TradingName: string }[];
}

export interface FakeHoldingsServer {
  holdings: HoldingDetails[];
  /** The holdings with no data; the delete refuses the others as the server does. */
  emptyIds: Set<number>;
  calls: FakeCall[];
  fetch: typeof globalThis.fetch;
  /** The bodies sent to the save calls. */
  saves(): HoldingSaveRequest[];
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function aField(id: number, area: number) {
  return {
    FieldId: id,
    Name: `Field ${id}`,
    FieldNumber: null,
    FieldGroup: null,
    AreaType: 'Boundary',
    BoundaryArea: area,
    WorkingArea: null,
    WholeArea: null,
    ManureSpreadArea: null,
    Years: [],
    IgnoreBoundary: false,
    Version: 1,
    Boundary: null,
    Croppings: [],
    HiddenCroppingYears: [],
  };
}

/** A stand-in for the holdings calls of the server, keeping its holdings in memory and recording each call. */
export function fakeHoldingsServer(options: FakeServerOptions = {}): FakeHoldingsServer {
  const holdings = options.holdings ?? [aHoldingDetails()];
  const empty = new Set(options.emptyIds ?? []);
  const calls: FakeCall[] = [];
  let nextId = 900;

  const save = (request: HoldingSaveRequest): HoldingDetails => {
    const input = request.holding;
    const stored = holdings.find((holding) => holding.HoldingId === input.HoldingId);
    const town = towns.find((candidate) => candidate.TownId === input.TownId);
    const saved: HoldingDetails = {
      ...(stored ?? aHoldingDetails({ HoldingId: nextId++, CropYears: [request.firstCroppingYear ?? 2025] })),
      TradingName: input.TradingName ?? '',
      TownId: input.TownId ?? null,
      Town: town?.Name ?? null,
      Region: input.Region ?? null,
      NVZ: input.NVZ ?? false,
      AccountNumber: input.AccountNumber ?? null,
      Address: input.Address ?? null,
      Version: (stored?.Version ?? 0) + 1,
    };
    const index = holdings.findIndex((holding) => holding.HoldingId === saved.HoldingId);
    if (index >= 0) holdings[index] = saved;
    else holdings.push(saved);
    return saved;
  };

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const path = url.pathname;
    const id = Number(path.split('/').at(-1));

    if (method === 'GET' && path === '/api/service/holdings')
      return json(200, { Holdings: holdings, Towns: towns });
    if (method === 'GET' && path === '/api/holdings/v1/status') {
      const holdingId = url.searchParams.get('holdingId');
      const townId = url.searchParams.get('townId');
      const holding = holdings.find((entry) => entry.HoldingId === Number(holdingId)) ?? null;
      return json(
        200,
        aStatus({
          holding,
          year: Number(url.searchParams.get('year')),
          ...(townId === null ? {} : { townId: Number(townId) }),
          ...options.status,
        }),
      );
    }
    if ((method === 'PUT' || method === 'POST') && path === '/api/holdings/v1') {
      if (options.saveFailure) return json(options.saveFailure.status, options.saveFailure.body);
      const request = body as HoldingSaveRequest;
      const stored = holdings.find((holding) => holding.HoldingId === request.holding.HoldingId);
      const sent = request.holding.Version;
      // As the server does: a save read at another version than the stored one is refused.
      if (method === 'POST' && stored && sent !== undefined && sent !== null && sent !== stored.Version) {
        return new Response(
          JSON.stringify({
            Message: 'Another user has changed this since you opened it.',
            Resources: [`holding:${stored.HoldingId}`],
            ChangedBy: { UserId: 90, Name: 'Anna Field', Self: false },
          }),
          { status: 409, headers: { 'Content-Type': 'application/json', 'X-Omnia-Retry': 'No' } },
        );
      }
      return json(200, save(request));
    }
    if (method === 'GET' && path.startsWith('/api/dashboard/holding/empty/'))
      return json(200, { Empty: empty.has(id) });
    if (method === 'POST' && path.startsWith('/api/dashboard/holding/delete/')) {
      if (!empty.has(id)) {
        const notEmpty = 'This holding is not empty. You can only delete empty holdings.';
        return json(400, {
          Message: notEmpty,
          Title: 'Unable to delete holding',
          Errors: [{ Field: 'id', Message: notEmpty }],
        });
      }
      holdings.splice(
        holdings.findIndex((holding) => holding.HoldingId === id),
        1,
      );
      return json(200, { Deleted: true });
    }
    if (method === 'POST' && path.startsWith('/api/export/omnia/holding/')) {
      return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="holding-${id}.zip"`,
        },
      });
    }
    if (method === 'POST' && path === '/api/import/omnia/holding/preview') {
      return json(200, {
        TradingName: 'Imported Acres',
        AccountNumber: 'IA-1',
        CropYears: [2025],
        Fields: 2,
        Croppings: 1,
        SameAccountNumber: options.sameAccountNumber ?? [],
      });
    }
    if (method === 'POST' && path === '/api/import/omnia/holding') {
      const imported = aHoldingDetails({
        HoldingId: nextId++,
        TradingName: 'Imported Acres',
        AccountNumber: null,
      });
      holdings.push(imported);
      return json(200, { Holding: imported });
    }
    if (method === 'GET' && path === '/api/fields/v1') {
      return json(
        200,
        (options.fieldAreas ?? []).map((area, index) => aField(index + 1, area)),
      );
    }
    return json(404, { Message: `No fake for ${method} ${path}` });
  };

  return {
    holdings,
    emptyIds: empty,
    calls,
    fetch,
    saves: () =>
      calls
        .filter(
          (call) => call.path === '/api/holdings/v1' && (call.method === 'PUT' || call.method === 'POST'),
        )
        .map((call) => call.body as HoldingSaveRequest),
  };
}
