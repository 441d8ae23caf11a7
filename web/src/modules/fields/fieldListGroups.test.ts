import { describe, expect, it } from 'vitest';
import { CropId } from '@headland/domain/crops';
import { groupFields } from './fieldListGroups.ts';
import { aCropping, aField } from './testing/fieldsFixtures.ts';

const fields = [
  aField({ FieldId: 1, Name: 'Field 10', FieldGroup: 'North', FieldNumber: 'N1' }),
  aField({
    FieldId: 2,
    Name: 'Field 9',
    FieldGroup: 'North',
    Croppings: [aCropping({ CropId: CropId.Grass })],
  }),
  aField({
    FieldId: 3,
    Name: 'Barn',
    FieldGroup: null,
    Croppings: [aCropping({ CropId: CropId.WinterWheat })],
  }),
  aField({ FieldId: 4, Name: 'Acre', FieldGroup: 'East', FieldNumber: '12' }),
  aField({
    FieldId: 5,
    Name: 'Brook',
    FieldGroup: '  ',
    Croppings: [aCropping({ CropId: CropId.Uncropped })],
  }),
];

function layout(search: string, cropId: number | null) {
  return groupFields(fields, { search, cropId }).map((group) => [
    group.group,
    group.fields.map((field) => field.FieldId),
  ]);
}

describe('groupFields', () => {
  it.each([
    [
      '',
      null,
      [
        ['East', [4]],
        ['North', [2, 1]],
        [null, [3, 5]],
      ],
    ],
    ['field', null, [['North', [2, 1]]]],
    ['n1', null, [['North', [1]]]],
    ['12', null, [['East', [4]]]],
    ['', CropId.Grass, [['North', [2]]]],
    [
      '',
      CropId.Uncropped,
      [
        ['East', [4]],
        ['North', [1]],
        [null, [5]],
      ],
    ],
    ['barn', CropId.Grass, []],
  ])('search %j with crop %j', (search, cropId, expected) => {
    expect(layout(search, cropId)).toEqual(expected);
  });
});
