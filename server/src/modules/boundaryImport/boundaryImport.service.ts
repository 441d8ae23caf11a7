import { sql } from 'drizzle-orm';
import {
  importSridChoices,
  type ImportCommitRequest,
  type ImportCommitResponse,
  type ImportPreviewResponse,
} from '@headland/domain/api/fieldsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { uniqueName } from '@headland/domain/uniqueName';
import { roundArea, roundTo } from '@headland/domain/units';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, validationFailed, type FieldError } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { lockHoldingFields, selectFieldNames } from '../fields/fields.service.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { replaceBoundaries, selectFieldsForReplace, selectOverlaps } from './boundaryImport.queries.ts';
import { convertGeometries, isKnownSrid, type ConvertedGeometry } from './convertGeometries.ts';
import {
  ImportFileError,
  type ImportedLayer,
  type ImportProperty,
  type PolygonCoordinates,
} from './importedLayer.ts';
import { readBoundaryFile } from './readBoundaryFile.ts';

export const noPolygonReason = 'The feature has no polygon.';

/** Name given to an imported field whose chosen property is empty. */
export const defaultImportedFieldName = 'Field';

const wgs84Name = 'WGS 84 (EPSG:4326)';

function readLayer(bytes: Uint8Array): ImportedLayer {
  try {
    return readBoundaryFile(bytes);
  } catch (error) {
    if (error instanceof ImportFileError) throw badRequest(error.code, error.params);
    throw error;
  }
}

/** Whether every coordinate of the layer could be a longitude and latitude. */
function looksLikeDegrees(layer: ImportedLayer): boolean {
  for (const feature of layer.features)
    for (const polygon of feature.polygons ?? [])
      for (const ring of polygon)
        for (const point of ring) if (Math.abs(point[0]!) > 180 || Math.abs(point[1]!) > 90) return false;
  return true;
}

type Placement = { srid: number; name: string } | { question: true };

/**
 * Where the layer's coordinates are: the system the file names; the one the user chose for a file that names
 * none; longitudes and latitudes when they can be; otherwise a question to the user (British National Grid
 * offered first, as the metres of most files without a system are).
 */
async function placeLayer(db: Db, layer: ImportedLayer, chosenSrid: number | undefined): Promise<Placement> {
  if (layer.crs.kind === 'epsg') {
    if (!(await isKnownSrid(db, layer.crs.srid))) {
      throw badRequest('crsNotConvertible', { name: layer.crs.name });
    }
    return { srid: layer.crs.srid, name: layer.source?.name ?? layer.crs.name };
  }
  if (chosenSrid !== undefined) {
    if (!(await isKnownSrid(db, chosenSrid))) {
      throw validationFailed([{ Field: 'srid', Code: 'sridUnknown', Params: { srid: chosenSrid } }]);
    }
    return { srid: chosenSrid, name: `EPSG:${chosenSrid}` };
  }
  if (looksLikeDegrees(layer)) return { srid: 4326, name: wgs84Name };
  return { question: true };
}

/**
 * Reads a boundary file and answers its polygon features in 4326 with their areas, each checked (and if need be
 * repaired) by PostGIS, and each with the existing field that already covers most of it; nothing is stored.
 */
