import { importDocumentFiles, removeDocumentFiles } from '../documents/documents.service.ts';
import type { DocumentStore } from '../documents/documents.service.ts';
import type { HoldingDetails, HoldingImportPreview } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { HoldingRole, isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, notFound, areaForbidden } from '../../http/httpErrors.ts';
import { convertGeometries } from '../boundaryImport/boundaryImport.service.ts';
import {
  actorOf,
  assertMayCreateHoldings,
  assertWritableSession,
  isAgronomistType,
  mayOpen,
  permissionsOn,
} from '../holdings/holdings.service.ts';
import { holdingRecord, sharedBusinessIdLimit } from '../holdings/holdings.service.ts';
import { presentHoldingDetails } from '../holdings/holdings.service.ts';
import type { HoldingsDeps } from '../holdings/holdingSave.service.ts';
import {
  documentIdsByStorageName,
  insertImportedHolding,
  insertSettings,
  insertYearsAndWeather,
  updateImportedHolding,
} from './holdingImport.queries.ts';
import type { HoldingArchive } from './holdingArchive.schema.ts';
import { damaged } from './holdingArchiveReader.ts';
import { readHoldingArchiveOffThread } from '../../workers/parseJobs.ts';
import {
  allocateIds,
  clearHoldingContents,
  existingIds,
  insertCroppings,
  insertFields,
  insertLayers,
  selectSameAccountHoldings,
} from './holdingTransfer.queries.ts';
import type { Caller } from '../../auth/caller.ts';

/** Largest upload accepted; a holding with thousands of fields exports to a few megabytes. */
export const maxArchiveBytes = 100 * 1024 * 1024;

/** Refuses an archive that names reference data this installation lacks, or a business the caller cannot use. */
async function checkReferences(db: Db, caller: Caller<'account'>, archive: HoldingArchive): Promise<void> {
  const { holding, croppings } = archive;
  const single = async (
    table: 'towns' | 'regions' | 'businesses' | 'weather_stations',
    value: number | null,
    noun: string,
  ) => {
    if (value !== null && !(await existingIds(db, table, [value])).has(value)) {
      throw badRequest('exportRefersToMissing', { noun, value });
    }
  };
  await single('towns', holding.townId, 'postTown');
  await single('regions', holding.regionId, 'region');
  await single('businesses', holding.businessId, 'business');
  await single('weather_stations', holding.weatherStationId, 'weatherStation');
  const many = async (table: 'crops' | 'varieties', values: number[], noun: string) => {
    const wanted = [...new Set(values)];
    const found = await existingIds(db, table, wanted);
    const missing = wanted.find((value) => !found.has(value));
    if (missing !== undefined) throw badRequest('exportRefersToMissing', { noun, value: missing });
  };
  await many(
    'crops',
    croppings.map((row) => row.cropId),
    'crop',
  );
  await many(
    'varieties',
    croppings.flatMap((row) => (row.varietyId === null ? [] : [row.varietyId])),
    'variety',
  );
  const { businessId } = holding;
  if (
    businessId !== null &&
    businessId >= sharedBusinessIdLimit &&
    businessId !== caller.auth.user.businessId &&
    !isAdminOrHigher(caller.auth.user.role)
  ) {
    throw badRequest('exportBusinessNotAssignable', { businessId });
  }
}

/** Boundaries of the archive as PostGIS checked and measured them, by field id and cropping id. */
interface CheckedGeometries {
  fields: Map<number, { ewkb: string; area: number }>;
  croppings: Map<number, { ewkb: string; area: number }>;
  /** Per layer of the archive, in order, its zones' shapes in order. */
  zones: { ewkb: string; area: number }[][];
}

/**
 * Checks every boundary of the archive with PostGIS, as the boundary import does (valid, or repaired; within
 * longitudes and latitudes; not too many vertices) and measures it: a file's areas and shapes are never trusted.
 * Runs outside the import's transaction, because PostGIS fails a statement on an unreadable geometry.
 */
