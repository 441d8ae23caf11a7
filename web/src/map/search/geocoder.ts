/** A place found by a location search, its position and extent in EPSG:4326 degrees. */
export interface GeocodeResult {
  /** Unique within one answer; also what the search box lists. */
  name: string;
  lon: number;
  lat: number;
  /** [west, south, east, north]. */
  bbox: readonly [number, number, number, number];
}

export interface GeocodeQuery {
  text: string;
  /** At most this many results (10 by default). */
  maxResults?: number;
  /**
   * The holding's country or region ('England', 'Scotland', 'Wales', 'Ireland' …). Services get it appended to
   * the query text; the offline gazetteer ranks its places first.
   */
  regionSuffix?: string | null;
  signal?: AbortSignal;
}

/** A location search service: place names and postcodes to positions. */
export interface Geocoder {
  search(query: GeocodeQuery): Promise<GeocodeResult[]>;
}

/** A location query needs at least 3 characters (fields-croppings-maps §7). */
export const minGeocodeQueryLength = 3;
export const maxGeocodeResults = 10;

/** Whether `text` is long enough to search for. */
export function isSearchable(text: string): boolean {
  return text.trim().length >= minGeocodeQueryLength;
}

/**
 * Searches `primary`, and `fallback` when the primary fails (no network, refused key) or finds nothing, so the
 * search box keeps working offline.
 */
export function withFallback(primary: Geocoder, fallback: Geocoder): Geocoder {
  return {
    async search(query) {
      try {
        const found = await primary.search(query);
        if (found.length > 0) return found;
      } catch (error) {
        if (query.signal?.aborted) throw error;
      }
      return fallback.search(query);
    },
  };
}
