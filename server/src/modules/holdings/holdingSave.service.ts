import type { OwnRefusalCode, RefusalParams } from '@headland/domain/api/refusalCodes';
import type { HoldingDetails, HoldingSaveRequest } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import {
  effectivePkModel,
  effectivePSorpCapacity,
  pkModelSchema,
  validateHoldingForm,
  type HoldingFormField,
  type PkModel,
} from '@headland/domain/holdingRules';
import { HoldingRole, isAgronomistOrManager } from '@headland/domain/roles';
import { roundTo } from '@headland/domain/units';
import { latestOpenableCropYear } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import type { Db } from '../../db/database.ts';
import { assertCurrentVersion, markChangeAuthor } from '../../events/changeAuthor.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import {
  badRequest,
  forbidden,
  notFound,
  validationFailed,
  type FieldError,
  areaForbidden,
} from '../../http/httpErrors.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import {
  actorOf,
  assertMayCreateHoldings,
  assertWritableSession,
  fixedBusinessId,
  isAgronomistType,
  mayOpen,
  permissionsOn,
} from './holdingRights.ts';
import {
  addCropYearIfMissing,
  holdingAuthorSql,
  insertCropYear,
  insertHolding,
  insertHoldingMember,
  replaceWeather,
  setNvzOnAllFields,
  updateHoldingRow,
  upsertCropYear,
} from './holdingSave.queries.ts';
import {
  allRegions,
  businessExists,
  holdingRecord,
  holdingWeatherOfYear,
  sharedBusinessIdLimit,
  townById,
  townStationIds,
  type HoldingRecord,
} from './holdings.queries.ts';
import { presentHoldingDetails } from './holdings.presenters.ts';
import { holdingIssueText } from './holdingMessageText.ts';
import type { Caller } from '../../auth/caller.ts';

export interface HoldingsDeps {
  db: Db;
  authCache: AuthCache;
}

/** Where each form value travels in the save payload: the `Field` of its message. */
const payloadField: Record<HoldingFormField, string> = {
  tradingName: 'holding.TradingName',
  accountNumber: 'holding.AccountNumber',
  address: 'holding.Address',
  townId: 'holding.TownId',
  regionId: 'holding.Region',
  totalArea: 'totalArea',
  grasslandDerogation: 'grasslandDerogation',
  grasslandDerogationNumber: 'grasslandDerogationNumber',
  startingYear: 'firstCroppingYear',
  pkModel: 'pkModel',
  pSorpCapacity: 'holding.PSorpCapacity',
  weatherStationId: 'holding.WeatherStationId',
  customWeather: 'holdingWeather',
  monthlyRainfall: 'holdingWeather',
};

/** Everything a save writes, once every rule has been applied. */
interface ResolvedSave {
  holding: {
    tradingName: string;
    accountNumber: string | null;
    address: string | null;
    townId: number | null;
    regionId: number | null;
    businessId: number | null;
    nvz: boolean;
    pSorpCapacity: number | null;
    agronomistId: number | null;
    weatherStationId: number | null;
    excludeFromUserReports: boolean;
  };
  /** The crop year of the year block and the custom weather; null when the holding has none to edit. */
  yearId: number | null;
  yearData: { totalArea: number | null; grasslandDerogationNumber: string | null; pkModel: PkModel };
  /** A crop year to register as the holding's first. */
  newFirstYear: number | null;
  /** 'keep' leaves the custom weather as it is; [] turns it off; twelve rows turn it on. */
  weather: 'keep' | { month: number; rainfall: number }[];
}

const blankToNull = (text: string | null | undefined) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

/** Keeps the line breaks a user typed, but no trailing blank lines or spaces. */
const cleanAddress = (text: string | null | undefined) => {
  const cleaned = text?.replace(/\s+$/, '');
  return cleaned ? cleaned : null;
};

/**
 * Applies every rule of the holding dialog to a save, server-side: the messages of holdings spec §5.1 and the
 * transitions of §4.1. `stored` is null for a new holding. Throws a 400 with every message at once.
 */
