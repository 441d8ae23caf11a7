import { CropId, CropPurpose, CropResidue, GrassManagement, GrowingSeasonLength } from '@headland/domain/crops';
import type { CalendarDay, CropCalendar, FieldRotation } from '../planCroppings.ts';

/** The three harvest years the demo covers; 2027 is the one under way. */
export const demoYears = [2025, 2026, 2027] as const;

const day = (month: number, dayOfMonth: number, yearOffset: -1 | 0 | 1, spreadDays: number): CalendarDay => ({
  month,
  day: dayOfMonth,
  yearOffset,
  spreadDays,
});

const autumn = -1;
const sameYear = 0;

/** A winter-sown cover (oats, phacelia and vetch) drilled after harvest and sprayed off before spring drilling. */
const coverCrop = (destroyMonth: number): CropCalendar => ({
  cropId: CropId.CoverCrop,
  sow: day(8, 20, autumn, 14),
  harvest: null,
  destroy: day(destroyMonth, 1, sameYear, 20),
  varietyIds: [],
  attributes: {},
  cropDescr: 'Oats, phacelia and vetch',
});

// Wold Farm, Lincolnshire Wolds: chalk and clay loams, an arable rotation with sugar beet and potatoes.
type WoldCrop = 'ww' | 'wb' | 'wosr' | 'sb' | 'beet' | 'pot' | 'beans' | 'cover' | 'ley' | 'pasture';

const woldCalendars: Record<WoldCrop, CropCalendar> = {
  ww: {
    cropId: CropId.WinterWheat,
    sow: day(9, 22, autumn, 25),
    harvest: day(8, 6, sameYear, 16),
    varietyIds: [102, 104, 105, 101],
    attributes: { Purpose: CropPurpose.Milling, Residue: CropResidue.Baled, TargetYield: 9.5 },
    cropDescr: 'First wheat',
    cropDescrAfterSameCrop: 'Second wheat',
  },
  wb: {
    cropId: CropId.WinterBarley,
    sow: day(9, 18, autumn, 14),
    harvest: day(7, 6, sameYear, 12),
    varietyIds: [301, 302, 305],
    attributes: { Purpose: CropPurpose.Feed, Residue: CropResidue.Baled, TargetYield: 8.5 },
  },
  wosr: {
    cropId: CropId.WinterOilseedRape,
    sow: day(8, 16, autumn, 16),
    harvest: day(7, 16, sameYear, 12),
    varietyIds: [701, 702, 703, 706],
    attributes: { Residue: CropResidue.Incorporated, TargetYield: 4 },
  },
  sb: {
    cropId: CropId.SpringBarley,
    sow: day(3, 8, sameYear, 25),
    harvest: day(8, 8, sameYear, 14),
    varietyIds: [401, 403, 402],
    attributes: { Purpose: CropPurpose.Malting, Residue: CropResidue.Baled, TargetYield: 6.5 },
  },
  beet: {
    cropId: CropId.SugarBeet,
    sow: day(3, 20, sameYear, 20),
    harvest: day(9, 25, sameYear, 35),
    varietyIds: [1201, 1202],
    attributes: { TargetYield: 80 },
  },
  pot: {
    cropId: CropId.Potatoes,
    sow: day(4, 5, sameYear, 25),
    harvest: day(9, 10, sameYear, 30),
    varietyIds: [1101, 1103, 1102, 1104],
    attributes: {
      Purpose: CropPurpose.Maincrop,
      GrowingSeasonLength: GrowingSeasonLength.Over120,
      TargetYield: 50,
    },
  },
  beans: {
    cropId: CropId.SpringBeans,
    sow: day(3, 1, sameYear, 20),
    harvest: day(8, 28, sameYear, 14),
    varietyIds: [902, 903],
    attributes: { Purpose: CropPurpose.Feed, Residue: CropResidue.Incorporated, TargetYield: 4.5 },
  },
  cover: coverCrop(2),
  ley: {
    cropId: CropId.Grass,
    sow: day(8, 20, autumn, 10),
    harvest: null,
    varietyIds: [1403],
    attributes: { GrassManagement: GrassManagement.CutGrazed, GrassCuts: 2 },
    cropDescr: 'Three-year ley',
  },
  pasture: {
    cropId: CropId.PermanentGrass,
    sow: null,
    harvest: null,
    varietyIds: [],
    attributes: { GrassManagement: GrassManagement.Grazed },
    cropDescr: 'Horse paddock',
  },
};

