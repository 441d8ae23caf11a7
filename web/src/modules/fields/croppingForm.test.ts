import { describe, expect, it } from 'vitest';
import { CropId, CropResidue, CropPurpose, GrassCuts, GrassManagement } from '@headland/domain/crops';
import { Region } from '@headland/domain/region';
import {
  croppingFormFromResponse,
  croppingFormMessages,
  croppingWriteFromForm,
  hasBlockingMessage,
  newCroppingForm,
  problemsAt,
  withCrop,
  type CroppingFormContext,
  type CroppingFormMessages,
  type CroppingFormValues,
} from './croppingForm.ts';
import { croppingProblemText } from './croppingProblemText.ts';
import { createI18n } from '../../i18n/createI18n.ts';
import { CroppingProblemCode } from '@headland/domain/croppingRules';
import { croppingDraftSchema } from '@headland/domain/cropping';
import { aCropping, aField } from './testing/fieldsFixtures.ts';

const concurrentText =
  'There are other crops at the same time on this field, and the overall cropped area (16.00 ha) exceeds that of the field (10.00 ha). Please check the dates and area.';

function context(overrides: Partial<CroppingFormContext> = {}): CroppingFormContext {
  return {
    field: aField({ Croppings: [aCropping({ CroppingId: 5, Area: 6 })] }),
    croppingId: undefined,
    holdingYears: [2024, 2025],
    region: Region.England,
    cropManagementOptionsEnabled: true,
    ...overrides,
  };
}

// Spring barley has no required attributes besides residue and purpose, which the cases fill in.
function barley(overrides: Partial<CroppingFormValues> = {}): CroppingFormValues {
  return {
    ...newCroppingForm(1, 2025),
    CropId: CropId.SpringBarley,
    Residue: CropResidue.Baled,
    Purpose: CropPurpose.Malting,
    SowingDate: '2025-03-10',
    HarvestDate: '2025-08-20',
    Area: 4,
    ...overrides,
  };
}

const i18n = createI18n('en');
const texts = (messages: CroppingFormMessages) =>
  messages.problems.map((problem) => croppingProblemText(i18n.t, problem));

describe('croppingFormMessages', () => {
  it.each([
    ['a well-formed cropping beside another', barley(), []],
    [
      'a sowing after the harvest',
      barley({ SowingDate: '2025-06-01', HarvestDate: '2025-05-01' }),
      ['The sowing date must be before the harvest or destruction date.'],
    ],
    [
      'a sowing outside the crop year',
      barley({ SowingDate: '2025-08-02', HarvestDate: '2025-09-01' }),
      [
        'The dates do not fit crop year 2025: sowing must be between 01/08/2024 and 31/07/2025, and harvest or destruction no later than 31/07/2026.',
      ],
    ],
    [
      'an area that overfills the field with the other crop',
      barley({ Area: 9 }),
      [concurrentText.replace('16.00', '15.00')],
    ],
    ['no area, which takes the whole field', barley({ Area: undefined }), [concurrentText]],
    ['an overlap within the 0.1 ha tolerance', barley({ Area: 4.1 }), []],
    [
      'an area larger than the field',
      barley({ Area: 10.5, SowingDate: '2024-08-10', HarvestDate: '2024-09-01' }),
      ['The cropping area (10.50 ha) cannot be larger than the field area (10.00 ha).'],
    ],
    [
      'a crop that ends before the other starts',
      barley({ SowingDate: '2024-08-10', HarvestDate: '2024-09-01' }),
      [],
    ],
  ])('%s', (_case, values, expected) => {
    const messages = croppingFormMessages(values, context());
    expect(texts(messages)).toEqual(expected);
    expect(hasBlockingMessage(messages)).toBe(expected.length > 0);
  });

  it('leaves the cropping being edited out of the overlap check', () => {
    const own = aCropping({ CroppingId: 5, Area: 6 });
    const messages = croppingFormMessages(
      barley({ Area: 9 }),
      context({ croppingId: 5, field: aField({ Croppings: [own] }) }),
    );
    expect(messages.problems).toEqual([]);
  });

  it.each([
    ['no crop', { CropId: null }, ['Pick a crop.']],
    [
      "'Other' without a name",
      { CropId: CropId.Other, Purpose: null, Residue: null },
      ['Type the name of the crop.'],
    ],
  ])('blocks saving with %s', (_case, overrides, expected) => {
    const messages = croppingFormMessages(barley(overrides), context());
    expect(texts(messages)).toEqual(expected);
    expect(hasBlockingMessage(messages)).toBe(true);
  });

  it('reports the required attributes of the crop', () => {
    const messages = croppingFormMessages(barley({ Residue: null, Purpose: null }), context());
    expect(texts(messages)).toEqual(['Residue is required.', 'Purpose is required.']);
    expect(problemsAt(messages, 'Residue').map((problem) => problem.code)).toEqual(['attributeRequired']);
  });

  it('warns of an old N crop group only in Scotland', () => {
    const values = barley({ NCropGroup: 12 });
    expect(texts(croppingFormMessages(values, context({ region: Region.Scotland })))).toEqual([
      'The current group value of 12 is not valid anymore. Please pick the correct value from the list above.',
    ]);
    expect(croppingFormMessages(values, context()).problems).toEqual([]);
  });

  it("applies the holding's management-options switch, as the server does", () => {
    const values = barley({ ManagementOptions: [{ Code: 'AB1', Area: 1 }] });
    expect(croppingFormMessages(values, context()).problems).toEqual([]);
    expect(texts(croppingFormMessages(values, context({ cropManagementOptionsEnabled: false })))).toEqual([
      'Crop management options are not available for this holding.',
    ]);
  });

  it('checks the chosen variety against the crop', () => {
    const values = barley({ VarietyId: 8, VarietyName: 'Maris Piper' });
    const varieties = [{ VarietyId: 8, CropId: CropId.Potatoes }];
    expect(texts(croppingFormMessages(values, context({ varieties })))).toEqual([
      'The variety is not a variety of the chosen crop.',
    ]);
  });
});