async function checkGeometries(db: Db, archive: HoldingArchive): Promise<CheckedGeometries> {
  const fields = archive.fields.features.filter((feature) => feature.geometry !== null);
  const croppings = archive.croppings.filter((cropping) => cropping.boundary !== null);
  const converted = await convertGeometries(
    db,
    [
      ...fields.map((feature) => feature.geometry!.coordinates),
      ...croppings.map((cropping) => cropping.boundary!.coordinates),
    ],
    4326,
  );
  const checked: CheckedGeometries = { fields: new Map(), croppings: new Map(), zones: [] };
  converted.forEach((result, index) => {
    const field = fields[index];
    const cropping = croppings[index - fields.length];
    const what = field
      ? `the boundary of field "${field.properties.name}"`
      : `the boundary of cropping ${cropping!.id}`;
    if (!result.ok) throw damaged(`${what} cannot be used: ${result.reason}`);
    const stored = { ewkb: result.ewkbHex, area: result.areaHa };
    if (field) checked.fields.set(field.properties.id, stored);
    else checked.croppings.set(cropping!.id, stored);
  });
  for (const layer of archive.layers) {
    const zones = await convertGeometries(
      db,
      layer.zones.map((zone) => zone.geometry.coordinates),
      4326,
    );
    checked.zones.push(
      zones.map((result, index) => {
        if (!result.ok)
          throw damaged(`zone ${index + 1} of layer "${layer.name}" cannot be used: ${result.reason}`);
        return { ewkb: result.ewkbHex, area: result.areaHa };
      }),
    );
  }
  return checked;
}

/**
 * Inserts the archive's data layers into holding `holdingId` with new ids: fields, croppings, parent layers and
 * zone pictures remapped; a picture whose file did not travel leaves its zone without one.
 */
async function importLayers(
  tx: Db,
  holdingId: number,
  layers: HoldingArchive['layers'],
  zoneShapes: CheckedGeometries['zones'],
  newFieldId: ReadonlyMap<number, number>,
  newCroppingId: ReadonlyMap<number, number>,
  renamedDocuments: ReadonlyMap<string, string>,
): Promise<void> {
  if (layers.length === 0) return;
  const newNames = [...renamedDocuments.values()];
  const documentIdByName =
    newNames.length === 0
      ? new Map<string, number>()
      : await documentIdsByStorageName(tx, holdingId, newNames);
  const documentId = (stored: string | null) => {
    const renamed = stored === null ? undefined : renamedDocuments.get(stored);
    return renamed === undefined ? null : (documentIdByName.get(renamed) ?? null);
  };
  const layerIds = await allocateIds(tx, 'data_layers', layers.length);
  const newLayerId = new Map(layers.map((layer, index) => [layer.id, layerIds[index]!]));
  const field = (value: number | null) => (value === null ? null : newFieldId.get(value)!);
  await insertLayers(
    tx,
    holdingId,
    layers.map((layer, index) => ({
      ...layer,
      id: layerIds[index]!,
      fieldId: field(layer.fieldId),
      croppingId: layer.croppingId === null ? null : newCroppingId.get(layer.croppingId)!,
      parentId: layer.parentId === null ? null : newLayerId.get(layer.parentId)!,
      zones: layer.zones.map(({ document, geometry: _geometry, ...zone }, zoneIndex) => ({
        ...zone,
        fieldId: field(zone.fieldId),
        documentId: documentId(document),
        ...zoneShapes[index]![zoneIndex]!,
      })),
    })),
  );
}

/** Holdings the caller belongs to whose account number is the archive's, ignoring case and spaces. */
async function sameAccountHoldings(
  db: Db,
  caller: Caller<'account'>,
  accountNumber: string | null,
): Promise<{ HoldingId: number; TradingName: string }[]> {
  const wanted = accountNumber?.trim() ?? '';
  if (wanted === '') return [];
  return (await selectSameAccountHoldings(db, caller.auth.user.id, wanted)).map((row) => ({
    HoldingId: row.id,
    TradingName: row.trading_name,
  }));
}