async function resolveSave(
  db: Db,
  caller: Caller<'account'>,
  input: HoldingSaveRequest,
  stored: HoldingRecord | null,
): Promise<ResolvedSave> {
  const { auth, brand } = caller;
  const { features } = brand;
  const h = input.holding;
  const isNew = stored === null;
  const errors: FieldError[] = [];
  const add = (Field: string, Code: OwnRefusalCode, Params: RefusalParams = {}) =>
    errors.push({ Field, Code, Params });
  const storedYears = stored?.crop_years.map((row) => Number(row.year_id)) ?? [];

  // The spec's own payload names only `croppingYearId`: for a new holding that is its first year.
  const startingYear = input.firstCroppingYear ?? (isNew ? input.croppingYearId : null) ?? null;
  const sessionYear = stored && auth.session?.holdingId === stored.id ? auth.session.yearId : null;
  const yearId = isNew ? startingYear : (input.croppingYearId ?? sessionYear ?? storedYears.at(-1) ?? null);
  const storedYear = stored?.crop_years.find((row) => Number(row.year_id) === yearId);

  // Values the payload leaves out keep what is stored; a null clears them.
  const pkModelValue = input.pkModel !== undefined ? input.pkModel : (storedYear?.pk_model ?? null);
  const totalArea =
    input.totalArea !== undefined
      ? input.totalArea
      : storedYear?.total_area === null || storedYear?.total_area === undefined
        ? null
        : Number(storedYear.total_area);
  const derogationSent =
    input.grasslandDerogation !== undefined || input.grasslandDerogationNumber !== undefined;
  const derogationNumber = derogationSent
    ? (input.grasslandDerogationNumber ?? null)
    : (storedYear?.grassland_derogation_number ?? null);
  const derogationTicked = derogationSent
    ? (input.grasslandDerogation ?? derogationNumber !== null)
    : derogationNumber !== null;

  const weatherOn = features.weather && features.postTown;
  const weatherSent = weatherOn && input.holdingWeather !== undefined && yearId !== null;
  const customRows = weatherSent ? (input.holdingWeather ?? []) : [];
  const customWeather = customRows.length > 0;
  const keptCustom =
    !weatherSent && stored && yearId !== null
      ? (await holdingWeatherOfYear(db, stored.id, yearId)).length > 0
      : false;

  const townId = features.postTown ? (h.TownId ?? null) : (stored?.town_id ?? null);
  const town = townId === null ? null : await townById(db, townId);
  const stationIds = town ? townStationIds(town) : [];
  const regions = new Map((await allRegions(db)).map((region) => [region.id, region]));
  const regionId = h.Region ?? null;
  const region = regionId === null ? undefined : regions.get(regionId);

  const weatherStationRequired =
    weatherOn && auth.session !== null && stationIds.length > 0 && !customWeather && !keptCustom;
  const issues = validateHoldingForm(
    {
      tradingName: h.TradingName,
      accountNumber: h.AccountNumber,
      address: h.Address,
      townId,
      regionId,
      totalArea,
      grasslandDerogation: derogationTicked,
      grasslandDerogationNumber: derogationNumber,
      startingYear,
      pkModel: pkModelValue,
      pSorpCapacity: h.PSorpCapacity,
      weatherStationId: h.WeatherStationId,
      customWeather,
      monthlyRainfall: customRows.map((row) => ({ month: row.Month, rainfall: row.Rainfall })),
    },
    {
      postTownEnabled: features.postTown,
      regionsOffered: brand.regionIds.length > 0,
      startingYearRequired: isNew,
      weatherStationRequired,
      latestStartingYear: latestOpenableCropYear(isoDateFromLocalDate(new Date())),
    },
  );
  for (const issue of issues)
    errors.push({
      Field: payloadField[issue.field],
      Message: holdingIssueText(issue),
      Code: issue.code,
      Params: issue.params,
    });

  if (townId !== null) {
    if (!town) add('holding.TownId', 'townNotFound');
    else if (town.deleted && townId !== stored?.town_id) add('holding.TownId', 'townWithdrawn');
  }
  if (regionId !== null && (!region || (!region.configured && regionId !== stored?.region_id))) {
    add('holding.Region', 'regionNotOffered');
  }
  if (stored && !stored.can_change_region) {
    if (regionId !== stored.region_id) add('holding.Region', 'regionFixed');
    if (h.NVZ !== null && h.NVZ !== undefined && h.NVZ !== stored.nvz) {
      add('holding.NVZ', 'nvzFixed');
    }
  }
  if (startingYear !== null && Number.isInteger(startingYear)) {
    const firstYear = storedYears[0];
    if (firstYear !== undefined && startingYear > firstYear) {
      add('firstCroppingYear', 'startingYearAfterFirst', { year: firstYear });
    }
  }
  if (!isNew && yearId !== null && !storedYears.includes(yearId) && yearId !== startingYear) {
    add('croppingYearId', 'notCropYearOfHolding', { year: yearId });
  }

  let businessId: number | null = stored?.business_id ?? null;
  const fixedBusiness = fixedBusinessId(caller);
  if (features.business) {
    if (fixedBusiness !== null) {
      if (isNew) businessId = fixedBusiness;
    } else {
      businessId = h.BusinessId ?? null;
      if (businessId !== null && businessId !== stored?.business_id) {
        const choosable = businessId < sharedBusinessIdLimit || businessId === auth.user.businessId;
        if (!choosable || !(await businessExists(db, businessId))) {
          add('holding.BusinessId', 'businessNotAvailable');
        }
      }
    }
  }

  let weatherStationId: number | null = stored?.weather_station_id ?? null;
  if (weatherOn) {
    weatherStationId = h.WeatherStationId ?? null;
    const keepsOwn = weatherStationId === stored?.weather_station_id && townId === stored?.town_id;
    if (town && weatherStationId !== null && !stationIds.includes(weatherStationId) && !keepsOwn) {
      add('holding.WeatherStationId', 'weatherStationNotOfTown');
    }
    // Without a choice (a new holding made before any is open, or custom weather) the town's main station serves.
    weatherStationId ??= stationIds[0] ?? null;
  }

  if (errors.length > 0) throw validationFailed(errors, 'holding');

  const pkModel = effectivePkModel(regionId, pkModelSchema.parse(pkModelValue));
  const mayChangeRegion = stored?.can_change_region ?? true;
  let nvz: boolean;
  if (!mayChangeRegion) nvz = stored!.nvz;
  else if (region?.nvz_mandatory) nvz = true;
  else if (features.nvz) nvz = h.NVZ ?? stored?.nvz ?? false;
  else nvz = stored?.nvz ?? false;

  const agronomistId = stored?.agronomist_id ?? (isAgronomistType(caller) ? auth.user.id : null);
  const excludeFromUserReports = isAgronomistOrManager(auth.user.role)
    ? (input.excludeFromUserReports ?? stored?.exclude_from_user_reports ?? false)
    : (stored?.exclude_from_user_reports ?? false);

  const firstYear = storedYears[0];
  return {
    holding: {
      tradingName: h.TradingName!.trim(),
      accountNumber: blankToNull(h.AccountNumber),
      address: cleanAddress(h.Address),
      townId,
      regionId,
      businessId,
      nvz,
      pSorpCapacity: effectivePSorpCapacity(pkModel, h.PSorpCapacity),
      agronomistId,
      weatherStationId,
      excludeFromUserReports,
    },
    yearId,
    yearData: {
      totalArea: totalArea === null ? null : roundTo(totalArea, 2),
      grasslandDerogationNumber: derogationTicked ? blankToNull(derogationNumber) : null,
      pkModel,
    },
    newFirstYear:
      !isNew && startingYear !== null && (firstYear === undefined || startingYear < firstYear)
        ? startingYear
        : null,
    weather: weatherSent
      ? customRows
          .map((row) => ({ month: row.Month!, rainfall: roundTo(row.Rainfall!, 1) }))
          .sort((a, b) => a.month - b.month)
      : 'keep',
  };
}

