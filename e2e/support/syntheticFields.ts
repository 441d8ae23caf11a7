import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { FieldAreaType } from '@headland/domain/crops';
import { aCropping, aField } from '../../web/src/modules/fields/testing/fieldsFixtures.ts';

/**
 * Fields laid out in a grid of about 215 m by 210 m plots south-west of Lincoln, each with a cropping, in the
 * shape GET /api/fields/v1 answers (the web's fixtures, so the answer follows the API's schema).
 */
export function syntheticFields(count: number, columns = 100): FieldResponse[] {
  const crops = [1, 2, 4, 13, 18, 54, 161, 1001, 1020, 1023, 1081, 1083];
  const fields: FieldResponse[] = [];
  for (let index = 0; index < count; index++) {
    const west = -0.6 + (index % columns) * 0.0032;
    const south = 53.0 + Math.floor(index / columns) * 0.0019;
    const wobble = (k: number) => (Math.abs(Math.sin(index * 12.9898 + k * 78.233)) % 1) * 0.0002;
    const ring = [
      [west + wobble(1), south + wobble(2)],
      [west + 0.0016, south + wobble(3)],
      [west + 0.003 + wobble(4), south + wobble(5)],
      [west + 0.003, south + 0.00095 + wobble(6)],
      [west + 0.003 + wobble(7), south + 0.0018],
      [west + 0.0016 + wobble(8), south + 0.0018],
      [west, south + 0.0018 + wobble(9)],
      [west + wobble(10), south + 0.00095],
    ];
    ring.push(ring[0]!);
    const cropId = crops[index % crops.length]!;
    const fieldId = 100_000 + index;
    fields.push(
      aField({
        FieldId: fieldId,
        Name: `Plot ${index + 1}`,
        FieldNumber: String(index + 1),
        AreaType: FieldAreaType.Boundary,
        BoundaryArea: 4.2,
        WorkingArea: null,
        WholeArea: null,
        Boundary: { type: 'MultiPolygon', coordinates: [[ring]] },
        Croppings: [
          aCropping({
            CroppingId: 200_000 + index,
            YearId: 2027,
            FieldId: fieldId,
            SowingDate: null,
            HarvestDate: null,
            CropId: cropId,
            Area: 4.2,
            FieldName: `Plot ${index + 1}`,
            SpreadArea: 4.2,
          }),
        ],
      }),
    );
  }
  return fields;
}
