import type {
  HoldingDetails,
  HoldingsListResponse,
  HoldingStatus,
  HoldingWeatherRow,
} from '@headland/domain/api/holdingsApi';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/httpErrors.ts';
import { mayOpenEveryHolding } from '../../auth/holdingAccess.ts';
import { listHoldings } from '../session/session.service.ts';
import { recentHoldingsListed } from '../session/session.service.ts';
import { fixedBusinessId, mayOpen } from './holdingRights.ts';
import {
  allRegions,
  allTowns,
  choosableBusinesses,
  holdingHasData,
  holdingRecord,
  holdingRecords,
  holdingWeatherOfYear,
  stationsWithRainfall,
  townById,
  townStationIds,
  type HoldingRecord,
} from './holdings.queries.ts';
import { presentHoldingDetails, presentStation, presentTown } from './holdings.presenters.ts';
import type { Caller } from '../../auth/caller.ts';

/**
 * The holdings the caller may see, as the Manage holdings dialog lists them, with every post town. Master and
 * Admin, who may open every holding, get the same short list as at session start (their most recently used
 * holdings) plus the holding of their session; they reach the others by searching.
 */
export async function listManagedHoldings(db: Db, caller: Caller<'account'>): Promise<HoldingsListResponse> {
  const { auth } = caller;
  const openAll = auth.partnerId === null && mayOpenEveryHolding(auth.user.role);
  const rows = await listHoldings(
    db,
    { userId: auth.user.id, openAll, partnerId: auth.partnerId },
    openAll ? { recentFirst: true, limit: recentHoldingsListed } : {},
  );
  const ids = rows.map((row) => row.id);
  if (auth.session && !ids.includes(auth.session.holdingId)) ids.push(auth.session.holdingId);
  const [records, towns] = await Promise.all([holdingRecords(db, ids, auth.user.id), allTowns(db)]);
  return {
    Holdings: records.map((record) => presentHoldingDetails(caller, record)),
    Towns: towns.map(presentTown),
  };
}

/** A holding the caller may open, or the refusal: 404 when it does not exist, 403 when it is not theirs. */
export async function openableHolding(
  db: Db,
  caller: Caller<'account'>,
  holdingId: number,
): Promise<HoldingRecord> {
  const record = await holdingRecord(db, holdingId, caller.auth.user.id);
  if (!record) throw notFound('holdingNotFound');
  if (!mayOpen(caller, record)) throw forbidden('holdingNoAccess');
  return record;
}

/** The holding the session is on, with everything the edit dialog shows. */
export async function getHoldingDetails(
  db: Db,
  caller: Caller<'account'>,
  holdingId: number,
): Promise<HoldingDetails> {
  const record = await openableHolding(db, caller, holdingId);
  return presentHoldingDetails(caller, record);
}

/**
 * What the edit dialog needs besides the holding: its flags, the towns, the stations of its town (or of
 * `townId`, just chosen) with their averages, the weather shown for `year`, the regions and the businesses.
 */
export async function holdingStatus(
  db: Db,
  caller: Caller<'account'>,
  query: { holdingId?: number; year: number; townId?: number },
): Promise<HoldingStatus> {
  const record = query.holdingId === undefined ? null : await openableHolding(db, caller, query.holdingId);
  const townId = query.townId ?? record?.town_id ?? null;
  const [towns, town, regions, custom] = await Promise.all([
    allTowns(db),
    townId === null ? Promise.resolve(null) : townById(db, townId),
    allRegions(db),
    record ? holdingWeatherOfYear(db, record.id, query.year) : Promise.resolve([]),
  ]);
  const stationIds = town ? townStationIds(town) : [];
  const stations = await stationsWithRainfall(db, stationIds);
  const townChanged = record !== null && query.townId !== undefined && query.townId !== record.town_id;
  const holdingStation =
    !townChanged && record?.weather_station_id !== null && record?.weather_station_id !== undefined
      ? record.weather_station_id
      : null;
  const shownStationId = holdingStation ?? stationIds[0] ?? null;

  let weather: HoldingWeatherRow[];
  if (custom.length > 0) {
    weather = custom.map((row) => ({
      HoldingId: record!.id,
      Year: query.year,
      Month: Number(row.month),
      Rainfall: Number(row.rainfall),
    }));
  } else {
    // The holding's station may not be one of its town's (the town's list changed since it was chosen).
    const station =
      shownStationId === null
        ? undefined
        : (stations.find((candidate) => candidate.id === shownStationId) ??
          (await stationsWithRainfall(db, [shownStationId]))[0]);
    weather = (station?.rainfall ?? []).map((month) => ({
      HoldingId: record?.id ?? null,
      Year: query.year,
      Month: Number(month.month),
      Rainfall: Number(month.avg),
    }));
  }

  const businesses = caller.brand.features.business
    ? await choosableBusinesses(db, caller.auth.user.businessId, record?.business_id ?? null)
    : [];
  return {
    CanChangeRegion: record?.can_change_region ?? true,
    ExcludeFromUserReports: record?.exclude_from_user_reports ?? false,
    Towns: towns.map(presentTown),
    WeatherStations: stations.map((station) => presentStation(station, query.year)),
    Weather: weather,
    CustomWeather: custom.length > 0,
    Regions: regions
      .filter((region) => region.configured || region.id === record?.region_id)
      .map((region) => ({ value: region.id, text: region.name, nvzMandatory: region.nvz_mandatory })),
    Businesses: businesses.map((business) => ({ BusinessId: business.id, Name: business.name })),
    FixedBusinessId: caller.brand.features.business ? fixedBusinessId(caller) : null,
  };
}

/** Whether the holding has no fields, croppings or other module data (session-shell §5, Holding delete). */
export async function holdingIsEmpty(db: Db, caller: Caller<'account'>, holdingId: number): Promise<boolean> {
  const record = await openableHolding(db, caller, holdingId);
  return !(await holdingHasData(db, record.id));
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export {
  assertMayCreateHoldings,
  actorOf,
  exportRefusal,
  assertWritableSession,
  isAgronomistType,
  mayOpen,
  permissionsOn,
} from './holdingRights.ts';
export { holdingRecord, sharedBusinessIdLimit } from './holdings.queries.ts';
export { presentHoldingDetails } from './holdings.presenters.ts';
