import { describe, expect, it } from 'vitest';
import { customBasemapKind, validateCustomBasemap, type CustomBasemapValues } from './basemapRules.ts';

const good: CustomBasemapValues = {
  Name: 'Drone survey 2026',
  Url: 'https://tiles.example.com/survey/{z}/{x}/{y}.png',
  Extent: [-0.2, 53.3, -0.1, 53.4],
  ZoomMin: 12,
  ZoomMax: 20,
};

describe('custom base maps', () => {
  it.each([
    ['https://tiles.example.com/{z}/{x}/{y}.png', 'xyz'],
    ['https://tiles.example.com/{z}/{x}/{-y}.jpg?key=abc', 'xyz'],
    ['https://maps.example.com/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=ortho', 'wms'],
    ['http://tiles.example.com/{z}/{x}/{y}.png', null],
    ['https://tiles.example.com/{z}/{x}.png', null],
    ['https://maps.example.com/wms?service=WMS', null],
    ['javascript:alert(1)//{x}{y}{z}', null],
    ['https://user:secret@tiles.example.com/{z}/{x}/{y}.png', null],
    ['not a url', null],
  ])('reads %s as %s', (url, kind) => {
    expect(customBasemapKind(url)).toBe(kind);
  });

  it('accepts a complete base map, and one without extent or zoom limits', () => {
    expect(validateCustomBasemap(good)).toEqual([]);
    expect(validateCustomBasemap({ ...good, Extent: null, ZoomMin: null, ZoomMax: null })).toEqual([]);
  });

  it.each<[string, Partial<CustomBasemapValues>, string[]]>([
    ['a blank name', { Name: '  ' }, ['nameRequired']],
    ['a plain http address', { Url: 'http://tiles.example.com/{z}/{x}/{y}.png' }, ['urlNotTemplate']],
    ['an extent with west east of east', { Extent: [1, 50, 0, 51] }, ['extentInvalid']],
    ['an extent of three numbers', { Extent: [1, 50, 2] }, ['extentInvalid']],
    ['an extent beyond the poles', { Extent: [0, -95, 1, 51] }, ['extentInvalid']],
    ['a zoom of 23', { ZoomMax: 23 }, ['zoomOutOfRange']],
    ['a zoom of 1.5', { ZoomMin: 1.5 }, ['zoomOutOfRange']],
    ['ZoomMin above ZoomMax', { ZoomMin: 18, ZoomMax: 10 }, ['zoomOrder']],
  ])('refuses %s', (_, change, codes) => {
    expect(validateCustomBasemap({ ...good, ...change }).map((problem) => problem.code)).toEqual(codes);
  });
});
