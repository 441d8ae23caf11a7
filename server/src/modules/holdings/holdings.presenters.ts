import type { HoldingDetails, Town, WeatherStation } from '@headland/domain/api/holdingsApi';
import { mayChangeHolding, mayExport } from './holdingRights.ts';
import type { HoldingRecord, StationRow, TownRow } from './holdings.queries.ts';
import type { Caller } from '../../auth/caller.ts';

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A holding as the caller sees it: whether they may change it and whether they may export it. */
export function presentHoldingDetails(caller: Caller<'account'>, record: HoldingRecord): HoldingDetails {
  return {
    HoldingId: record.id,
    TradingName: record.trading_name,
    AgronomistId: record.agronomist_id,
    TownId: record.town_id,
    Town: record.town,
    Region: record.region_id,
    BusinessId: record.business_id,
    Business: record.business,
    CropYears: record.crop_years.map((year) => Number(year.year_id)),
    Satellite: record.satellite,
    AccountNumber: record.account_number,
    Address: record.address,
    NVZ: record.nvz,
    PSorpCapacity: record.p_sorp_capacity,
    WeatherStationId: record.weather_station_id,
    ExcludeFromUserReports: record.exclude_from_user_reports,
    CanChangeRegion: record.can_change_region,
    HoldingCropYears: record.crop_years.map((year) => ({
      YearId: Number(year.year_id),
      TotalArea: numberOrNull(year.total_area),
      GrasslandDerogationNumber: year.grassland_derogation_number,
      PkModel: year.pk_model,
    })),
    ReadOnly: !mayChangeHolding(caller, record),
    CanExport: mayExport(caller, record),
    Version: record.version,
  };
}

export function presentTown(row: TownRow): Town {
  return {
    TownId: row.id,
    Name: row.name,
    Deleted: row.deleted,
    Region: row.region_id,
    WeatherStationId: row.weather_station_id,
    OtherWeatherStations: row.other_station_ids.map((stationId, index) => ({
      StationId: Number(stationId),
      Index: index,
    })),
  };
}

/** A station with its twelve long-term monthly averages, labelled with the year they are shown for. */
export function presentStation(row: StationRow, year: number): WeatherStation {
  return {
    WeatherStationId: row.id,
    Name: row.name,
    Weather: row.rainfall.map((month) => ({
      Year: year,
      Month: Number(month.month),
      RainfallLongTermAvg: Number(month.avg),
    })),
  };
}
