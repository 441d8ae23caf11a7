import { strToU8, zipSync } from 'fflate';
import { EventAction, Module } from '@headland/domain/enumerations';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { forbidden, notFound } from '../../http/httpErrors.ts';
import { actorOf, exportRefusal } from '../holdings/holdings.service.ts';
import { holdingRecord } from '../holdings/holdings.service.ts';
import { exportDocumentFiles } from '../documents/documents.service.ts';
import type { DocumentStore } from '../documents/documents.service.ts';
import {
  archiveFiles,
  archiveFormat,
  archiveFormatVersion,
  type ArchiveManifest,
} from './holdingArchive.schema.ts';
import {
  exportCropYears,
  exportCroppings,
  exportFields,
  exportHoldingFile,
  exportLayers,
  exportSettings,
  exportWeather,
} from './holdingTransfer.queries.ts';
import type { Caller } from '../../auth/caller.ts';

export interface HoldingExport {
  fileName: string;
  zip: Uint8Array;
}

/** A file name safe on every system: the trading name's letters and digits, then the export date. */
function exportFileName(tradingName: string, exportedAt: Date): string {
  const slug =
    tradingName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60) || 'holding';
  return `${slug}-${exportedAt.toISOString().slice(0, 10)}.zip`;
}

/**
 * Exports a holding as a zip (see holdingArchive.schema.ts) and records an 'export' Event on it. Allowed as
 * `exportRefusal` says (the same rule gives the holdings list its `CanExport`).
 */
export async function exportHolding(
  db: Db,
  caller: Caller<'account'>,
  holdingId: number,
  documentStore?: DocumentStore,
): Promise<HoldingExport> {
  const record = await holdingRecord(db, holdingId, caller.auth.user.id);
  if (!record) throw notFound('holdingNotFound');
  const refusal = exportRefusal(caller, record);
  if (refusal !== null) throw forbidden(refusal);
  const exportedAt = new Date();
  const files = await db.transaction(async (tx) => {
    const [holding, cropYears, weather, fields, croppings, settings, layers] = await Promise.all([
      exportHoldingFile(tx, holdingId),
      exportCropYears(tx, holdingId),
      exportWeather(tx, holdingId),
      exportFields(tx, holdingId),
      exportCroppings(tx, holdingId),
      exportSettings(tx, holdingId, caller.auth.user.id),
      exportLayers(tx, holdingId),
    ]);
    if (!holding) throw notFound('holdingNotFound');
    const manifest: ArchiveManifest = {
      format: archiveFormat,
      formatVersion: archiveFormatVersion,
      exportedAt: exportedAt.toISOString(),
      crs: 'EPSG:4326',
      source: {
        application: 'Headland',
        brand: caller.brand.id,
        holdingId,
        tradingName: holding.tradingName,
      },
      counts: {
        cropYears: cropYears.length,
        weather: weather.length,
        fields: fields.features.length,
        croppings: croppings.length,
        settings: settings.length,
        layers: layers.length,
      },
    };
    await recordEvent(tx, actorOf(caller, holdingId), {
      action: EventAction.Export,
      source: Module.Holding,
      objectType: 'Holding',
      data: {
        Name: holding.tradingName,
        Fields: manifest.counts.fields,
        Croppings: manifest.counts.croppings,
      },
    });
    return { manifest, holding, cropYears, weather, fields, croppings, settings, layers };
  });
  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
  // The document library, when a store is given: its index and original files.
  const documents = documentStore ? await exportDocumentFiles(db, documentStore, holdingId) : {};
  const zip = zipSync(
    {
      ...documents,
      [archiveFiles.manifest]: json(files.manifest),
      [archiveFiles.holding]: json(files.holding),
      [archiveFiles.cropYears]: json(files.cropYears),
      [archiveFiles.weather]: json(files.weather),
      [archiveFiles.fields]: json(files.fields),
      [archiveFiles.croppings]: json(files.croppings),
      [archiveFiles.settings]: json(files.settings),
      [archiveFiles.layers]: json(files.layers),
    },
    { level: 6, mtime: exportedAt },
  );
  return { fileName: exportFileName(record.trading_name, exportedAt), zip };
}
