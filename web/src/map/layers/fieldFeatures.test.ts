import { describe, expect, it } from 'vitest';
import { toLonLat } from 'ol/proj.js';
import { aCropping, aField } from '../../modules/fields/testing/fieldsFixtures.ts';
import { squareBoundary } from '../testing/squareBoundary.ts';
import { buildFieldFeatures, croppingOf, featureKind, fieldOf, writeBoundary } from './fieldFeatures.ts';

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
