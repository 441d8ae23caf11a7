import { strFromU8 } from 'fflate';
import {
  importDocumentFiles,
  isDocumentArchiveEntry,
  removeDocumentFiles,
} from '../documents/documents.service.ts';
import type { DocumentStore } from '../documents/documents.service.ts';
import type { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { HoldingDetails, HoldingImportPreview } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { HoldingRole, isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import {
  holdingCropYears,
  holdingUsers,
  holdingWeather,
  holdings,
  importDocuments,
  settings,
} from '../../db/schema.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, forbidden, notFound, areaForbidden } from '../../http/httpErrors.ts';
import { safeUnzip, ZipRefused } from '../../files/safeUnzip.ts';
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
  archiveFiles,
  archiveFormat,
  archiveFormatVersion,
  cropYearsFileSchema,
  croppingsFileSchema,
  fieldsFileSchema,
  holdingFileSchema,
  layersFileSchema,
  manifestSchema,
  settingsFileSchema,
  weatherFileSchema,
  type HoldingArchive,
} from './holdingArchive.schema.ts';
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

const damaged = (detail: string) => badRequest('exportDamaged', { detail });

type Unzipped = Record<string, Uint8Array>;

/** Unpacks the archive's own files only, refusing a zip of too many entries or too many unpacked bytes. */
function unpack(data: Uint8Array): Unzipped {
  const wanted = new Set<string>(Object.values(archiveFiles));
  try {
    return Object.fromEntries(
      safeUnzip(data, { keep: (name) => wanted.has(name) || isDocumentArchiveEntry(name) }),
    );
  } catch (error) {
    if (error instanceof ZipRefused && error.reason !== 'damaged') throw badRequest(error.code, error.params);
    throw badRequest('exportNotZip');
  }
}

function readJson(files: Unzipped, name: string): unknown {
  const bytes = files[name];
  if (!bytes) throw damaged(`${name} is missing.`);
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    throw damaged(`${name} is not valid JSON.`);
  }
}

function parseFile<Schema extends z.ZodType>(files: Unzipped, name: string, schema: Schema): z.infer<Schema> {
  const result = schema.safeParse(readJson(files, name));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw damaged(`${name} is not valid${where}: ${issue.message}.`);
  }
  return result.data;
}