/** Wold block: wheat, barley, rape. Home farm adds sugar beet and spring barley; the beck fields potatoes and beans. */
const woldRotations: FieldRotation<WoldCrop>[] = [
  { fieldNumber: '1', years: ['pot', 'ww', ['cover', 'beans']] },
  { fieldNumber: '2', years: ['ww', ['cover', 'beans'], 'ww'] },
  { fieldNumber: '3', years: ['beans', 'ww', ['cover', 'pot']] },
  { fieldNumber: '4', years: ['ww', 'pot', 'ww'] },
  { fieldNumber: '5', years: ['pot', 'ww', 'beans'] },
  { fieldNumber: '6', years: ['beans', 'ww', 'pot'] },
  { fieldNumber: '7', years: ['wosr', 'ww', 'ww'] },
  { fieldNumber: '8', years: ['ww', 'ww', 'wb'] },
  { fieldNumber: '9', years: ['ww', 'wb', 'wosr'] },
  { fieldNumber: '10', years: ['wb', 'wosr', 'ww'] },
  { fieldNumber: '11', years: ['beet', 'ww', ['cover', 'sb']] },
  { fieldNumber: '12', years: ['ww', ['cover', 'sb'], 'wosr'] },
  { fieldNumber: '13', years: ['sb', 'wosr', 'ww'] },
  { fieldNumber: '14', years: ['wosr', 'ww', ['cover', 'beet']] },
  { fieldNumber: '15', years: ['ww', 'beet', 'ww'] },
  { fieldNumber: '16', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '17', years: ['beet', 'ww', 'sb'] },
  { fieldNumber: '18', years: ['ww', 'sb', 'wosr'] },
  { fieldNumber: '19', years: ['sb', 'wosr', 'ww'] },
  { fieldNumber: '20', years: ['wosr', 'ww', 'wb'] },
  { fieldNumber: '21', years: ['ww', 'wb', 'wosr'] },
  { fieldNumber: '22', years: ['wb', 'wosr', 'ww'] },
  { fieldNumber: '23', years: ['wosr', 'ww', 'wb'] },
  { fieldNumber: '24', years: ['ww', 'wb', 'wosr'] },
  { fieldNumber: '25', years: ['wb', 'wosr', 'ww'] },
  { fieldNumber: '26', years: ['wosr', 'ww', 'wb'] },
  { fieldNumber: '27', years: ['ww', 'wb', 'wosr'] },
  { fieldNumber: '28', years: ['wb', 'wosr', 'ww'] },
  { fieldNumber: '29', years: ['wosr', 'ww', 'wb'] },
  { fieldNumber: '30', years: ['ley', 'ley', 'ley'] },
];

// Mains of Balgray, Strathmore: malting barley for distilling, seed potatoes, wheat and grass leys for cattle.
type BalgrayCrop = 'sb' | 'pot' | 'ww' | 'wb' | 'wosr' | 'oats' | 'cover' | 'ley';

const balgrayCalendars: Record<BalgrayCrop, CropCalendar> = {
  sb: {
    cropId: CropId.SpringBarley,
    sow: day(3, 25, sameYear, 25),
    harvest: day(8, 20, sameYear, 20),
    varietyIds: [401, 402, 404],
    attributes: { Purpose: CropPurpose.Malting, Residue: CropResidue.Baled, TargetYield: 7 },
  },
  pot: {
    cropId: CropId.Potatoes,
    sow: day(4, 15, sameYear, 20),
    harvest: day(9, 12, sameYear, 28),
    varietyIds: [1101, 1106, 1105],
    attributes: {
      Purpose: CropPurpose.Seed,
      GrowingSeasonLength: GrowingSeasonLength.From60To90Seed,
      TargetYield: 35,
    },
    cropDescr: 'Seed potatoes',
  },
  ww: {
    cropId: CropId.WinterWheat,
    sow: day(9, 25, autumn, 20),
    harvest: day(8, 28, sameYear, 16),
    varietyIds: [103, 106, 107],
    attributes: { Purpose: CropPurpose.Feed, Residue: CropResidue.Baled, TargetYield: 10 },
    cropDescr: 'Distilling wheat',
  },
  wb: {
    cropId: CropId.WinterBarley,
    sow: day(9, 15, autumn, 14),
    harvest: day(7, 24, sameYear, 10),
    varietyIds: [301],
    attributes: { Purpose: CropPurpose.Feed, Residue: CropResidue.Baled, TargetYield: 8.5 },
  },
  wosr: {
    cropId: CropId.WinterOilseedRape,
    sow: day(8, 10, autumn, 12),
    harvest: day(8, 2, sameYear, 12),
    varietyIds: [704, 705],
    attributes: { Residue: CropResidue.Incorporated, TargetYield: 4.2 },
  },
  oats: {
    cropId: CropId.SpringOats,
    sow: day(3, 28, sameYear, 20),
    harvest: day(9, 1, sameYear, 15),
    varietyIds: [601, 602],
    attributes: { Purpose: CropPurpose.Milling, Residue: CropResidue.Baled, TargetYield: 6.5 },
  },
  cover: coverCrop(3),
  ley: {
    cropId: CropId.Grass,
    sow: day(8, 22, autumn, 14),
    harvest: null,
    varietyIds: [1401, 1402],
    attributes: { GrassManagement: GrassManagement.Silage },
    cropDescr: 'Silage ley',
  },
};

