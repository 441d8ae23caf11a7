import { describe, expect, it } from 'vitest';
import { CropId } from '@headland/domain/crops';
import { planCroppings, type CropCalendar, type CroppingPlanInput } from './planCroppings.ts';
import { balgrayCropping, penlanCropping, woldFarmCropping } from './catalogue/rotations.ts';

const calendars = {
  wheat: {
    cropId: CropId.WinterWheat,
    sow: { month: 9, day: 20, yearOffset: -1, spreadDays: 0 },
    harvest: { month: 8, day: 10, yearOffset: 0, spreadDays: 0 },
    varietyIds: [101, 102],
    attributes: { Residue: 3 },
    cropDescr: 'First wheat',
    cropDescrAfterSameCrop: 'Second wheat',
  },
  beet: {
    cropId: CropId.SugarBeet,
    sow: { month: 3, day: 20, yearOffset: 0, spreadDays: 0 },
    harvest: { month: 11, day: 20, yearOffset: 0, spreadDays: 0 },
    varietyIds: [],
    attributes: {},
  },
  cover: {
    cropId: CropId.CoverCrop,
    sow: { month: 8, day: 1, yearOffset: -1, spreadDays: 0 },
    harvest: null,
    destroy: { month: 2, day: 10, yearOffset: 0, spreadDays: 0 },
    varietyIds: [],
    attributes: {},
  },
  ley: {
    cropId: CropId.Grass,
    sow: { month: 8, day: 25, yearOffset: -1, spreadDays: 0 },
    harvest: null,
    varietyIds: [1401, 1402, 1403],
    attributes: { GrassManagement: 7 },
  },
} satisfies Record<string, CropCalendar>;

const plan = (
  years: Parameters<typeof planCroppings<keyof typeof calendars>>[0]['rotations'][number]['years'],
) => planCroppings({ calendars, firstYear: 2025, rotations: [{ fieldNumber: '4', years }] });

describe('planCroppings', () => {
  it('dates each crop in its harvest year and names a second wheat', () => {
    const [first, second] = plan(['wheat', 'wheat']);
    expect(first).toMatchObject({
      yearId: 2025,
      sowingDate: '2024-09-20',
      harvestDate: '2025-08-10',
      cropDescr: 'First wheat',
    });
    expect(second).toMatchObject({ yearId: 2026, sowingDate: '2025-09-20', cropDescr: 'Second wheat' });
    expect(first!.varietyId).not.toBe(second!.varietyId);
  });

  it('drills no sooner than a few days after the previous crop is lifted', () => {
    const [, wheat] = plan(['beet', 'wheat']);
    expect(wheat!.sowingDate).toBe('2025-11-25');
  });

  it('keeps a cover crop after harvest and destroys it before the spring crop', () => {
    const croppings = plan(['wheat', ['cover', 'beet']]);
    expect(croppings.map((cropping) => [cropping.yearId, cropping.cropId])).toEqual([
      [2025, CropId.WinterWheat],
      [2026, CropId.CoverCrop],
      [2026, CropId.SugarBeet],
    ]);
    expect(croppings[1]).toMatchObject({
      sowingDate: '2025-08-15',
      destructionDate: '2026-02-10',
      destroyed: true,
    });
  });

  it('runs a ley on from year to year and ploughs it out before the next crop', () => {
    const [first, second, wheat] = plan(['ley', 'ley', 'wheat']);
    expect(second).toMatchObject({
      yearId: 2026,
      sowingDate: first!.sowingDate,
      varietyId: first!.varietyId,
    });
    expect(first!.destructionDate).toBeNull();
    expect(second).toMatchObject({ destructionDate: '2026-09-06', destroyed: true });
    expect(wheat!.sowingDate).toBe('2026-09-20');
  });

  it('refuses a rotation whose crop cannot be drilled within its year', () => {
    const late = { ...calendars.beet, harvest: { month: 7, day: 28, yearOffset: 1, spreadDays: 0 } } as const;
    expect(() =>
      planCroppings({
        calendars: { late, wheat: calendars.wheat },
        firstYear: 2025,
        rotations: [{ fieldNumber: '1', years: ['late', 'wheat'] }],
      }),
    ).toThrow(/cannot be sown within crop year 2026/);
  });

  it.each<[string, CroppingPlanInput<string>]>([
    ['Wold Farm', woldFarmCropping],
    ['Mains of Balgray', balgrayCropping],
    ['Penlan', penlanCropping],
  ])('plans the same croppings for %s every time', (_, input) => {
    expect(planCroppings(input)).toEqual(planCroppings(input));
    expect(planCroppings(input).length).toBeGreaterThanOrEqual(input.rotations.length * 3);
  });
});
