import { describe, expect, it } from 'vitest';
import {
  addressLineCount,
  annualRainfall,
  effectivePkModel,
  effectivePSorpCapacity,
  HoldingMessageCode,
  isCompleteRainfall,
  validateHoldingForm,
  type HoldingFormContext,
  type HoldingFormValues,
  type MonthlyRainfall,
} from './holdingRules.ts';

const fullYear: MonthlyRainfall[] = Array.from({ length: 12 }, (_, index) => ({
  month: index + 1,
  rainfall: 50,
}));

const valid: HoldingFormValues = {
  tradingName: 'Wold Farm',
  accountNumber: 'HL-1',
  address: 'Wold Farm\nTathwell',
  townId: 1,
  regionId: 1,
  totalArea: 120,
  grasslandDerogation: false,
  grasslandDerogationNumber: null,
  startingYear: 2024,
  pkModel: 'ADAS',
  pSorpCapacity: null,
  weatherStationId: 3,
  customWeather: false,
  monthlyRainfall: [],
};

const everything: HoldingFormContext = {
  postTownEnabled: true,
  regionsOffered: true,
  startingYearRequired: true,
  weatherStationRequired: true,
};

describe('validateHoldingForm', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(validateHoldingForm(valid, everything)).toEqual([]);
  });

  it.each<[string, Partial<HoldingFormValues>, Partial<HoldingFormContext>, string]>([
    ['blank trading name', { tradingName: '   ' }, {}, HoldingMessageCode.TradingNameRequired],
    ['missing trading name', { tradingName: null }, {}, HoldingMessageCode.TradingNameRequired],
    ['no post town', { townId: null }, {}, HoldingMessageCode.PostTownRequired],
    ['no region', { regionId: undefined }, {}, HoldingMessageCode.RegionRequired],
    ['negative total area', { totalArea: -0.01 }, {}, HoldingMessageCode.TotalAreaNegative],
    [
      'derogation ticked without number',
      { grasslandDerogation: true, grasslandDerogationNumber: ' ' },
      {},
      HoldingMessageCode.DerogationNumberRequired,
    ],
    ['no starting year', { startingYear: null }, {}, HoldingMessageCode.StartingYearRequired],
    ['starting year out of range', { startingYear: 1850 }, {}, HoldingMessageCode.StartingYearOutOfRange],
    ['no PK model', { pkModel: '' }, {}, HoldingMessageCode.PkModelRequired],
    ['unknown PK model', { pkModel: 'Other' }, {}, HoldingMessageCode.PkModelRequired],
    [
      'P sorp capacity out of range with SRUC in Scotland',
      { regionId: 2, pkModel: 'SRUC', pSorpCapacity: 4 },
      {},
      HoldingMessageCode.PSorpCapacityInvalid,
    ],
    ['no weather station', { weatherStationId: null }, {}, HoldingMessageCode.WeatherStationRequired],
    [
      'custom weather with a month missing',
      { customWeather: true, monthlyRainfall: fullYear.slice(1) },
      {},
      HoldingMessageCode.MonthlyRainfallRequired,
    ],
    [
      'custom weather with an empty month',
      {
        customWeather: true,
        monthlyRainfall: fullYear.map((row, i) => (i === 5 ? { ...row, rainfall: null } : row)),
      },
      {},
      HoldingMessageCode.MonthlyRainfallRequired,
    ],
    [
      'custom weather with a negative month',
      {
        customWeather: true,
        monthlyRainfall: fullYear.map((row, i) => (i === 0 ? { ...row, rainfall: -1 } : row)),
      },
      {},
      HoldingMessageCode.MonthlyRainfallRequired,
    ],
    [
      'account number of 21 characters',
      { accountNumber: 'A'.repeat(21) },
      {},
      HoldingMessageCode.AccountNumberTooLong,
    ],
    ['address of five lines', { address: 'a\nb\nc\nd\ne' }, {}, HoldingMessageCode.AddressTooManyLines],
  ])('reports %s', (_, change, context, message) => {
    const issues = validateHoldingForm({ ...valid, ...change }, { ...everything, ...context });
    expect(issues.map((issue) => issue.code)).toEqual([message]);
  });

  it('names the limits a message speaks of', () => {
    const [issue] = validateHoldingForm({ ...valid, accountNumber: 'A'.repeat(21) }, everything);
    expect(issue).toEqual({ field: 'accountNumber', code: 'accountNumberTooLong', params: { max: 20 } });
  });

  it.each<[string, Partial<HoldingFormValues>, Partial<HoldingFormContext>]>([
    ['no post town without the post-town feature', { townId: null }, { postTownEnabled: false }],
    ['no region when no regions are offered', { regionId: null }, { regionsOffered: false }],
    ['a missing derogation number when not ticked', { grasslandDerogationNumber: '' }, {}],
    ['no starting year on an update', { startingYear: null }, { startingYearRequired: false }],
    [
      'no station with custom weather',
      { weatherStationId: null, customWeather: true, monthlyRainfall: fullYear },
      {},
    ],
    ['no station where none is asked for', { weatherStationId: null }, { weatherStationRequired: false }],
    [
      'zero total area and zero rainfall',
      {
        totalArea: 0,
        customWeather: true,
        monthlyRainfall: fullYear.map((row) => ({ ...row, rainfall: 0 })),
      },
      {},
    ],
    ['an account number of 20 characters', { accountNumber: 'A'.repeat(20) }, {}],
    ['an address of four lines', { address: 'a\r\nb\rc\nd' }, {}],
    [
      'a P sorp capacity outside Scotland, where it is cleared anyway',
      { pkModel: 'SRUC', pSorpCapacity: 9 },
      {},
    ],
  ])('accepts %s', (_, change, context) => {
    expect(validateHoldingForm({ ...valid, ...change }, { ...everything, ...context })).toEqual([]);
  });

  it('bounds the Starting Year by the latest crop year a holding may open', () => {
    const context = { ...everything, latestStartingYear: 2028 };
    expect(validateHoldingForm({ ...valid, startingYear: 2028 }, context)).toEqual([]);
    expect(validateHoldingForm({ ...valid, startingYear: 2099 }, context)).toEqual([
      { field: 'startingYear', code: HoldingMessageCode.StartingYearTooLate, params: { year: 2028 } },
    ]);
    expect(validateHoldingForm({ ...valid, startingYear: 1989 }, context).map((issue) => issue.code)).toEqual(
      [HoldingMessageCode.StartingYearOutOfRange],
    );
  });

  it('reports every problem at once, in form order', () => {
    const issues = validateHoldingForm(
      { ...valid, tradingName: '', townId: null, regionId: null, pkModel: null },
      everything,
    );
    expect(issues.map((issue) => issue.field)).toEqual(['tradingName', 'townId', 'regionId', 'pkModel']);
  });
});