function duplicate<T>(values: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/**
 * Reads and checks a holding export: a zip, with a manifest of our format and version, every file present and
 * valid, the counts of the manifest matching, and every reference between files resolved. Refuses anything
 * else with a 400 that says what is wrong.
 */
export function readHoldingArchive(data: Uint8Array): HoldingArchive {
  const files = unpack(data);
  if (!files[archiveFiles.manifest]) throw badRequest('exportNoManifest', { file: archiveFiles.manifest });
  const rawManifest = readJson(files, archiveFiles.manifest) as { format?: unknown; formatVersion?: unknown };
  if (rawManifest?.format !== archiveFormat) throw badRequest('notHoldingExport');
  if (rawManifest.formatVersion !== archiveFormatVersion) {
    throw badRequest('exportFormatVersion', {
      found: String(rawManifest.formatVersion),
      expected: archiveFormatVersion,
    });
  }
  const archive: HoldingArchive = {
    manifest: parseFile(files, archiveFiles.manifest, manifestSchema),
    holding: parseFile(files, archiveFiles.holding, holdingFileSchema),
    cropYears: parseFile(files, archiveFiles.cropYears, cropYearsFileSchema),
    weather: parseFile(files, archiveFiles.weather, weatherFileSchema),
    fields: parseFile(files, archiveFiles.fields, fieldsFileSchema),
    croppings: parseFile(files, archiveFiles.croppings, croppingsFileSchema),
    settings: parseFile(files, archiveFiles.settings, settingsFileSchema),
    // An export made before data layers has no layers file, and imports as before.
    layers: files[archiveFiles.layers] ? parseFile(files, archiveFiles.layers, layersFileSchema) : [],
    documentFiles: Object.fromEntries(Object.entries(files).filter(([name]) => isDocumentArchiveEntry(name))),
  };
  checkConsistency(archive);
  return archive;
}

function checkConsistency(archive: HoldingArchive): void {
  const { manifest, cropYears, weather, fields, croppings, settings, layers } = archive;
  const actual = {
    cropYears: cropYears.length,
    weather: weather.length,
    fields: fields.features.length,
    croppings: croppings.length,
    settings: settings.length,
  };
  for (const [name, count] of Object.entries(actual)) {
    const expected = manifest.counts[name as keyof typeof actual];
    if (expected !== count)
      throw damaged(`the manifest lists ${expected} ${name} but the archive holds ${count}.`);
  }
  const year = duplicate(cropYears.map((row) => row.yearId));
  if (year !== undefined) throw damaged(`crop year ${year} appears twice.`);
  const month = duplicate(weather.map((row) => `${row.year}-${row.month}`));
  if (month !== undefined) throw damaged(`the weather of ${month} appears twice.`);
  const fieldIds = fields.features.map((feature) => feature.properties.id);
  const fieldId = duplicate(fieldIds);
  if (fieldId !== undefined) throw damaged(`field ${fieldId} appears twice.`);
  for (const feature of fields.features) {
    const fieldYear = duplicate(feature.properties.years.map((row) => row.yearId));
    if (fieldYear !== undefined)
      throw damaged(`field ${feature.properties.id} lists year ${fieldYear} twice.`);
  }
  const croppingId = duplicate(croppings.map((row) => row.id));
  if (croppingId !== undefined) throw damaged(`cropping ${croppingId} appears twice.`);
  const known = new Set(fieldIds);
  const orphan = croppings.find((row) => !known.has(row.fieldId));
  if (orphan)
    throw damaged(`cropping ${orphan.id} belongs to field ${orphan.fieldId}, which is not in the archive.`);
  const setting = duplicate(settings.map((row) => `${row.scope}:${row.key}`));
  if (setting !== undefined) throw damaged(`the setting ${setting} appears twice.`);
  checkLayers(
    manifest.counts.layers ?? 0,
    layers,
    known,
    new Map(croppings.map((row) => [row.id, row.fieldId])),
  );
}

/** The data layers' count, and their references to fields, croppings and other layers of the archive. */
function checkLayers(
  expected: number,
  layers: HoldingArchive['layers'],
  fieldIds: ReadonlySet<number>,
  croppingFields: ReadonlyMap<number, number>,
): void {
  if (expected !== layers.length)
    throw damaged(`the manifest lists ${expected} layers but the archive holds ${layers.length}.`);
  const layerIds = layers.map((layer) => layer.id);
  const layerId = duplicate(layerIds);
  if (layerId !== undefined) throw damaged(`layer ${layerId} appears twice.`);
  const knownLayers = new Set(layerIds);
  for (const layer of layers) {
    const what = `layer "${layer.name}"`;
    if (layer.fieldId !== null && !fieldIds.has(layer.fieldId))
      throw damaged(`${what} belongs to field ${layer.fieldId}, which is not in the archive.`);
    if (layer.croppingId !== null && croppingFields.get(layer.croppingId) !== layer.fieldId)
      throw damaged(
        `${what} belongs to cropping ${layer.croppingId}, which is not in the archive on its field.`,
      );
    const scopeFits =
      layer.scope === 1
        ? layer.fieldId !== null
        : layer.scope === 2
          ? layer.croppingId !== null
          : layer.fieldId === null && layer.croppingId === null;
    if (!scopeFits) throw damaged(`${what} does not name the field or cropping its scope needs.`);
    if (layer.parentId !== null && (layer.parentId === layer.id || !knownLayers.has(layer.parentId)))
      throw damaged(`${what} comes from layer ${layer.parentId}, which is not in the archive.`);
    const zone = layer.zones.find((entry) => entry.fieldId !== null && !fieldIds.has(entry.fieldId));
    if (zone) throw damaged(`a zone of ${what} lies on field ${zone.fieldId}, which is not in the archive.`);
  }
}

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
  const documentIdByName = new Map(
    newNames.length === 0
      ? []
      : (
          await tx
            .select({ id: importDocuments.id, storageName: importDocuments.storageName })
            .from(importDocuments)
            .where(
              and(eq(importDocuments.holdingId, holdingId), inArray(importDocuments.storageName, newNames)),
            )
        ).map((row) => [row.storageName, row.id] as const),
  );
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
  const archive = readHoldingArchive(data);
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
  const archive = readHoldingArchive(data);
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
      await tx
        .update(holdings)
        .set(admin ? { ...details, satellite: file.satellite, features: file.features } : details)
        .where(eq(holdings.id, id));
    } else {
      const tradingName = await distinctTradingName(tx, caller, file.tradingName, file.accountNumber);
      const [row] = await tx
        .insert(holdings)
        .values({
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
        })
        .returning({ id: holdings.id });
      id = row!.id;
      await tx
        .insert(holdingUsers)
        .values({ holdingId: id, userId: auth.user.id, holdingRole: HoldingRole.Owner });
    }
    await tx.insert(holdingCropYears).values(archive.cropYears.map((year) => ({ holdingId: id, ...year })));
    if (archive.weather.length) {
      await tx.insert(holdingWeather).values(archive.weather.map((month) => ({ holdingId: id, ...month })));
    }

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
    if (archive.settings.length) {
      await tx.insert(settings).values(
        archive.settings.map((setting) => ({
          holdingId: id,
          userId: setting.scope === 'user' ? auth.user.id : null,
          key: setting.key,
          value: setting.value,
        })),
      );
    }
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