export async function previewImport(
  db: Db,
  caller: Caller,
  bytes: Uint8Array,
  chosenSrid?: number,
): Promise<ImportPreviewResponse> {
  const layer = readLayer(bytes);
  const propertyNames = new Set<string>();
  for (const feature of layer.features)
    for (const name of Object.keys(feature.properties)) propertyNames.add(name);

  const placement = await placeLayer(db, layer, chosenSrid);
  const response: ImportPreviewResponse = {
    Format: layer.format,
    SourceSrid: null,
    SourceCrs: '',
    CrsQuestion: null,
    PropertyNames: [...propertyNames],
    Features: [],
    Skipped: [],
  };
  if ('question' in placement) {
    return {
      ...response,
      CrsQuestion: { SuggestedSrid: importSridChoices[0], Choices: [...importSridChoices] },
    };
  }
  response.SourceSrid = layer.source ? layer.source.srid : placement.srid;
  response.SourceCrs = layer.source?.name ?? placement.name;

  const withPolygons = layer.features
    .map((feature, index) => ({ feature, index }))
    .filter(({ feature }) => feature.polygons !== null);
  const converted = await convertGeometries(
    db,
    withPolygons.map(({ feature }) => feature.polygons as PolygonCoordinates[]),
    placement.srid,
  );
  const convertedByIndex = new Map(withPolygons.map(({ index }, position) => [index, converted[position]!]));
  const accepted = [...convertedByIndex].filter(
    (entry): entry is [number, Extract<ConvertedGeometry, { ok: true }>] => entry[1].ok,
  );
  const overlaps = await selectOverlaps(
    db,
    caller.holdingId,
    accepted.map(([, result]) => result.ewkbHex),
  );
  const overlapByIndex = new Map(overlaps.map((row) => [accepted[Number(row.position)]![0], row]));
  layer.features.forEach((feature, index) => {
    const result = convertedByIndex.get(index);
    if (!result) response.Skipped.push({ Index: index, Reason: noPolygonReason });
    else if (!result.ok) response.Skipped.push({ Index: index, Reason: result.reason });
    else {
      const overlap = overlapByIndex.get(index);
      response.Features.push({
        Index: index,
        Properties: feature.properties,
        Geometry: result.geometry,
        Area: roundArea(result.areaHa),
        Repair: result.repair,
        Overlap: overlap
          ? {
              FieldId: Number(overlap.field_id),
              Name: overlap.name,
              Share: roundTo(Number(overlap.share), 3),
            }
          : null,
      });
    }
  });
  if (response.Features.length === 0) {
    const reasons = [...new Set(response.Skipped.map((skipped) => skipped.Reason))];
    const only = reasons.length === 1 && reasons[0] !== noPolygonReason ? ` ${reasons[0]}` : '';
    throw only
      ? badRequest('noImportablePolygonBecause', { reason: only.trim() })
      : badRequest('noImportablePolygon');
  }
  return response;
}

