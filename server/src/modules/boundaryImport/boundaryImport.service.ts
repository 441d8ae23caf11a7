import { sql } from 'drizzle-orm';
import {
  Srid,
  type ImportCommitRequest,
  type ImportCommitResponse,
  type ImportPreviewResponse,
} from '@headland/domain/api/fieldsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { uniqueName } from '@headland/domain/uniqueName';
import { roundArea, roundTo } from '@headland/domain/units';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, validationFailed } from '../../http/httpErrors.ts';
import type { FieldsCaller } from '../fields/fieldsCaller.ts';
import { lockHoldingFields, selectFieldNames } from '../fields/fields.queries.ts';
import { convertGeometries } from './convertGeometries.ts';
import {
  ImportFileError,
  type ImportProperty,
  type ImportedLayer,
  type PolygonCoordinates,
} from './importedLayer.ts';
import { readBoundaryFile } from './readBoundaryFile.ts';
import { sqlRows } from '../session/sqlRows.ts';

export const noPolygonReason = 'The feature has no polygon.';

/** Name given to an imported field whose chosen property is empty. */
export const defaultImportedFieldName = 'Field';

function readLayer(bytes: Uint8Array): ImportedLayer {
  try {
    return readBoundaryFile(bytes);
  } catch (error) {
    if (error instanceof ImportFileError) throw badRequest(error.message);
    throw error;
  }
}

/** Reads a boundary file and answers its polygon features in 4326 with their areas; nothing is stored. */
export async function previewImport(db: Db, bytes: Uint8Array): Promise<ImportPreviewResponse> {
  const layer = readLayer(bytes);
  const withPolygons = layer.features
    .map((feature, index) => ({ feature, index }))
    .filter(({ feature }) => feature.polygons !== null);
  const converted = await convertGeometries(
    db,
    withPolygons.map(({ feature }) => feature.polygons as PolygonCoordinates[]),
    layer.srid,
  );
  const propertyNames = new Set<string>();
  for (const feature of layer.features)
    for (const name of Object.keys(feature.properties)) propertyNames.add(name);

  const response: ImportPreviewResponse = {
    Format: layer.format,
    SourceSrid: layer.srid,
    PropertyNames: [...propertyNames],
    Features: [],
    Skipped: [],
  };
  const convertedByIndex = new Map(withPolygons.map(({ index }, position) => [index, converted[position]!]));
  layer.features.forEach((feature, index) => {
    const result = convertedByIndex.get(index);
    if (!result) response.Skipped.push({ Index: index, Reason: noPolygonReason });
    else if (!result.ok) response.Skipped.push({ Index: index, Reason: result.reason });
    else {
      response.Features.push({
        Index: index,
        Properties: feature.properties,
        Geometry: result.geometry,
        Area: roundArea(result.areaHa),
      });
    }
  });
  if (response.Features.length === 0) {
    throw badRequest('The file holds no polygon that can be imported as a field boundary.');
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

/**
 * Creates one field per chosen feature, named from the chosen property under the unique-name rule, all in one
 * transaction with one import Event. Geometries are checked before the transaction starts, so a bad one stops
 * the import with nothing created.
 */
export async function commitImport(
  db: Db,
  caller: FieldsCaller,
  body: ImportCommitRequest,
): Promise<ImportCommitResponse> {
  const converted = await convertGeometries(
    db,
    body.Features.map((feature) =>
      feature.Geometry.type === 'Polygon' ? [feature.Geometry.coordinates] : feature.Geometry.coordinates,
    ),
    Srid.Wgs84,
  );
  const errors = converted.flatMap((result, index) =>
    result.ok
      ? []
      : [{ Field: `Features.${index}.Geometry`, Message: `Feature ${index + 1}: ${result.reason}` }],
  );
  if (errors.length > 0) throw validationFailed(errors);

  return db.transaction(async (tx) => {
    await lockHoldingFields(tx, caller.holdingId);
    const taken = await selectFieldNames(tx, caller.holdingId);
    const rows = body.Features.map((feature, index) => {
      // Cut before numbering, so that the ' (2)' suffix survives the column's length.
      const wanted = (propertyText(feature.Properties, body.NameProperty) ?? defaultImportedFieldName).slice(
        0,
        190,
      );
      const name = uniqueName(wanted, taken);
      taken.push(name);
      const geometry = converted[index] as Extract<(typeof converted)[number], { ok: true }>;
      return {
        ord: index,
        name,
        number: propertyText(feature.Properties, body.FieldNumberProperty)?.slice(0, 50) ?? null,
        grp: propertyText(feature.Properties, body.FieldGroupProperty)?.slice(0, 100) ?? null,
        ewkb: geometry.ewkbHex,
        area: geometry.areaHa,
      };
    });
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
    const fields = rows.map((row) => {
      const stored = byName.get(row.name)!;
      return { FieldId: stored.id, Name: stored.name, BoundaryArea: roundArea(stored.boundary_area) };
    });
    const totalArea = roundTo(
      rows.reduce((sum, row) => sum + row.area, 0),
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
        YearId: caller.yearId,
      },
    });
    return { Fields: fields };
  });
}
