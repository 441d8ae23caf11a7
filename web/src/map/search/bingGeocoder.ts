import { isSearchable, maxGeocodeResults, type GeocodeResult, type Geocoder } from './geocoder.ts';

interface LocationsResponse {
  resourceSets?: { resources?: { name?: string; bbox?: number[]; point?: { coordinates?: number[] } }[] }[];
}

export interface BingGeocoderOptions {
  key: string;
  fetch?: typeof fetch;
  url?: string;
}

/**
 * The maps provider's location search (fields-croppings-maps §7): query text with the region suffix, at most 10
 * results, answered as resourceSets[0].resources with a name and a bbox (south, west, north, east).
 */
export function createBingGeocoder(options: BingGeocoderOptions): Geocoder {
  const base = options.url ?? 'https://dev.virtualearth.net/REST/v1/Locations';
  return {
    async search(query) {
      if (!isSearchable(query.text)) return [];
      const text = query.regionSuffix ? `${query.text.trim()}, ${query.regionSuffix}` : query.text.trim();
      const params = new URLSearchParams({
        query: text,
        maxResults: String(query.maxResults ?? maxGeocodeResults),
        key: options.key,
      });
      const response = await (options.fetch ?? fetch)(`${base}?${params}`, { signal: query.signal });
      if (!response.ok) throw new Error(`location search answered ${response.status}`);
      const body = (await response.json()) as LocationsResponse;
      const results: GeocodeResult[] = [];
      for (const resource of body.resourceSets?.[0]?.resources ?? []) {
        const [south, west, north, east] = resource.bbox ?? [];
        if (!resource.name || [south, west, north, east].some((value) => typeof value !== 'number')) continue;
        const [lat, lon] = resource.point?.coordinates ?? [(south! + north!) / 2, (west! + east!) / 2];
        if (results.some((result) => result.name === resource.name)) continue;
        results.push({ name: resource.name, lon: lon!, lat: lat!, bbox: [west!, south!, east!, north!] });
      }
      return results;
    },
  };
}