const balgrayRotations: FieldRotation<BalgrayCrop>[] = [
  { fieldNumber: '1', years: ['sb', 'pot', 'ww'] },
  { fieldNumber: '2', years: ['pot', 'ww', 'sb'] },
  { fieldNumber: '3', years: ['ww', ['cover', 'sb'], 'oats'] },
  { fieldNumber: '4', years: ['sb', 'oats', 'sb'] },
  { fieldNumber: '5', years: ['oats', 'sb', 'pot'] },
  { fieldNumber: '6', years: ['sb', 'pot', 'ww'] },
  { fieldNumber: '7', years: ['pot', 'ww', ['cover', 'sb']] },
  { fieldNumber: '8', years: ['ww', 'sb', 'oats'] },
  { fieldNumber: '9', years: ['sb', 'oats', 'sb'] },
  { fieldNumber: '10', years: ['oats', 'sb', 'pot'] },
  { fieldNumber: '11', years: ['sb', 'pot', 'ww'] },
  { fieldNumber: '12', years: ['pot', 'ww', 'sb'] },
  { fieldNumber: '13', years: ['ww', ['cover', 'sb'], 'oats'] },
  { fieldNumber: '14', years: ['sb', 'oats', 'sb'] },
  { fieldNumber: '15', years: ['oats', 'sb', 'pot'] },
  { fieldNumber: '16', years: ['ley', 'ley', 'ley'] },
  { fieldNumber: '17', years: ['sb', 'pot', 'ww'] },
  { fieldNumber: '18', years: ['pot', 'ww', 'sb'] },
  { fieldNumber: '19', years: ['ww', 'sb', 'oats'] },
  { fieldNumber: '20', years: ['sb', 'ley', 'ley'] },
  { fieldNumber: '21', years: ['ley', 'ley', 'ley'] },
  { fieldNumber: '22', years: ['ley', 'ley', 'ww'] },
  { fieldNumber: '23', years: ['ley', 'ley', 'ley'] },
  { fieldNumber: '24', years: ['ley', 'ley', 'ww'] },
  { fieldNumber: '25', years: ['wb', 'wosr', 'ww'] },
  { fieldNumber: '26', years: ['ley', 'ley', 'ley'] },
];

// Penlan, Tywi valley: a grass farm for dairy youngstock and sheep, with forage maize and wholecrop barley.
type PenlanCrop = 'pasture' | 'ley' | 'maize' | 'wholecrop';

const penlanCalendars: Record<PenlanCrop, CropCalendar> = {
  pasture: {
    cropId: CropId.PermanentGrass,
    sow: null,
    harvest: null,
    varietyIds: [],
    attributes: { GrassManagement: GrassManagement.Grazed },
  },
  ley: {
    cropId: CropId.Grass,
    sow: day(8, 20, autumn, 20),
    harvest: null,
    varietyIds: [1401, 1403],
    attributes: { GrassManagement: GrassManagement.CutGrazed },
    cropDescr: 'Cutting ley',
  },
  maize: {
    cropId: CropId.Maize,
    sow: day(4, 28, sameYear, 14),
    harvest: day(10, 1, sameYear, 20),
    varietyIds: [1301, 1302],
    attributes: { Purpose: CropPurpose.Forage, TargetYield: 45 },
  },
  wholecrop: {
    cropId: CropId.SpringBarley,
    sow: day(3, 28, sameYear, 20),
    harvest: day(7, 18, sameYear, 10),
    varietyIds: [404],
    attributes: { Purpose: CropPurpose.Feed, Residue: CropResidue.Baled, TargetYield: 10 },
    cropDescr: 'Wholecrop',
  },
};

const penlanRotations: FieldRotation<PenlanCrop>[] = [
  { fieldNumber: '1', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '2', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '3', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '4', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '5', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '6', years: ['maize', 'maize', 'ley'] },
  { fieldNumber: '7', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '8', years: ['pasture', 'pasture', 'pasture'] },
  { fieldNumber: '9', years: ['ley', 'ley', 'ley'] },
  { fieldNumber: '10', years: ['wholecrop', 'ley', 'ley'] },
  { fieldNumber: '11', years: ['maize', 'wholecrop', 'maize'] },
  { fieldNumber: '12', years: ['pasture', 'pasture', 'pasture'] },
];

export const woldFarmCropping = { calendars: woldCalendars, rotations: woldRotations, firstYear: demoYears[0] };
export const balgrayCropping = { calendars: balgrayCalendars, rotations: balgrayRotations, firstYear: demoYears[0] };
export const penlanCropping = { calendars: penlanCalendars, rotations: penlanRotations, firstYear: demoYears[0] };