describe('PK model and P sorp capacity', () => {
  it.each([
    [2, 'SRUC', 'SRUC'],
    [2, 'ADAS', 'ADAS'],
    [1, 'SRUC', 'ADAS'],
    [3, 'SRUC', 'ADAS'],
    [null, 'SRUC', 'ADAS'],
  ] as const)('in region %s, %s becomes %s', (region, chosen, expected) => {
    expect(effectivePkModel(region, chosen)).toBe(expected);
  });

  it.each([
    ['SRUC', null, 1],
    ['SRUC', undefined, 1],
    ['SRUC', 3, 3],
    ['ADAS', 2, null],
    ['ADAS', null, null],
  ] as const)('with %s, capacity %s becomes %s', (model, value, expected) => {
    expect(effectivePSorpCapacity(model, value)).toBe(expected);
  });
});

describe('small helpers', () => {
  it.each([
    ['', 1],
    ['one', 1],
    ['one\ntwo', 2],
    ['a\r\nb\rc\nd', 4],
    ['a\n', 2],
  ])('counts the lines of %j as %i', (text, lines) => {
    expect(addressLineCount(text)).toBe(lines);
  });

  it('sums rainfall to one decimal place', () => {
    expect(annualRainfall([10.04, 10.04, 10.04, null])).toBe(30.1);
  });

  it('needs each month once', () => {
    const twice = fullYear.map((row, i) => (i === 11 ? { ...row, month: 1 } : row));
    expect(isCompleteRainfall(twice)).toBe(false);
    expect(isCompleteRainfall(fullYear)).toBe(true);
  });
});