/** Only Agronomists and Managers see the Power BI option, so only they may change it. */
function assertMayChangeReportsFlag(
  caller: Caller<'account'>,
  input: HoldingSaveRequest,
  stored: boolean,
): void {
  const wanted = input.excludeFromUserReports;
  if (wanted === null || wanted === undefined || wanted === stored) return;
  if (!isAgronomistOrManager(caller.auth.user.role)) {
    throw forbidden('powerBiRoleOnly');
  }
}

async function writeWeather(
  tx: Db,
  holdingId: number,
  yearId: number | null,
  weather: ResolvedSave['weather'],
): Promise<void> {
  if (weather === 'keep' || yearId === null) return;
  await replaceWeather(tx, holdingId, yearId, weather);
}

async function presentSaved(db: Db, caller: Caller<'account'>, holdingId: number): Promise<HoldingDetails> {
  const record = await holdingRecord(db, holdingId, caller.auth.user.id);
  if (!record) throw new Error(`Holding ${holdingId} vanished after saving`);
  return presentHoldingDetails(caller, record);
}

/**
 * Creates a holding: the caller becomes its Owner (and its agronomist when at Agronomist level or higher), and
 * it gets its first crop year, the Starting Year, with the year block's values and any custom weather.
 */
export async function createHolding(
  deps: HoldingsDeps,
  caller: Caller<'account'>,
  input: HoldingSaveRequest,
): Promise<HoldingDetails> {
  assertMayCreateHoldings(caller);
  assertMayChangeReportsFlag(caller, input, false);
  const { brand, auth } = caller;
  const holdingId = await deps.db.transaction(async (tx) => {
    const resolved = await resolveSave(tx, caller, input, null);
    const id = await insertHolding(tx, {
      ...resolved.holding,
      features: {
        perHoldingPermissions: brand.features.perHoldingPermissions,
        sprayAudit: false,
        scoutingLink: false,
      },
    });
    await insertCropYear(tx, { holdingId: id, yearId: resolved.yearId!, ...resolved.yearData });
    await insertHoldingMember(tx, { holdingId: id, userId: auth.user.id, holdingRole: HoldingRole.Owner });
    await writeWeather(tx, id, resolved.yearId, resolved.weather);
    await recordEvent(tx, actorOf(caller, id), {
      action: EventAction.Create,
      source: Module.Holding,
      objectType: 'Holding',
      data: { Name: resolved.holding.tradingName, YearId: resolved.yearId },
    });
    return id;
  });
  // Owning a holding changes whether the user's holding list is fixed, and so their rights.
  deps.authCache.forgetWhere((cached) => cached.user.id === auth.user.id);
  return presentSaved(deps.db, caller, holdingId);
}

