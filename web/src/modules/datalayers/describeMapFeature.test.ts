import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/createI18n.ts';
import { buildFieldFeatures } from '../../map/layers/fieldFeatures.ts';
import { squareBoundary } from '../../map/testing/squareBoundary.ts';
import { aCropping, aField } from '../fields/testing/fieldsFixtures.ts';
import { describeMapFeature } from './describeMapFeature.ts';

const t = createI18n('en').t;

describe('describeMapFeature', () => {
  const wheat = aCropping({ CroppingId: 1, CropId: 1, Area: 6.5 });
  const beans = aCropping({ CroppingId: 2, CropId: 1024, Area: 3.5 });
  const built = buildFieldFeatures([
    aField({
      FieldId: 1,
      Name: 'Long Meadow',
      FieldNumber: '7',
      Boundary: squareBoundary(0, 53),
      Croppings: [wheat, beans],
    }),
    aField({
      FieldId: 2,
      Name: 'Ten Acre',
      FieldNumber: null,
      Boundary: squareBoundary(0.1, 53),
      Years: [{ YearId: 2027, Disabled: true }],
    }),
  ]);

  it("names a field, its number, every crop of the year and the field's area", () => {
    expect(describeMapFeature(built.fields[0]!, 2027, t)).toEqual([
      'Long Meadow (7)',
      'Winter wheat, Spring beans',
      '10.00 ha',
    ]);
  });

  it("names a cropping's own crop and area", () => {
    expect(describeMapFeature(built.croppings[1]!, 2027, t)).toEqual([
      'Long Meadow (7)',
      'Spring beans',
      '3.50 ha',
    ]);
  });

  it('says Uncropped for a field without croppings, and when it is disabled in the year', () => {
    expect(describeMapFeature(built.fields[1]!, 2027, t)).toEqual([
      'Ten Acre',
      'Uncropped',
      '10.00 ha',
      'Disabled in 2027',
    ]);
    expect(describeMapFeature(built.fields[1]!, 2026, t)).toHaveLength(3);
  });
});
