import { ukPlaces, type GazetteerPlace, type PlaceKind } from '../gazetteer/ukPlaces.ts';
import {
  isSearchable,
  maxGeocodeResults,
  type GeocodeQuery,
  type GeocodeResult,
  type Geocoder,
} from './geocoder.ts';

/** Half the height of the box a place is shown in, in degrees of latitude. */
const halfSize: Readonly<Record<PlaceKind, number>> = {
  city: 0.06,
  town: 0.02,
  village: 0.008,
  postcode: 0.04,
};

const kindOrder: Readonly<Record<PlaceKind, number>> = { city: 0, town: 1, postcode: 2, village: 3 };

/** Lower case, accents and punctuation dropped, single spaces: 'St. Neots' and "King's Lynn" match 'st neots', 'kings lynn'. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('en-GB')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const postcodePattern = /^([a-z]{1,2}[0-9][0-9a-z]?)(?: ?[0-9][a-z]{0,2})?$/;
const routingKeyPattern = /^([a-z][0-9][0-9w])(?: ?[0-9a-z]{0,4})?$/;

/** The outward code (district) a typed postcode or Eircode starts with, when it looks like one. */
export function postcodeDistrict(text: string): string | null {
  const compact = normalisePlaceText(text).replace(/ /g, '');
  const spaced = normalisePlaceText(text);
  const match = postcodePattern.exec(spaced) ?? postcodePattern.exec(compact);
  if (match?.[1]) return match[1];
  const key = routingKeyPattern.exec(compact);
  return key?.[1] ?? null;
}

/** How well a place matches, lower is better; null for no match. */
function matchRank(place: GazetteerPlace, text: string, district: string | null): number | null {
  const name = normalisePlaceText(place.name);
  if (place.kind === 'postcode') {
    if (district && name === district) return 0;
    if (name.startsWith(text.replace(/ /g, ''))) return 1;
    return null;
  }
  if (name === text) return 0;
  if (name.startsWith(text)) return 1;
  if (name.split(' ').some((word) => word.startsWith(text))) return 2;
  const withArea = `${name} ${normalisePlaceText(place.area)}`;
  if (withArea.startsWith(text)) return 3;
  if (name.includes(text)) return 4;
  return null;
}

/** A place as a search result named 'Town, County, Country' (postcodes: 'LN11, Louth, England'). */
export function placeResult(place: GazetteerPlace): GeocodeResult {
  const dLat = halfSize[place.kind];
  const dLon = dLat / Math.cos((place.lat * Math.PI) / 180);
  return {
    name: `${place.name}, ${place.area}, ${place.country}`,
    lon: place.lon,
    lat: place.lat,
    bbox: [place.lon - dLon, place.lat - dLat, place.lon + dLon, place.lat + dLat],
  };
}

/**
 * The places matching a query, best first: exact names (or the typed postcode's district), then names starting
 * with the text, then any word starting with it, then names containing it. Ties go to places in the holding's
 * country, then cities before towns, postcode districts and villages, then alphabetical order.
 */
export function searchGazetteer(places: readonly GazetteerPlace[], query: GeocodeQuery): GeocodeResult[] {
  if (!isSearchable(query.text)) return [];
  const text = normalisePlaceText(query.text);
  const district = postcodeDistrict(query.text);
  const region = query.regionSuffix ? normalisePlaceText(query.regionSuffix) : null;
  const ranked: { place: GazetteerPlace; rank: number[] }[] = [];
  for (const place of places) {
    const match = matchRank(place, text, district);
    if (match === null) continue;
    const elsewhere = region && normalisePlaceText(place.country) !== region ? 1 : 0;
    ranked.push({ place, rank: [match, elsewhere, kindOrder[place.kind]] });
  }
  ranked.sort((a, b) => {
    for (let index = 0; index < a.rank.length; index++) {
      const difference = (a.rank[index] ?? 0) - (b.rank[index] ?? 0);
      if (difference !== 0) return difference;
    }
    return a.place.name.localeCompare(b.place.name, 'en-GB', { numeric: true });
  });
  return ranked.slice(0, query.maxResults ?? maxGeocodeResults).map(({ place }) => placeResult(place));
}

/** The offline geocoder over the built-in gazetteer of the UK and Ireland. */
export function createGazetteerGeocoder(places: readonly GazetteerPlace[] = ukPlaces): Geocoder {
  return {
    search: async (query) => searchGazetteer(places, query),
  };
}