/**
 * Updates a holding the caller may change, from a session that is not read-only. With `changeNVZOnAllFields`
 * every field of the holding takes the holding's NVZ flag in the same transaction.
 */
export async function updateHolding(
  deps: HoldingsDeps,
  caller: Caller<'account'>,
  input: HoldingSaveRequest,
): Promise<HoldingDetails> {
  const holdingId = input.holding.HoldingId;
  if (holdingId === null || holdingId === undefined) {
    throw badRequest('holdingIdRequired', {}, [{ Field: 'holding.HoldingId' }]);
  }
  assertWritableSession(caller);
  await deps.db.transaction(async (tx) => {
    await markChangeAuthor(tx, caller.auth.user.id);
    const stored = await holdingRecord(tx, holdingId, caller.auth.user.id, { forUpdate: true });
    if (!stored) throw notFound('holdingNotFound');
    if (!mayOpen(caller, stored)) throw forbidden('holdingNoAccess');
    if (!permissionsOn(caller, stored).holdings.write) throw areaForbidden('holdings', 'write');
    await assertCurrentVersion(
      tx,
      `holding:${holdingId}`,
      input.holding.Version,
      stored.version,
      holdingAuthorSql(holdingId),
    );
    assertMayChangeReportsFlag(caller, input, stored.exclude_from_user_reports);
    const resolved = await resolveSave(tx, caller, input, stored);

    await updateHoldingRow(tx, holdingId, resolved.holding);
    if (resolved.newFirstYear !== null) {
      await addCropYearIfMissing(tx, {
        holdingId,
        yearId: resolved.newFirstYear,
        pkModel: resolved.yearData.pkModel,
      });
    }
    if (resolved.yearId !== null) {
      await upsertCropYear(
        tx,
        { holdingId, yearId: resolved.yearId, ...resolved.yearData },
        resolved.yearData,
      );
    }
    await writeWeather(tx, holdingId, resolved.yearId, resolved.weather);
    let fieldsChanged: number | undefined;
    if (input.changeNVZOnAllFields) {
      fieldsChanged = await setNvzOnAllFields(tx, holdingId, resolved.holding.nvz);
    }
    await recordEvent(tx, actorOf(caller, holdingId), {
      action: EventAction.Update,
      source: Module.Holding,
      objectType: 'Holding',
      data: {
        Name: resolved.holding.tradingName,
        YearId: resolved.yearId,
        ...(fieldsChanged === undefined
          ? {}
          : { NvzOnAllFields: resolved.holding.nvz, FieldsChanged: fieldsChanged }),
      },
    });
  });
  // The agronomist may have changed, and with it who may open the holding.
  deps.authCache.forgetWhere((cached) => cached.user.id === caller.auth.user.id);
  return presentSaved(deps.db, caller, holdingId);
}
