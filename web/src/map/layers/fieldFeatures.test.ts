import { describe, expect, it } from 'vitest';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import { toLonLat } from 'ol/proj.js';
import { aCropping, aField } from '@headland/domain/testing/fieldResponses';
import { squareBoundary } from '../testing/squareBoundary.ts';
import {
  buildFieldFeatures,
  croppingOf,
  featureKind,
  fieldOf,
  readBoundary,
  writeBoundary,
} from './fieldFeatures.ts';

describe('buildFieldFeatures', () => {
  const withOwn = aCropping({ CroppingId: 11, FieldId: 1, Boundary: squareBoundary(-0.05, 53.3, 0.002) });
  const onField = aCropping({ CroppingId: 12, FieldId: 1 });
  const fields = [
    aField({ FieldId: 1, Boundary: squareBoundary(-0.06, 53.3), Croppings: [withOwn, onField] }),
    aField({ FieldId: 2, Boundary: null, Croppings: [aCropping({ CroppingId: 21, FieldId: 2 })] }),
  ];
  const built = buildFieldFeatures(fields);

  it('makes one feature per field with a boundary, in the view projection', () => {
    expect(built.fields.map((feature) => feature.getId())).toEqual(['field:1']);
    const [west, south] = built.fields[0]!.getGeometry()!.getExtent();
    expect(toLonLat([west!, south!]).map((value) => Number(value.toFixed(6)))).toEqual([-0.06, 53.3]);
    expect(featureKind(built.fields[0]!)).toBe('field');
    expect(fieldOf(built.fields[0]!)?.Name).toBe('Long Meadow');
  });

  it('draws a cropping on its own boundary, or on its field boundary shared rather than copied', () => {
    expect(built.croppings.map((feature) => feature.getId())).toEqual(['cropping:11', 'cropping:12']);
    const [own, shared] = built.croppings;
    expect(own!.getGeometry()).not.toBe(built.fields[0]!.getGeometry());
    expect(shared!.getGeometry()).toBe(built.fields[0]!.getGeometry());
    expect(croppingOf(shared!)?.CroppingId).toBe(12);
    expect(fieldOf(shared!)?.FieldId).toBe(1);
  });

  it('leaves out croppings with nothing to stand on', () => {
    expect(built.croppings.some((feature) => croppingOf(feature)?.FieldId === 2)).toBe(false);
  });

  it('writes a geometry back as EPSG:4326 GeoJSON', () => {
    const written = writeBoundary(built.fields[0]!.getGeometry()!);
    expect(written.type).toBe('MultiPolygon');
    expect(written.coordinates[0]![0]![0]).toEqual([-0.06, 53.3]);
  });
});

describe('readBoundary', () => {
  it('gives the same coordinates as the OpenLayers GeoJSON reader with a projection transform', async () => {
    const { default: GeoJSON } = await import('ol/format/GeoJSON.js');
    const boundary = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [-0.06, 53.3],
            [-0.05, 53.3],
            [-0.05, 53.31],
            [-0.06, 53.3],
          ],
          [
            [-0.058, 53.302],
            [-0.057, 53.302],
            [-0.057, 53.303],
            [-0.058, 53.302],
          ],
        ],
        [
          [
            [-6.2, 53.35],
            [-6.1, 53.35],
            [-6.1, 53.4],
            [-6.2, 53.35],
          ],
        ],
      ],
    };
    const expected = (
      new GeoJSON().readGeometry(boundary, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:3857',
      }) as MultiPolygon
    ).getCoordinates();
    const actual = readBoundary(boundary).getCoordinates();
    expect(actual).toHaveLength(2);
    actual.flat(2).forEach((coordinate, index) => {
      const wanted = expected.flat(2)[index]!;
      expect(coordinate[0]).toBeCloseTo(wanted[0]!, 6);
      expect(coordinate[1]).toBeCloseTo(wanted[1]!, 6);
    });
  });
});
