import { describe, expect, it, vi } from 'vitest';
import { ukPlaces } from '../gazetteer/ukPlaces.ts';
import { createBingGeocoder } from './bingGeocoder.ts';
import {
  createGazetteerGeocoder,
  normalisePlaceText,
  postcodeDistrict,
  searchGazetteer,
} from './gazetteerGeocoder.ts';
import { withFallback, type Geocoder } from './geocoder.ts';

const names = (text: string, regionSuffix?: string) =>
  searchGazetteer(ukPlaces, { text, regionSuffix }).map((result) => result.name);

describe('the built-in gazetteer', () => {
  it('holds a few hundred places and postcode districts across the UK and Ireland', () => {
    expect(ukPlaces.length).toBeGreaterThan(300);
    expect(new Set(ukPlaces.map((place) => place.country))).toEqual(
      new Set(['England', 'Scotland', 'Wales', 'Northern Ireland', 'Ireland']),
    );
    expect(ukPlaces.filter((place) => place.kind === 'postcode').length).toBeGreaterThan(100);
    for (const place of ukPlaces) {
      expect(place.lat, place.name).toBeGreaterThan(49.8);
      expect(place.lat, place.name).toBeLessThan(61);
      expect(place.lon, place.name).toBeGreaterThan(-10.6);
      expect(place.lon, place.name).toBeLessThan(1.8);
    }
  });

  it('names every result uniquely, so a list can key on the name', () => {
    const all = ukPlaces.map((place) => `${place.name}, ${place.area}, ${place.country}`);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('searchGazetteer', () => {
  it.each([
    ['', 0],
    ['Lo', 0],
    ['  Lo ', 0],
    ['Lou', 1],
  ])('searches only from 3 characters: %j gives results: %i', (text, some) => {
    expect(names(text).length > 0 ? 1 : 0).toBe(some);
  });

  it('finds Louth in Lincolnshire before the village in County Louth', () => {
    expect(names('Louth')).toEqual(['Louth, Lincolnshire, England', 'Louth, County Louth, Ireland']);
  });

  it('puts the holding country first among equally good matches', () => {
    expect(names('Louth', 'Ireland')[0]).toBe('Louth, County Louth, Ireland');
    expect(names('Newport', 'Wales')[0]).toBe('Newport, Gwent, Wales');
    expect(names('Newport', 'England')[0]).toBe('Newport, Isle of Wight, England');
  });

  it('answers at most 10 results, or fewer when asked', () => {
    expect(names('ton').length).toBe(10);
    expect(searchGazetteer(ukPlaces, { text: 'ton', maxResults: 4 })).toHaveLength(4);
  });

  it.each([
    ['LN11', 'LN11, Louth, England'],
    ['ln11 9sz', 'LN11, Louth, England'],
    ['LN119SZ', 'LN11, Louth, England'],
    ['PH13 9LZ', 'PH13, Blairgowrie, Scotland'],
    ['SA19 7ZZ', 'SA19, Llandeilo, Wales'],
    ['A91 X2Y3', 'A91, Dundalk, Ireland'],
  ])('takes the postcode %j to its district %j', (text, first) => {
    expect(names(text)[0]).toBe(first);
  });

  it('lists districts that start with a short postcode after the exact one', () => {
    expect(names('LN1').slice(0, 4)).toEqual([
      'LN1, Lincoln, England',
      'LN10, Woodhall Spa, England',
      'LN11, Louth, England',
      'LN12, Mablethorpe, England',
    ]);
  });

  it('matches whole names before words inside names, and ignores case, accents and apostrophes', () => {
    expect(names('kings lynn')[0]).toBe("King's Lynn, Norfolk, England");
    expect(names('WELLS')[0]).toBe('Wells, Somerset, England');
    expect(names('wells')).toContain('Builth Wells, Powys, Wales');
    expect(names('st andrews')[0]).toBe('St Andrews, Fife, Scotland');
  });

  it('gives each result a box around its place', () => {
    const [louth] = searchGazetteer(ukPlaces, { text: 'Louth' });
    const [west, south, east, north] = louth!.bbox;
    expect(west).toBeLessThan(louth!.lon);
    expect(east).toBeGreaterThan(louth!.lon);
    expect(south).toBeLessThan(louth!.lat);
    expect(north).toBeGreaterThan(louth!.lat);
    expect(louth).toMatchObject({ lon: -0.006, lat: 53.367 });
  });
});

describe('text helpers', () => {
  it.each([
    ["King's Lynn", 'kings lynn'],
    ['St. Neots', 'st neots'],
    ['Stoke-on-Trent', 'stoke on trent'],
    ['  Llandeilo ', 'llandeilo'],
  ])('normalises %j to %j', (text, expected) => {
    expect(normalisePlaceText(text)).toBe(expected);
  });

  it.each([
    ['LN11 9SZ', 'ln11'],
    ['ec1a 1bb', 'ec1a'],
    ['G1', 'g1'],
    ['Louth', null],
    ['D01 F5P2', 'd01'],
  ])('reads the district of %j as %j', (text, district) => {
    expect(postcodeDistrict(text)).toBe(district);
  });
});

describe('geocoders', () => {
  it('the gazetteer geocoder answers offline', async () => {
    const found = await createGazetteerGeocoder().search({ text: 'Louth' });
    expect(found[0]?.name).toBe('Louth, Lincolnshire, England');
  });

  it('the provider search sends the text with its region suffix and reads names and boxes', async () => {
    const fetchLocations = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            resourceSets: [
              {
                resources: [
                  {
                    name: 'Louth, Lincolnshire',
                    bbox: [53.35, -0.03, 53.38, 0.02],
                    point: { coordinates: [53.367, -0.006] },
                  },
                  { name: 'No box' },
                ],
              },
            ],
          }),
        ),
    ) as unknown as typeof fetch;
    const found = await createBingGeocoder({ key: 'k', fetch: fetchLocations }).search({
      text: 'Louth',
      regionSuffix: 'United Kingdom',
    });
    const url = new URL(vi.mocked(fetchLocations).mock.calls[0]![0] as string);
    expect(url.searchParams.get('query')).toBe('Louth, United Kingdom');
    expect(url.searchParams.get('maxResults')).toBe('10');
    expect(found).toEqual([
      { name: 'Louth, Lincolnshire', lon: -0.006, lat: 53.367, bbox: [-0.03, 53.35, 0.02, 53.38] },
    ]);
  });

  it('falls back to the gazetteer when the provider cannot be reached', async () => {
    const offline: Geocoder = { search: () => Promise.reject(new TypeError('fetch failed')) };
    const found = await withFallback(offline, createGazetteerGeocoder()).search({ text: 'Louth' });
    expect(found[0]?.name).toBe('Louth, Lincolnshire, England');
  });
});
