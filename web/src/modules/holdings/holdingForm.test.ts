import { describe, expect, it } from 'vitest';
import { PkModel } from '@headland/domain/holdingRules';
import {
  asksNvzQuestion,
  holdingSaveRequest,
  initialHoldingForm,
  isNumberInput,
  parseTypedNumber,
  reduceHoldingForm,
  type HoldingFormAction,
  type HoldingFormState,
} from './holdingForm.ts';
import { aHoldingDetails, aStatus, stations, townStations } from './testing/holdingsFixtures.ts';

const england = { value: 1, text: 'England', nvzMandatory: false };
const scotland = { value: 2, text: 'Scotland', nvzMandatory: false };
const wales = { value: 3, text: 'Wales', nvzMandatory: true };

function existing(overrides: Partial<HoldingFormState> = {}): HoldingFormState {
  const holding = aHoldingDetails();
  return {
    ...initialHoldingForm({
      holding,
      status: aStatus({ holding, year: 2025 }),
      yearId: 2025,
      defaultStartingYear: 2025,
    }),
    ...overrides,
  };
}

function apply(state: HoldingFormState, ...actions: HoldingFormAction[]): HoldingFormState {
  return actions.reduce(reduceHoldingForm, state);
}

describe('holding form transitions', () => {
  it.each([
    [
      'a mandatory region forces NVZ on',
      existing(),
      { type: 'changeRegion', regionId: 3, region: wales },
      { nvz: true, regionNvzMandatory: true },
    ],
    [
      'NVZ cannot be unticked while the region forces it',
      existing({ nvz: true, regionNvzMandatory: true }),
      { type: 'setNvz', nvz: false },
      { nvz: true },
    ],
    [
      'NVZ cannot change on a frozen holding',
      existing({ canChangeRegion: false }),
      { type: 'setNvz', nvz: true },
      { nvz: false },
    ],
    [
      'the region cannot change on a frozen holding',
      existing({ canChangeRegion: false }),
      { type: 'changeRegion', regionId: 2, region: scotland },
      { regionId: 1 },
    ],
    [
      'the PK model is ADAS outside Scotland',
      existing({ regionId: 2, pkModel: PkModel.Sruc, pSorpCapacity: 2 }),
      { type: 'changeRegion', regionId: 1, region: england },
      { pkModel: PkModel.Adas, pSorpCapacity: null },
    ],
    [
      'the PK model cannot be chosen outside Scotland',
      existing(),
      { type: 'setPkModel', pkModel: PkModel.Sruc },
      { pkModel: PkModel.Adas },
    ],
    [
      'SRUC without a capacity gives 1',
      existing({ regionId: 2 }),
      { type: 'setPkModel', pkModel: PkModel.Sruc },
      { pSorpCapacity: 1 },
    ],
    [
      'leaving SRUC clears the capacity',
      existing({ regionId: 2, pkModel: PkModel.Sruc, pSorpCapacity: 3 }),
      { type: 'setPkModel', pkModel: PkModel.Adas },
      { pSorpCapacity: null },
    ],
    [
      'unticking derogation clears its number',
      existing({ grasslandDerogation: true, grasslandDerogationNumber: 'GD-1' }),
      { type: 'setGrasslandDerogation', ticked: false },
      { grasslandDerogationNumber: '' },
    ],
    [
      'a fifth address line is refused',
      existing({ address: 'a\nb\nc\nd' }),
      { type: 'setAddress', value: 'a\nb\nc\nd\n' },
      { address: 'a\nb\nc\nd' },
    ],
    [
      'a town change resets the station',
      existing(),
      { type: 'changeTown', townId: 4, townRegion: scotland },
      { townId: 4, weatherStationId: null, regionId: 1 },
    ],
    [
      'a new holding takes its region from the town',
      existing({ isNew: true, regionId: null }),
      { type: 'changeTown', townId: 5, townRegion: wales },
      { regionId: 3, nvz: true },
    ],
    [
      'months are typed only with custom weather',
      existing(),
      { type: 'setMonth', month: 1, value: '9' },
      { rainfall: existing().rainfall },
    ],
  ] as [string, HoldingFormState, HoldingFormAction, Partial<HoldingFormState>][])(
    '%s',
    (_name, state, action, expected) => {
      expect(reduceHoldingForm(state, action)).toMatchObject(expected);
    },
  );

  it('turns custom weather on with twelve empty months and off back to the station averages', () => {
    const list = townStations(3);
    const on = apply(
      existing(),
      { type: 'changeStation', stationId: 102, station: stations[102] },
      { type: 'setCustomWeather', on: true, stations: list },
    );
    expect(on.rainfall).toEqual(Array(12).fill(''));
    const off = reduceHoldingForm(on, { type: 'setCustomWeather', on: false, stations: list });
    expect(off.weatherStationId).toBe(102);
    expect(off.rainfall[0]).toBe('81');
  });

  it("falls back to the town's first station when custom weather is turned off without one", () => {
    const state = apply(existing({ weatherStationId: null, customWeather: true }), {
      type: 'setCustomWeather',
      on: false,
      stations: townStations(3),
    });
    expect(state.weatherStationId).toBe(101);
    expect(state.rainfall[11]).toBe('62');
  });

  it.each([
    ['', null],
    ['12', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['-1', -1],
    ['-', Number.NaN],
    ['1.2.3', Number.NaN],
  ])('reads %j as %s', (text, value) => {
    expect(parseTypedNumber(text)).toBe(value);
  });

  it.each([
    ['12.5', true],
    ['-', true],
    ['', true],
    ['1e3', false],
    ['12a', false],
    ['1.2.3', false],
  ])('accepts %j as typed: %s', (text, accepted) => {
    expect(isNumberInput(text)).toBe(accepted);
  });

  it('asks the NVZ question only for an existing holding whose NVZ changed outside a mandatory region', () => {
    expect(asksNvzQuestion(existing({ nvz: true }))).toBe(true);
    expect(asksNvzQuestion(existing())).toBe(false);
    expect(asksNvzQuestion(existing({ nvz: true, regionNvzMandatory: true }))).toBe(false);
    expect(asksNvzQuestion(existing({ nvz: true, isNew: true }))).toBe(false);
  });

  it('sends no weather without the WEATHER tab and no Power BI flag to those who do not see it', () => {
    const request = holdingSaveRequest(existing(), {
      holdingId: 11,
      yearId: 2025,
      withWeather: false,
      withReportsOption: false,
      changeNVZOnAllFields: false,
      version: 4,
    });
    expect(request).not.toHaveProperty('holdingWeather');
    expect(request).not.toHaveProperty('excludeFromUserReports');
    // The version the form was read at goes with the save, so that another user's later save is not overwritten.
    expect(request.holding.Version).toBe(4);
  });
});