describe('translations', () => {
  it('has words for every problem code', () => {
    for (const code of Object.values(CroppingProblemCode))
      expect(i18n.exists(`fields.croppingProblems.${code}`), code).toBe(true);
  });
});

describe('withCrop', () => {
  it('clears the attributes the new crop does not ask for', () => {
    const grass = {
      ...newCroppingForm(1, 2025),
      CropId: CropId.Grass,
      GrassManagement: GrassManagement.Cut,
      GrassCuts: GrassCuts.Two,
      VarietyName: 'AberMagic',
    };
    const changed = withCrop(grass, CropId.WinterWheat, context());
    expect(changed).toMatchObject({
      CropId: CropId.WinterWheat,
      GrassManagement: null,
      GrassCuts: null,
      VarietyName: '',
    });
  });
});

describe('croppingWriteFromForm', () => {
  it('sends cleared values as null and trims texts', () => {
    const form = croppingFormFromResponse(
      aCropping({ CropId: CropId.Other, CropName: ' Quinoa ', ManureSpreadArea: -1 }),
    );
    const body = croppingWriteFromForm({ ...form, CropDescr: '  ', DestructionDate: '2025-05-01' });
    expect(body).toMatchObject({
      CropId: CropId.Other,
      CropName: 'Quinoa',
      CropDescr: null,
      ManureSpreadArea: null,
      Destroyed: true,
      Area: 10,
    });
  });
});

describe('the form and the draft', () => {
  it('a cropping read into the form and saved unchanged writes back every member it had', () => {
    const cropping = aCropping({
      PlotId: 'P4',
      BatchId: 'B1',
      CropDescr: 'Second wheat',
      VarietyName: 'Skyfall',
      Purpose: 'Feed',
      Residue: 1,
      NCropGroup: 120,
      TargetYield: 9.5,
      TargetpH: 6.5,
      StrawMulch: true,
      Undersown: false,
      ManureSpreadArea: 8,
      ManagementOptions: [{ Code: 'CSAM1', Area: 2 }],
      DestructionDate: '2025-06-01',
      Destroyed: true,
    });
    const draft = croppingDraftSchema.parse(cropping);
    const written = croppingWriteFromForm(croppingFormFromResponse(cropping));
    const { Market: _market, ...sent } = draft;
    expect(written).toEqual(sent);
  });
});
