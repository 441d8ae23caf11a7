import { strFromU8 } from 'fflate';
import type { z } from 'zod';
import { badRequest } from '../../http/httpErrors.ts';
import { safeUnzip, ZipRefused } from '../../files/safeUnzip.ts';
import { isDocumentArchiveEntry } from '../../files/documentArchiveEntries.ts';
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

// Reading a holding export needs no database: it runs in a parsing worker (server/src/workers/), off the
// request thread, and the import checks the result against the database afterwards.

export const damaged = (detail: string) => badRequest('exportDamaged', { detail });

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