/** The longest trading name a holding takes, as the archive's schema and the holding's save allow. */
const tradingNameMaxLength = 200;

/**
 * The trading name of a holding imported as a new one beside the caller's holdings with the same account
 * number: when one of them already has the file's name, the new one is told apart as 'Name (2)', 'Name (3)'...
 */
async function distinctTradingName(
  db: Db,
  caller: Caller<'account'>,
  name: string,
  accountNumber: string | null,
): Promise<string> {
  const key = (text: string) => text.trim().toLocaleLowerCase();
  const taken = new Set(
    (await sameAccountHoldings(db, caller, accountNumber)).map((holding) => key(holding.TradingName)),
  );
  if (!taken.has(key(name))) return name;
  for (let copy = 2; ; copy += 1) {
    const suffix = ` (${copy})`;
    const candidate = `${name.slice(0, tradingNameMaxLength - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(key(candidate))) return candidate;
  }
}

/**
 * What an import would bring, read and checked as the import does, without writing: the holding's name and
 * account number, its counts, and the caller's holdings with the same account number, which the import may
 * replace instead of creating a second holding beside them.
 */
export async function previewHoldingImport(
  db: Db,
  caller: Caller<'account'>,
  data: Uint8Array,
): Promise<HoldingImportPreview> {
  assertMayCreateHoldings(caller);
  const archive = await readHoldingArchiveOffThread(data);
  await checkReferences(db, caller, archive);
  await checkGeometries(db, archive);
  return {
    TradingName: archive.holding.tradingName,
    AccountNumber: archive.holding.accountNumber,
    CropYears: archive.cropYears.map((year) => year.yearId),
    Fields: archive.fields.features.length,
    Croppings: archive.croppings.length,
    SameAccountNumber: await sameAccountHoldings(db, caller, archive.holding.accountNumber),
  };
}

/** The holding an import replaces, locked, after checking that the caller may change it. */
async function replaceTarget(tx: Db, caller: Caller<'account'>, holdingId: number): Promise<void> {
  assertWritableSession(caller);
  const record = await holdingRecord(tx, holdingId, caller.auth.user.id, { forUpdate: true });
  if (!record || !mayOpen(caller, record)) throw notFound('replaceHoldingMissing');
  if (!permissionsOn(caller, record).holdings.write) {
    throw areaForbidden('holdings', 'write');
  }
}

/**
 * Creates a new holding from an export, equal to the original: new ids throughout, fields and croppings linked
 * as before, the caller its Owner (and its agronomist when at Agronomist level or higher). Satellite imagery and
 * the holding's feature flags are taken from the file only for Admin-level users: for anyone else they are
 * those of a holding created by hand, since a file can be edited. With `replaceHoldingId`, the export replaces
 * that holding's details, crop years, weather, fields, croppings and settings instead, keeping its id and its
 * members. Every boundary is checked and measured by PostGIS. Nothing is written unless all of it is.
 */
export async function importHolding(
  deps: HoldingsDeps,
  caller: Caller<'account'>,
  data: Uint8Array,
  documentStore?: DocumentStore,
  replaceHoldingId?: number,
): Promise<HoldingDetails> {
  assertMayCreateHoldings(caller);
  const archive = await readHoldingArchiveOffThread(data);
  const geometries = await checkGeometries(deps.db, archive);
  // The library's files, written inside the transaction and removed again should it fail.
  let documentKeys: string[] = [];
  const { auth, brand } = caller;
  const admin = isAdminOrHigher(auth.user.role);
  const importing = deps.db.transaction(async (tx) => {
    await checkReferences(tx, caller, archive);
    const file = archive.holding;
    const details = {
      tradingName: file.tradingName,
      accountNumber: file.accountNumber,
      address: file.address,
      townId: file.townId,
      regionId: file.regionId,
      businessId: file.businessId,
      nvz: file.nvz,
      pSorpCapacity: file.pSorpCapacity,
      weatherStationId: file.weatherStationId,
      excludeFromUserReports: file.excludeFromUserReports,
      canChangeRegion: file.canChangeRegion,
    };
    let id: number;
    if (replaceHoldingId !== undefined) {
      await replaceTarget(tx, caller, replaceHoldingId);
      id = replaceHoldingId;
      await clearHoldingContents(tx, id, auth.user.id);
      await updateImportedHolding(
        tx,
        id,
        admin ? { ...details, satellite: file.satellite, features: file.features } : details,
      );
    } else {
      const tradingName = await distinctTradingName(tx, caller, file.tradingName, file.accountNumber);
      id = await insertImportedHolding(
        tx,
        {
          ...details,
          tradingName,
          agronomistId: isAgronomistType(caller) ? auth.user.id : null,
          satellite: admin ? file.satellite : false,
          features: admin
            ? file.features
            : {
                perHoldingPermissions: brand.features.perHoldingPermissions,
                sprayAudit: false,
                scoutingLink: false,
              },
        },
        auth.user.id,
        HoldingRole.Owner,
      );
    }
    await insertYearsAndWeather(tx, id, archive.cropYears, archive.weather);

    const features = archive.fields.features;
    const fieldIds = await allocateIds(tx, 'fields', features.length);
    const newFieldId = new Map(features.map((feature, index) => [feature.properties.id, fieldIds[index]!]));
    await insertFields(
      tx,
      id,
      features.map((feature, index) => ({
        newId: fieldIds[index]!,
        boundary: geometries.fields.get(feature.properties.id) ?? null,
        properties: feature.properties,
      })),
    );
    const croppingIds = await allocateIds(tx, 'croppings', archive.croppings.length);
    await insertCroppings(
      tx,
      id,
      archive.croppings.map((cropping, index) => ({
        ...cropping,
        id: croppingIds[index]!,
        fieldId: newFieldId.get(cropping.fieldId)!,
        boundaryEwkb: geometries.croppings.get(cropping.id)?.ewkb ?? null,
      })),
    );
    await insertSettings(
      tx,
      archive.settings.map((setting) => ({
        holdingId: id,
        userId: setting.scope === 'user' ? auth.user.id : null,
        key: setting.key,
        value: setting.value,
      })),
    );
    const renamedDocuments = new Map<string, string>();
    if (documentStore) {
      const target = {
        holdingId: id,
        userId: auth.user.id,
        cropYears: archive.cropYears.map((y) => y.yearId),
      };
      documentKeys = await importDocumentFiles(
        tx,
        documentStore,
        target,
        archive.documentFiles ?? {},
        renamedDocuments,
      );
    }
    const newCroppingId = new Map(
      archive.croppings.map((cropping, index) => [cropping.id, croppingIds[index]!]),
    );
    await importLayers(tx, id, archive.layers, geometries.zones, newFieldId, newCroppingId, renamedDocuments);
    await recordEvent(tx, actorOf(caller, id), {
      action: EventAction.Import,
      source: Module.Holding,
      objectType: 'Holding',
      data: {
        Name: file.tradingName,
        SourceHoldingId: archive.manifest.source.holdingId,
        Fields: features.length,
        Croppings: archive.croppings.length,
        Layers: archive.layers.length,
        ...(replaceHoldingId !== undefined ? { Replaced: true } : {}),
      },
    });
    return id;
  });
  const holdingId = await importing.catch(async (error: unknown) => {
    if (documentStore) await removeDocumentFiles(documentStore, documentKeys);
    throw error;
  });
  deps.authCache.forgetWhere(
    (cached) => cached.user.id === auth.user.id || cached.session?.holdingId === holdingId,
  );
  const record = await holdingRecord(deps.db, holdingId, auth.user.id);
  return presentHoldingDetails(caller, record!);
}
