import { describe, expect, it } from 'vitest';
import {
  cropAttributeProblems,
  cropAttributeRules,
  cropDescriptorSchema,
  cropManagementOptionsRule,
  grassManagementOptions,
  growingSeasonLengthOptions,
  toCropDescriptor,
  type CropAttributeContext,
  type CropAttributeValues,
  type CropDescriptor,
} from './cropAttributes';
import {
  CropId,
  CropPurpose,
  GrassManagement as G,
  GrowingSeasonLength as L,
  cropDefinitionById,
  cropDefinitions,
} from './crops';
import { Region } from './region';

function descriptor(cropId: number): CropDescriptor {
  const definition = cropDefinitionById(cropId);
  if (!definition) throw new Error(`no crop ${cropId}`);
  return toCropDescriptor(definition);
}

function context(cropId: number, change: Partial<CropAttributeContext> = {}): CropAttributeContext {
  return { crop: descriptor(cropId), region: Region.England, cropManagementOptionsEnabled: false, ...change };
}

it('every crop of the table makes a valid descriptor', () => {
  for (const crop of cropDefinitions) expect(cropDescriptorSchema.parse(toCropDescriptor(crop))).toBeTruthy();
});

describe('shown and required attributes per crop', () => {
  type Shown = {
    residue: boolean;
    growingSeasonLength: boolean;
    protection: boolean;
    grassManagement: boolean;
    purpose: boolean;
  };
  it.each<[string, number, Shown]>([
    [
      'winter wheat',
      CropId.WinterWheat,
      { residue: true, growingSeasonLength: false, protection: false, grassManagement: false, purpose: true },
    ],
    [
      'potatoes',
      CropId.Potatoes,
      { residue: false, growingSeasonLength: true, protection: false, grassManagement: false, purpose: true },
    ],
    [
      'strawberries',
      CropId.Strawberries,
      {
        residue: false,
        growingSeasonLength: false,
        protection: true,
        grassManagement: false,
        purpose: false,
      },
    ],
    [
      'grass (purpose fixed)',
      CropId.Grass,
      {
        residue: false,
        growingSeasonLength: false,
        protection: false,
        grassManagement: true,
        purpose: false,
      },
    ],
    [
      'sugar beet',
      CropId.SugarBeet,
      {
        residue: false,
        growingSeasonLength: false,
        protection: false,
        grassManagement: false,
        purpose: false,
      },
    ],
  ])('%s', (_name, cropId, shown) => {
    const rules = cropAttributeRules(context(cropId));
    const actual = {
      residue: rules.residue.shown,
      growingSeasonLength: rules.growingSeasonLength.shown,
      protection: rules.protection.shown,
      grassManagement: rules.grassManagement.shown,
      purpose: rules.purpose.shown,
    };
    expect(actual).toEqual(shown);
    expect(rules.residue.required).toBe(shown.residue);
    expect(rules.purpose.required).toBe(shown.purpose);
  });

  it('with no crop nothing is asked', () => {
    const rules = cropAttributeRules({
      crop: undefined,
      region: Region.England,
      cropManagementOptionsEnabled: false,
    });
    expect(
      [rules.residue, rules.purpose, rules.grassManagement, rules.grassCuts].every((rule) => !rule.shown),
    ).toBe(true);
  });

  it("purpose offers the crop's list", () => {
    expect(cropAttributeRules(context(CropId.WinterBarley)).purpose.options).toEqual([
      CropPurpose.Feed,
      CropPurpose.Malting,
      CropPurpose.Seed,
    ]);
  });
});

describe('grassManagementOptions', () => {
  it.each([
    [
      'England, grass',
      Region.England,
      CropId.Grass,
      [G.Grazed, G.Cut, G.CutGrazed, G.Dehydrated, G.DehydratedIrrigated],
    ],
    [
      'England, herbage seed',
      Region.England,
      CropId.HerbageSeed,
      [G.Grazed, G.Cut, G.CutGrazed, G.Dehydrated, G.DehydratedIrrigated, G.Seed],
    ],
    ['Scotland, grass', Region.Scotland, CropId.Grass, [G.Grazed, G.Silage, G.Hay, G.CutGrazed]],
    [
      'Scotland, herbage seed',
      Region.Scotland,
      CropId.HerbageSeed,
      [G.Grazed, G.Silage, G.Hay, G.CutGrazed, G.Seed],
    ],
    [
      'Wales follows England',
      Region.Wales,
      CropId.Grass,
      [G.Grazed, G.Cut, G.CutGrazed, G.Dehydrated, G.DehydratedIrrigated],
    ],
  ])('%s', (_name, region, cropId, options) => {
    expect(grassManagementOptions(region, descriptor(cropId))).toEqual(options);
  });
});

