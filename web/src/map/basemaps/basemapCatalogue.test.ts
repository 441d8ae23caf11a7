import { describe, expect, it } from 'vitest';
import { Role } from '@headland/domain/roles';
import { availableBasemaps, pickBasemap, type BasemapCatalogueInput } from './basemapCatalogue.ts';

const input: BasemapCatalogueInput = {
  mapsKey: null,
  role: Role.Client,
  regionId: 1,
  customBasemaps: [
    {
      Name: 'Drone survey',
      Url: 'https://tiles.example/{z}/{x}/{y}.png',
      Extent: [-1, 52, 0, 53],
      ZoomMin: 10,
      ZoomMax: 21,
    },
  ],
  pSorptionTileUrl: 'https://soil.example/{z}/{x}/{y}.png',
};

const ids = (overrides: Partial<BasemapCatalogueInput>) =>
  availableBasemaps({ ...input, ...overrides }).map((b) => b.id);

describe('availableBasemaps', () => {
  it.each([
    ['no key, a client in England', {}, ['osm']],
    ['a key', { mapsKey: 'abc' }, ['osm', 'aerial', 'ordnanceSurvey', 'road']],
    ['a blank key', { mapsKey: '  ' }, ['osm']],
    ['a Scotland holding', { regionId: 2 }, ['osm', 'pSorption']],
    ['a Scotland holding without the soil map configured', { regionId: 2, pSorptionTileUrl: null }, ['osm']],
    ['a Master user', { role: Role.Master }, ['osm', 'custom:0:Drone survey']],
    ['an Admin user', { role: Role.Admin }, ['osm']],
  ] as const)('with %s offers %j', (_case, overrides, expected) => {
    expect(ids(overrides)).toEqual(expected);
  });

  it('caps the Ordnance Survey map at zoom 17 and the others at 19', () => {
    const list = availableBasemaps({ ...input, mapsKey: 'abc' });
    expect(Object.fromEntries(list.map((basemap) => [basemap.id, basemap.maxZoom]))).toEqual({
      osm: 19,
      aerial: 19,
      ordnanceSurvey: 17,
      road: 19,
    });
  });

  it('keeps a custom map its zooms and extent, and draws the soil map at 70% over the street map', () => {
    const list = availableBasemaps({ ...input, role: Role.Master, regionId: 2 });
    expect(list.find((basemap) => basemap.kind === 'custom')).toMatchObject({
      name: 'Drone survey',
      minZoom: 10,
      maxZoom: 21,
      extentLonLat: [-1, 52, 0, 53],
    });
    expect(list.find((basemap) => basemap.kind === 'pSorption')?.overlayOpacity).toBe(0.7);
  });

  it('falls back to the default map when the saved one is no longer offered', () => {
    const list = availableBasemaps(input);
    expect(pickBasemap(list, 'aerial').id).toBe('osm');
    expect(pickBasemap(availableBasemaps({ ...input, mapsKey: 'k' }), 'aerial').id).toBe('aerial');
  });
});