function propertyText(
  properties: Record<string, ImportProperty>,
  name: string | null | undefined,
): string | null {
  if (!name) return null;
  const value = properties[name];
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

type CommitFeature = ImportCommitRequest['Features'][number];

/** The replace targets named by the request, each at most once. */
function replaceTargets(features: readonly CommitFeature[]): number[] {
  const targets: number[] = [];
  const errors: FieldError[] = [];
  features.forEach((feature, index) => {
    if (feature.Action !== 'replace') return;
    const target = feature.ReplaceFieldId;
    if (!target) {
      errors.push({
        Field: `Features.${index}.ReplaceFieldId`,
        Code: 'featureReplaceRequired',
        Params: { number: index + 1 },
      });
    } else if (targets.includes(target)) {
      errors.push({
        Field: `Features.${index}.ReplaceFieldId`,
        Code: 'featureReplaceTwice',
        Params: { number: index + 1 },
      });
    } else targets.push(target);
  });
  if (errors.length > 0) throw validationFailed(errors);
  return targets;
}

/**
 * Creates one field per chosen feature, named from the chosen property under the unique-name rule, or gives an
 * existing field the feature's boundary (its croppings clipped to it), all in one transaction with one import
 * Event. Geometries are checked before the transaction starts, so a bad one stops the import with nothing
 * changed.
 */
export async function commitImport(
  db: Db,
  caller: Caller,
  body: ImportCommitRequest,
): Promise<ImportCommitResponse> {
  const targets = replaceTargets(body.Features);
  const converted = await convertGeometries(
    db,
    body.Features.map((feature) =>
      feature.Geometry.type === 'Polygon' ? [feature.Geometry.coordinates] : feature.Geometry.coordinates,
    ),
    4326,
  );
  const errors = converted.flatMap((result, index) =>
    result.ok
      ? []
      : [{ Field: `Features.${index}.Geometry`, Message: `Feature ${index + 1}: ${result.reason}` }],
  );
  if (errors.length > 0) throw validationFailed(errors);
  const stored = converted as Extract<ConvertedGeometry, { ok: true }>[];

  return db.transaction(async (tx) => {
    await lockHoldingFields(tx, caller.holdingId);
    const found = await selectFieldsForReplace(tx, caller.holdingId, targets);
    const missing = targets.find((id) => !found.some((field) => field.id === id));
    if (missing !== undefined) {
      const index = body.Features.findIndex((feature) => feature.ReplaceFieldId === missing);
      throw validationFailed([
        {
          Field: `Features.${index}.ReplaceFieldId`,
          Code: 'featureReplaceMissing',
          Params: { number: index + 1 },
        },
      ]);
    }
    const taken = await selectFieldNames(tx, caller.holdingId);
    const creates = body.Features.map((feature, index) => ({ feature, index })).filter(
      ({ feature }) => feature.Action !== 'replace',
    );
    const rows = creates.map(({ feature, index }, ord) => {
      // Cut before numbering, so that the ' (2)' suffix survives the column's length.
      const wanted = (propertyText(feature.Properties, body.NameProperty) ?? defaultImportedFieldName).slice(
        0,
        190,
      );
      const name = uniqueName(wanted, taken);
      taken.push(name);
      return {
        ord,
        name,
        number: propertyText(feature.Properties, body.FieldNumberProperty)?.slice(0, 50) ?? null,
        grp: propertyText(feature.Properties, body.FieldGroupProperty)?.slice(0, 100) ?? null,
        ewkb: stored[index]!.ewkbHex,
        area: stored[index]!.areaHa,
      };
    });
    const fields = await insertFields(tx, caller, rows);
    const replaced = await replaceBoundaries(
      tx,
      caller.holdingId,
      body.Features.flatMap((feature, index) =>
        feature.Action === 'replace'
          ? [{ fieldId: feature.ReplaceFieldId!, ewkb: stored[index]!.ewkbHex, area: stored[index]!.areaHa }]
          : [],
      ),
    );
    const totalArea = roundTo(
      stored.reduce((sum, row) => sum + row.areaHa, 0),
      2,
    );
    await recordEvent(tx, caller.actor, {
      action: EventAction.Import,
      source: Module.Fields,
      objectType: 'Field',
      data: {
        Name: body.FileName ?? 'Field boundaries',
        Area: totalArea,
        Count: fields.length,
        Replaced: replaced.fields.length,
        YearId: caller.yearId,
      },
    });
    return {
      Fields: fields,
      Replaced: replaced.fields.map((row) => ({
        FieldId: row.id,
        Name: row.name,
        BoundaryArea: roundArea(row.boundary_area),
      })),
      ClippedCroppings: replaced.clipped,
    };
  });
}

async function insertFields(
  tx: Db,
  caller: Caller,
  rows: {
    ord: number;
    name: string;
    number: string | null;
    grp: string | null;
    ewkb: string;
    area: number;
  }[],
): Promise<ImportCommitResponse['Fields']> {
  if (rows.length === 0) return [];
  const inserted = await sqlRows<{ id: number; name: string; boundary_area: number }>(
    tx,
    sql`
    INSERT INTO fields (holding_id, name, field_number, field_group, boundary, area_type, boundary_area, nvz)
    SELECT ${caller.holdingId}, r.name, r.number, r.grp, ST_GeomFromEWKB(decode(r.ewkb, 'hex')), 'Boundary', r.area,
           (SELECT nvz FROM holdings WHERE id = ${caller.holdingId})
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS r(ord int, name text, number text, grp text, ewkb text, area numeric)
     ORDER BY r.ord
    RETURNING id, name, boundary_area::float8 AS boundary_area`,
  );
  const ids = inserted.map((row) => row.id);
  await tx.execute(sql`
    INSERT INTO field_years (field_id, year_id, disabled)
    SELECT f.id, y.year_id, false
      FROM unnest(${`{${ids.join(',')}}`}::int[]) AS f(id)
      CROSS JOIN holding_crop_years y
     WHERE y.holding_id = ${caller.holdingId}`);
  const byName = new Map(inserted.map((row) => [row.name, row]));
  return rows.map((row) => {
    const created = byName.get(row.name)!;
    return { FieldId: created.id, Name: created.name, BoundaryArea: roundArea(created.boundary_area) };
  });
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export { convertGeometries } from './convertGeometries.ts';