describe('grass cuts', () => {
  it.each([
    [Region.England, G.Cut, true],
    [Region.England, G.CutGrazed, true],
    [Region.England, G.Dehydrated, true],
    [Region.England, G.DehydratedIrrigated, true],
    [Region.England, G.Grazed, false],
    [Region.England, null, false],
    [Region.Scotland, G.CutGrazed, false],
    [Region.Wales, G.Cut, false],
  ])('region %i, management %s: shown %s', (region, grassManagement, shown) => {
    expect(cropAttributeRules(context(CropId.Grass, { region, grassManagement })).grassCuts.shown).toBe(
      shown,
    );
  });

  it('are never asked for a crop without grass management', () => {
    expect(cropAttributeRules(context(CropId.WinterWheat, { grassManagement: G.Cut })).grassCuts.shown).toBe(
      false,
    );
  });
});

describe('growingSeasonLengthOptions', () => {
  it.each([
    [Region.England, [L.Under60, L.From60To90, L.From90To120, L.Over120]],
    [Region.Scotland, [L.Under60, L.From60To90Seed, L.From60To90Ware, L.From90To120, L.Over120]],
    [Region.Wales, [L.Under60, L.From60To90, L.From90To120, L.Over120]],
  ])('region %i', (region, options) => {
    expect(growingSeasonLengthOptions(region)).toEqual(options);
  });
});

describe('N crop group (Scotland)', () => {
  it.each([
    [Region.Scotland, '2026-03-01', true],
    [Region.Scotland, null, false],
    [Region.England, '2026-03-01', false],
  ])('region %i, destruction %s: shown %s', (region, destructionDate, shown) => {
    expect(cropAttributeRules(context(CropId.Grass, { region, destructionDate })).nCropGroup.shown).toBe(
      shown,
    );
  });
});

describe('cropManagementOptionsRule', () => {
  it.each([
    [Region.England, true, { enabled: true, scheme: 'SFI', label: 'SFI management options' }],
    [Region.Scotland, true, { enabled: true, scheme: 'AECS', label: 'AECS management options' }],
    [Region.Wales, true, { enabled: false }],
    [Region.England, false, { enabled: false }],
    [Region.Scotland, false, { enabled: false }],
  ])('region %i, flag %s', (region, flag, rule) => {
    expect(cropManagementOptionsRule(region, flag)).toEqual(rule);
    expect(
      cropAttributeRules(context(CropId.WinterWheat, { region, cropManagementOptionsEnabled: flag }))
        .cropManagementOptions,
    ).toEqual(rule);
  });
});

describe('cropAttributeProblems', () => {
  const empty: CropAttributeValues = {
    Residue: null,
    GrowingSeasonLength: null,
    ProtectionStatus: null,
    GrassManagement: null,
    GrassCuts: null,
    Purpose: null,
  };
  it.each<[string, number, number, Partial<CropAttributeValues>, string[]]>([
    [
      'wheat with nothing set',
      CropId.WinterWheat,
      Region.England,
      {},
      ['residue required', 'purpose required'],
    ],
    ['wheat complete', CropId.WinterWheat, Region.England, { Residue: 1, Purpose: 'Milling' }, []],
    [
      'wheat with a purpose it does not offer',
      CropId.WinterWheat,
      Region.England,
      { Residue: 3, Purpose: 'Malting' },
      ['purpose notOffered'],
    ],
    [
      'potatoes without season length',
      CropId.Potatoes,
      Region.England,
      { Purpose: 'Maincrop' },
      ['growingSeasonLength required'],
    ],
    [
      'potatoes with a seed variant in England',
      CropId.Potatoes,
      Region.England,
      { Purpose: 'Seed', GrowingSeasonLength: L.From60To90Seed },
      ['growingSeasonLength notOffered'],
    ],
    [
      'potatoes with a seed variant in Scotland',
      CropId.Potatoes,
      Region.Scotland,
      { Purpose: 'Seed', GrowingSeasonLength: L.From60To90Seed },
      [],
    ],
    [
      'grass with Seed management',
      CropId.Grass,
      Region.England,
      { GrassManagement: G.Seed },
      ['grassManagement notOffered'],
    ],
    ['grass cut without cuts (optional)', CropId.Grass, Region.England, { GrassManagement: G.Cut }, []],
    ['strawberries without protection', CropId.Strawberries, Region.England, {}, ['protection required']],
    [
      'a value for an attribute the crop does not ask is ignored',
      CropId.SugarBeet,
      Region.England,
      { Residue: 1 },
      [],
    ],
  ])('%s', (_name, cropId, region, values, messages) => {
    const problems = cropAttributeProblems(context(cropId, { region }), { ...empty, ...values });
    expect(problems.map((problem) => `${problem.attribute} ${problem.kind}`)).toEqual(messages);
  });
});
