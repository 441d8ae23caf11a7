import type { HoldingDetails, HoldingStatus, Town, WeatherStation } from '@headland/domain/api/holdingsApi';

/** Twelve monthly averages: `base` plus the month number, so every month differs. */
function averages(base: number): WeatherStation['Weather'] {
  return Array.from({ length: 12 }, (_, index) => ({
    Year: 2025,
    Month: index + 1,
    RainfallLongTermAvg: base + index + 1,
  }));
}

export const stations: Record<number, WeatherStation> = {
  101: { WeatherStationId: 101, Name: 'Ludlow Castle', Weather: averages(50) },
  102: { WeatherStationId: 102, Name: 'Clee Hill', Weather: averages(80) },
  201: { WeatherStationId: 201, Name: 'Perth Airport', Weather: averages(60) },
  301: { WeatherStationId: 301, Name: 'Cardiff Bute Park', Weather: averages(90) },
};

export const towns: Town[] = [
  {
    TownId: 3,
    Name: 'Ludlow',
    Deleted: false,
    Region: 1,
    WeatherStationId: 101,
    OtherWeatherStations: [{ StationId: 102, Index: 0 }],
  },
  { TownId: 4, Name: 'Perth', Deleted: false, Region: 2, WeatherStationId: 201, OtherWeatherStations: [] },
  { TownId: 5, Name: 'Cardiff', Deleted: false, Region: 3, WeatherStationId: 301, OtherWeatherStations: [] },
  { TownId: 6, Name: 'Oldtown', Deleted: true, Region: 1, WeatherStationId: null, OtherWeatherStations: [] },
];

/** The stations of a town, its main station first. */
export function townStations(townId: number | null): WeatherStation[] {
  const town = towns.find((candidate) => candidate.TownId === townId);
  if (!town) return [];
  const ids = [town.WeatherStationId, ...town.OtherWeatherStations.map((other) => other.StationId)];
  return ids.filter((id): id is number => id !== null).map((id) => stations[id]!);
}

export function aHoldingDetails(overrides: Partial<HoldingDetails> = {}): HoldingDetails {
  return {
    HoldingId: 11,
    TradingName: 'Brook Farm',
    AgronomistId: null,
    TownId: 3,
    Town: 'Ludlow',
    Region: 1,
    BusinessId: null,
    Business: null,
    CropYears: [2024, 2025],
    Satellite: false,
    AccountNumber: 'BF-001',
    Address: 'Brook Farm\nLudlow',
    NVZ: false,
    PSorpCapacity: null,
    WeatherStationId: 101,
    ExcludeFromUserReports: false,
    CanChangeRegion: true,
    HoldingCropYears: [
      { YearId: 2024, TotalArea: 98.5, GrasslandDerogationNumber: null, PkModel: 'ADAS' },
      { YearId: 2025, TotalArea: 100, GrasslandDerogationNumber: null, PkModel: 'ADAS' },
    ],
    ReadOnly: false,
    CanExport: true,
    Version: 1,
    ...overrides,
  };
}

export interface StatusInput {
  holding: HoldingDetails | null;
  year: number;
  /** A town chosen in the dialog; the holding's own otherwise. */
  townId?: number | null;
  custom?: number[] | null;
  canChangeRegion?: boolean;
  fixedBusinessId?: number | null;
}

/** The status answer for a holding (or a new one), as the server builds it. */
export function aStatus({
  holding,
  year,
  townId,
  custom = null,
  canChangeRegion,
  fixedBusinessId = null,
}: StatusInput): HoldingStatus {
  const town = townId ?? holding?.TownId ?? null;
  const list = townStations(town);
  const shown =
    (townId === undefined ? holding?.WeatherStationId : null) ?? list[0]?.WeatherStationId ?? null;
  const station = shown === null ? undefined : stations[shown];
  return {
    CanChangeRegion: canChangeRegion ?? holding?.CanChangeRegion ?? true,
    ExcludeFromUserReports: holding?.ExcludeFromUserReports ?? false,
    Towns: towns,
    WeatherStations: list,
    Weather: custom
      ? custom.map((rainfall, index) => ({
          HoldingId: holding?.HoldingId ?? null,
          Year: year,
          Month: index + 1,
          Rainfall: rainfall,
        }))
      : (station?.Weather ?? []).map((entry) => ({
          HoldingId: holding?.HoldingId ?? null,
          Year: year,
          Month: entry.Month,
          Rainfall: entry.RainfallLongTermAvg,
        })),
    CustomWeather: custom !== null,
    Regions: [
      { value: 1, text: 'England', nvzMandatory: false },
      { value: 2, text: 'Scotland', nvzMandatory: false },
      { value: 3, text: 'Wales', nvzMandatory: true },
    ],
    Businesses: [
      { BusinessId: 1, Name: 'Shared Growers' },
      { BusinessId: 2, Name: 'Valley Agronomy' },
    ],
    FixedBusinessId: fixedBusinessId,
  };
}
