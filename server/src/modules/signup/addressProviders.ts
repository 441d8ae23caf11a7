import { outwardCode, type Address, type AddressLookupResponse } from '@headland/domain/api/signupApi';

/** Where the sign-up wizard's address lookup comes from (session-shell §7, Sign-up). */
export interface AddressProvider {
  /** Addresses for a post code or a free text; an empty list when nothing matches. */
  lookup(text: string): Promise<AddressLookupResponse>;
  /** One address by its id, or null when there is none. */
  get(udprn: string): Promise<Address | null>;
}

/** The address service failed (unreachable, refused the key, answered nonsense). */
export class AddressServiceError extends Error {
  override name = 'AddressServiceError';
}

/** A post town with its region and the post code districts it serves, as the towns table keeps them. */
export interface DistrictTown {
  name: string;
  regionName: string;
  postCodes: readonly string[];
}

const districtPrefix = 'district:';

/**
 * The offline provider: it knows post code areas and districts, their towns and regions (the towns table), and
 * no house addresses. A lookup answers one result per district that matches the text (its outward code, or
 * the start of a town's name), whose first line is empty for the user to type; `housesListed` is false so the
 * wizard says it plainly.
 */
export function offlineAddressProvider(loadTowns: () => Promise<DistrictTown[]>): AddressProvider {
  const districtAddress = (town: DistrictTown, district: string): Address => ({
    udprn: `${districtPrefix}${district}`,
    line_1: '',
    line_2: '',
    line_3: town.regionName,
    post_town: town.name,
    postcode: district,
  });
  return {
    async lookup(text) {
      const towns = await loadTowns();
      const district = outwardCode(text);
      const area = /^\s*[A-Za-z]{1,2}\s*$/.test(text) ? text.trim().toUpperCase() : null;
      const wanted = text.trim().toLowerCase();
      const addresses: Address[] = [];
      for (const town of towns) {
        for (const code of town.postCodes) {
          const upper = code.toUpperCase();
          const matches = district
            ? upper === district
            : (area !== null && upper.replace(/[0-9].*$/, '') === area) ||
              town.name.toLowerCase().startsWith(wanted);
          if (matches) addresses.push(districtAddress(town, code.toUpperCase()));
        }
      }
      addresses.sort((a, b) => a.postcode.localeCompare(b.postcode, 'en', { numeric: true }));
      return { housesListed: false, addresses: addresses.slice(0, 100) };
    },
    async get(udprn) {
      if (!udprn.startsWith(districtPrefix)) return null;
      const district = udprn.slice(districtPrefix.length).toUpperCase();
      const town = (await loadTowns()).find((entry) =>
        entry.postCodes.some((code) => code.toUpperCase() === district),
      );
      return town ? districtAddress(town, district) : null;
    },
  };
}

export interface IdealPostcodesOptions {
  apiKey: string;
  /** Base address of the API, without a trailing slash. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const idealPostcodesUrl = 'https://api.ideal-postcodes.co.uk';

interface IdealAddress {
  udprn?: number | string;
  line_1?: string;
  line_2?: string;
  line_3?: string;
  post_town?: string;
  postcode?: string;
}

function fromIdeal(entry: IdealAddress): Address | null {
  if (entry.udprn === undefined || entry.udprn === null || !entry.postcode) return null;
  return {
    udprn: String(entry.udprn),
    line_1: entry.line_1 ?? '',
    line_2: entry.line_2 ?? '',
    line_3: entry.line_3 ?? '',
    post_town: entry.post_town ?? '',
    postcode: entry.postcode,
  };
}

/**
 * The Ideal Postcodes API (https://docs.ideal-postcodes.co.uk): a post code is looked up with
 * `GET /v1/postcodes/{postcode}`, any other text with `GET /v1/addresses?query=`, one address with
 * `GET /v1/udprn/{udprn}`, each with `api_key`. A 404 means nothing found; any other failure is an
 * AddressServiceError (the wizard then asks for the address to be typed).
 */
export function idealPostcodesProvider(options: IdealPostcodesOptions): AddressProvider {
  const doFetch = options.fetch ?? fetch;
  const call = async (path: string, query: Record<string, string> = {}): Promise<unknown> => {
    const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}${path}`);
    for (const [key, value] of Object.entries({ ...query, api_key: options.apiKey })) {
      url.searchParams.set(key, value);
    }
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new AddressServiceError(`The address service cannot be reached: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new AddressServiceError(`The address service answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new AddressServiceError('The address service answered something other than JSON');
    }
  };
  const list = (value: unknown): Address[] =>
    (Array.isArray(value) ? (value as IdealAddress[]) : [])
      .map(fromIdeal)
      .filter((entry): entry is Address => entry !== null)
      .slice(0, 100);
  return {
    async lookup(text) {
      const postcode = text.replace(/\s+/g, '').toUpperCase();
      if (/^[A-Z]{1,2}[0-9][0-9A-Z]?[0-9][A-Z]{2}$/.test(postcode)) {
        const body = (await call(`/v1/postcodes/${encodeURIComponent(postcode)}`)) as {
          result?: unknown;
        } | null;
        return { housesListed: true, addresses: list(body?.result) };
      }
      const body = (await call('/v1/addresses', { query: text.trim() })) as {
        result?: { hits?: unknown };
      } | null;
      return { housesListed: true, addresses: list(body?.result?.hits) };
    },
    async get(udprn) {
      if (!/^[0-9]+$/.test(udprn)) return null;
      const body = (await call(`/v1/udprn/${udprn}`)) as { result?: IdealAddress } | null;
      return body?.result ? fromIdeal(body.result) : null;
    },
  };
}
