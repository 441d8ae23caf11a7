import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import type {
  CroppingsFile,
  FieldsFile,
  HoldingArchive,
  LayersFile,
  SettingsFile,
} from './holdingArchive.schema.ts';

// Each row is built as JSON by the database, so that numbers, dates (YYYY-MM-DD), timestamps (ISO 8601 with
// offset) and geometries (GeoJSON) come out the same whichever driver runs the query. ST_AsGeoJSON with 17
// decimals loses nothing of a double, so boundaries survive the round trip exactly.

async function jsonRows<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const rows = await sqlRows<{ row: Row | string }>(db, query);
  return rows.map((entry) => (typeof entry.row === 'string' ? (JSON.parse(entry.row) as Row) : entry.row));
}

export async function exportHoldingFile(
  db: Db,
  holdingId: number,
): Promise<HoldingArchive['holding'] | null> {
  const [row] = await jsonRows<HoldingArchive['holding']>(
    db,
    sql`SELECT json_build_object('tradingName', trading_name, 'accountNumber', account_number, 'address', address,
                 'townId', town_id, 'regionId', region_id, 'businessId', business_id, 'nvz', nvz,
                 'pSorpCapacity', p_sorp_capacity, 'weatherStationId', weather_station_id,
                 'excludeFromUserReports', exclude_from_user_reports, 'canChangeRegion', can_change_region,
                 'satellite', satellite, 'features', features) AS row
          FROM holdings WHERE id = ${holdingId}`,
  );
  return row ?? null;
}

export async function exportCropYears(db: Db, holdingId: number): Promise<HoldingArchive['cropYears']> {
  return jsonRows(
    db,
    sql`SELECT json_build_object('yearId', year_id, 'totalArea', total_area,
                 'grasslandDerogationNumber', grassland_derogation_number, 'pkModel', pk_model) AS row
          FROM holding_crop_years WHERE holding_id = ${holdingId} ORDER BY year_id`,
  );
}

export async function exportWeather(db: Db, holdingId: number): Promise<HoldingArchive['weather']> {
  return jsonRows(
    db,
    sql`SELECT json_build_object('year', year, 'month', month, 'rainfall', rainfall) AS row
          FROM holding_weather WHERE holding_id = ${holdingId} ORDER BY year, month`,
  );
}

export async function exportFields(db: Db, holdingId: number): Promise<FieldsFile> {
  const rows = await jsonRows<FieldsFile['features'][number]>(
    db,
    sql`SELECT json_build_object(
                 'type', 'Feature', 'id', f.id, 'geometry', ST_AsGeoJSON(f.boundary, 17)::json,
                 'properties', json_build_object(
                   'id', f.id, 'name', f.name, 'fieldNumber', f.field_number, 'fieldGroup', f.field_group,
                   'areaType', f.area_type, 'boundaryArea', f.boundary_area, 'workingArea', f.working_area,
                   'wholeArea', f.whole_area, 'manureSpreadArea', f.manure_spread_area,
                   'ignoreBoundary', f.ignore_boundary, 'nvz', f.nvz, 'createdAt', f.created_at,
                   'updatedAt', f.updated_at, 'version', f.version,
                   'years', coalesce((SELECT json_agg(json_build_object('yearId', y.year_id, 'disabled', y.disabled)
                                              ORDER BY y.year_id)
                                        FROM field_years y WHERE y.field_id = f.id), '[]'::json))) AS row
          FROM fields f WHERE f.holding_id = ${holdingId} ORDER BY f.id`,
  );
  return { type: 'FeatureCollection', features: rows };
}

export async function exportCroppings(db: Db, holdingId: number): Promise<CroppingsFile> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
                 'id', c.id, 'fieldId', c.field_id, 'yearId', c.year_id, 'plotId', c.plot_id, 'batchId', c.batch_id,
                 'startDate', c.start_date, 'endDate', c.end_date, 'sowingDate', c.sowing_date,
                 'harvestDate', c.harvest_date, 'destructionDate', c.destruction_date, 'destroyed', c.destroyed,
                 'cropId', c.crop_id, 'cropName', c.crop_name, 'cropDescr', c.crop_descr, 'varietyId', c.variety_id,
                 'varietyName', c.variety_name, 'market', c.market, 'area', c.area,
                 'boundary', ST_AsGeoJSON(c.boundary, 17)::json, 'managementOptions', c.management_options,
                 'manureSpreadArea', c.manure_spread_area, 'attributes', c.attributes,
                 'createdAt', c.created_at, 'updatedAt', c.updated_at, 'version', c.version) AS row
          FROM croppings c WHERE c.holding_id = ${holdingId} ORDER BY c.id`,
  );
}

/** The holding-wide settings and the exporting user's own settings on the holding. */
export async function exportSettings(db: Db, holdingId: number, userId: number): Promise<SettingsFile> {
  return jsonRows(
    db,
    sql`SELECT json_build_object('scope', CASE WHEN user_id IS NULL THEN 'holding' ELSE 'user' END,
                 'key', key, 'value', value) AS row
          FROM settings WHERE holding_id = ${holdingId} AND (user_id IS NULL OR user_id = ${userId})
         ORDER BY user_id NULLS FIRST, key`,
  );
}

/**
 * The holding's data layers, each with its zones (a picture named by its stored name in the library) and its
 * points as [longitude, latitude, value].
 */
export async function exportLayers(db: Db, holdingId: number): Promise<LayersFile> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
                 'id', l.id, 'typeId', l.type_id, 'subtypeId', l.subtype_id, 'scope', l.scope, 'fieldId', l.field_id,
                 'croppingId', l.cropping_id, 'cropId', l.crop_id, 'parentId', l.parent_id, 'yearId', l.year_id,
                 'layerDate', l.layer_date, 'name', l.name, 'unit', l.unit, 'nutrientId', l.nutrient_id,
                 'productId', l.product_id, 'rateUnitId', l.rate_unit_id, 'planName', l.plan_name,
                 'calculated', l.calculated, 'recommendationMethod', l.recommendation_method,
                 'recommendation', l.recommendation, 'inactive', l.inactive, 'showZoneNumbers', l.show_zone_numbers,
                 'showStroke', l.show_stroke, 'ranges', l.ranges, 'style', l.style, 'minValue', l.min_value,
                 'maxValue', l.max_value, 'createdAt', l.created_at, 'updatedAt', l.updated_at,
                 'zones', coalesce((
                   SELECT json_agg(json_build_object(
                            'zoneNumber', z.zone_number, 'value', z.value, 'initValue', z.init_value, 'label', z.label,
                            'document', d.storage_name, 'fieldId', z.field_id, 'buffer', z.buffer,
                            'bufferLine', ST_AsGeoJSON(z.buffer_line, 17)::json, 'userDefined', z.user_defined,
                            'regularShape', z.regular_shape, 'style', z.style, 'labelStyle', z.label_style,
                            'productRate', z.product_rate, 'nutrientRate', z.nutrient_rate,
                            'initProductRate', z.init_product_rate, 'geometry', ST_AsGeoJSON(z.geom, 17)::json)
                          ORDER BY z.id)
                     FROM layer_zones z LEFT JOIN import_documents d ON d.id = z.document_id
                    WHERE z.layer_id = l.id), '[]'::json),
                 'points', coalesce((
                   SELECT json_agg(json_build_array(ST_X(p.geom), ST_Y(p.geom), p.value) ORDER BY p.id)
                     FROM layer_points p WHERE p.layer_id = l.id), '[]'::json)) AS row
          FROM data_layers l WHERE l.holding_id = ${holdingId} ORDER BY l.id`,
  );
}

/** Which of `ids` exist in a reference table. */
export async function existingIds(
  db: Db,
  table: 'towns' | 'regions' | 'businesses' | 'weather_stations' | 'crops' | 'varieties',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ANY (${`{${ids.join(',')}}`}::int[])`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Takes `count` ids of a serial column's sequence, so that rows can be inserted with known ids. */
export async function allocateIds(
  db: Db,
  table: 'fields' | 'croppings' | 'data_layers',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await sqlRows<{ id: number | string }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${count})`,
  );
  return rows.map((row) => Number(row.id));
}

/** A boundary PostGIS already checked, as hex EWKB of a 4326 MultiPolygon. */
const geometryFromEwkb = (column: ReturnType<typeof sql>) =>
  sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ST_GeomFromEWKB(decode(${column}, 'hex')) END`;

/** The holdings the user belongs to whose account number is `accountNumber`, ignoring case and spaces. */
export async function selectSameAccountHoldings(
  db: Db,
  userId: number,
  accountNumber: string,
): Promise<{ id: number; trading_name: string }[]> {
  return sqlRows<{ id: number; trading_name: string }>(
    db,
    sql`SELECT h.id, h.trading_name FROM holdings h
          JOIN holding_users hu ON hu.holding_id = h.id AND hu.user_id = ${userId}
         WHERE lower(regexp_replace(h.account_number, '\s', '', 'g'))
               = lower(regexp_replace(${accountNumber}, '\s', '', 'g'))
         ORDER BY h.id`,
  );
}

/**
 * Empties a holding for an import that replaces it: its fields (and with them their croppings, crop years of
 * fields and cropping permissions), data layers, crop years, weather, holding-wide settings and the importer's own settings.
 */
export async function clearHoldingContents(db: Db, holdingId: number, userId: number): Promise<void> {
  // Holding-wide layers first: those of fields and croppings go with them.
  await db.execute(sql`DELETE FROM data_layers WHERE holding_id = ${holdingId}`);
  await db.execute(sql`DELETE FROM fields WHERE holding_id = ${holdingId}`);
  await db.execute(sql`DELETE FROM holding_crop_years WHERE holding_id = ${holdingId}`);
  await db.execute(sql`DELETE FROM holding_weather WHERE holding_id = ${holdingId}`);
  await db.execute(
    sql`DELETE FROM settings WHERE holding_id = ${holdingId} AND (user_id IS NULL OR user_id = ${userId})`,
  );
}

/** Inserts fields (already given their new ids) and their crop years. */
export async function insertFields(
  db: Db,
  holdingId: number,
  rows: {
    newId: number;
    /** Checked and measured by PostGIS; the file's own boundary area is never used. */
    boundary: { ewkb: string; area: number } | null;
    properties: FieldsFile['features'][number]['properties'];
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map(({ newId, boundary, properties: p }) => ({
    id: newId,
    name: p.name,
    field_number: p.fieldNumber,
    field_group: p.fieldGroup,
    boundary: boundary?.ewkb ?? null,
    area_type: p.areaType,
    boundary_area: boundary?.area ?? null,
    working_area: p.workingArea,
    whole_area: p.wholeArea,
    manure_spread_area: p.manureSpreadArea,
    ignore_boundary: p.ignoreBoundary,
    nvz: p.nvz,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  }));
  await db.execute(sql`
    INSERT INTO fields (id, holding_id, name, field_number, field_group, boundary, area_type, boundary_area,
                        working_area, whole_area, manure_spread_area, ignore_boundary, nvz, created_at, updated_at)
    SELECT r.id, ${holdingId}, r.name, r.field_number, r.field_group, ${geometryFromEwkb(sql`r.boundary`)},
           r.area_type, r.boundary_area, r.working_area, r.whole_area, r.manure_spread_area, r.ignore_boundary,
           r.nvz, r.created_at, r.updated_at
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
        id integer, name text, field_number text, field_group text, boundary text, area_type text,
        boundary_area numeric, working_area numeric, whole_area numeric, manure_spread_area numeric,
        ignore_boundary boolean, nvz boolean, created_at timestamptz, updated_at timestamptz)`);
  const years = rows.flatMap(({ newId, properties }) =>
    properties.years.map((year) => ({ field_id: newId, year_id: year.yearId, disabled: year.disabled })),
  );
  if (years.length === 0) return;
  await db.execute(sql`
    INSERT INTO field_years (field_id, year_id, disabled)
    SELECT r.field_id, r.year_id, r.disabled
      FROM jsonb_to_recordset(${JSON.stringify(years)}::jsonb) AS r(field_id integer, year_id integer, disabled boolean)`);
}

/** Inserts croppings whose ids and field ids are already the new ones, with boundaries PostGIS checked. */
export async function insertCroppings(
  db: Db,
  holdingId: number,
  rows: (CroppingsFile[number] & { boundaryEwkb: string | null })[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((c) => ({
    id: c.id,
    field_id: c.fieldId,
    year_id: c.yearId,
    plot_id: c.plotId,
    batch_id: c.batchId,
    start_date: c.startDate,
    end_date: c.endDate,
    sowing_date: c.sowingDate,
    harvest_date: c.harvestDate,
    destruction_date: c.destructionDate,
    destroyed: c.destroyed,
    crop_id: c.cropId,
    crop_name: c.cropName,
    crop_descr: c.cropDescr,
    variety_id: c.varietyId,
    variety_name: c.varietyName,
    market: c.market,
    area: c.area,
    boundary: c.boundaryEwkb,
    management_options: c.managementOptions,
    manure_spread_area: c.manureSpreadArea,
    attributes: c.attributes,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  }));
  await db.execute(sql`
    INSERT INTO croppings (id, holding_id, field_id, year_id, plot_id, batch_id, start_date, end_date, sowing_date,
                           harvest_date, destruction_date, destroyed, crop_id, crop_name, crop_descr, variety_id,
                           variety_name, market, area, boundary, management_options, manure_spread_area, attributes,
                           created_at, updated_at)
    SELECT r.id, ${holdingId}, r.field_id, r.year_id, r.plot_id, r.batch_id, r.start_date, r.end_date, r.sowing_date,
           r.harvest_date, r.destruction_date, r.destroyed, r.crop_id, r.crop_name, r.crop_descr, r.variety_id,
           r.variety_name, r.market, r.area, ${geometryFromEwkb(sql`r.boundary`)}, r.management_options,
           r.manure_spread_area, r.attributes, r.created_at, r.updated_at
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
        id integer, field_id integer, year_id integer, plot_id text, batch_id text, start_date date, end_date date,
        sowing_date date, harvest_date date, destruction_date date, destroyed boolean, crop_id integer,
        crop_name text, crop_descr text, variety_id integer, variety_name text, market text, area numeric,
        boundary text, management_options jsonb, manure_spread_area numeric, attributes jsonb,
        created_at timestamptz, updated_at timestamptz)`);
}

/**
 * Inserts data layers whose ids, fields, croppings and parents are already the new ones, then their zones
 * (geometry PostGIS checked, area PostGIS measured) and points, and sets each layer's zone and point counts.
 */
export async function insertLayers(
  db: Db,
  holdingId: number,
  rows: (Omit<LayersFile[number], 'zones' | 'points'> & {
    zones: (Omit<LayersFile[number]['zones'][number], 'document' | 'geometry'> & {
      documentId: number | null;
      ewkb: string;
      area: number;
    })[];
    points: LayersFile[number]['points'];
  })[],
): Promise<void> {
  if (rows.length === 0) return;
  const layers = rows.map((l) => ({
    id: l.id,
    type_id: l.typeId,
    subtype_id: l.subtypeId,
    scope: l.scope,
    field_id: l.fieldId,
    cropping_id: l.croppingId,
    crop_id: l.cropId,
    year_id: l.yearId,
    layer_date: l.layerDate,
    name: l.name,
    unit: l.unit,
    nutrient_id: l.nutrientId,
    product_id: l.productId,
    rate_unit_id: l.rateUnitId,
    plan_name: l.planName,
    calculated: l.calculated,
    recommendation_method: l.recommendationMethod,
    recommendation: l.recommendation,
    inactive: l.inactive,
    show_zone_numbers: l.showZoneNumbers,
    show_stroke: l.showStroke,
    ranges: l.ranges,
    style: l.style,
    zone_count: l.zones.length,
    point_count: l.points.length,
    min_value: l.minValue,
    max_value: l.maxValue,
    created_at: l.createdAt,
    updated_at: l.updatedAt,
  }));
  await db.execute(sql`
    INSERT INTO data_layers (id, holding_id, type_id, subtype_id, scope, field_id, cropping_id, crop_id, year_id,
                             layer_date, name, unit, nutrient_id, product_id, rate_unit_id, plan_name, calculated,
                             recommendation_method, recommendation, inactive, show_zone_numbers, show_stroke, ranges, style, zone_count, point_count,
                             min_value, max_value, created_at, updated_at)
    SELECT r.id, ${holdingId}, r.type_id, r.subtype_id, r.scope, r.field_id, r.cropping_id, r.crop_id, r.year_id,
           r.layer_date, r.name, r.unit, r.nutrient_id, r.product_id, r.rate_unit_id, r.plan_name, r.calculated,
           r.recommendation_method, r.recommendation, r.inactive, r.show_zone_numbers, r.show_stroke, r.ranges, r.style, r.zone_count, r.point_count,
           r.min_value, r.max_value, r.created_at, r.updated_at
      FROM jsonb_to_recordset(${JSON.stringify(layers)}::jsonb) AS r(
        id integer, type_id smallint, subtype_id smallint, scope smallint, field_id integer, cropping_id integer,
        crop_id integer, year_id integer, layer_date date, name text, unit text, nutrient_id smallint,
        product_id integer, rate_unit_id smallint, plan_name text, calculated boolean,
        recommendation_method text, recommendation jsonb, inactive boolean,
        show_zone_numbers boolean, show_stroke boolean, ranges jsonb, style jsonb, zone_count integer,
        point_count integer, min_value double precision, max_value double precision, created_at timestamptz,
        updated_at timestamptz)`);
  // Parents once every layer of the archive exists, since a child may come before its parent.
  const parents = rows.flatMap((l) => (l.parentId === null ? [] : [{ id: l.id, parent_id: l.parentId }]));
  if (parents.length) {
    await db.execute(sql`
      UPDATE data_layers l SET parent_id = r.parent_id
        FROM jsonb_to_recordset(${JSON.stringify(parents)}::jsonb) AS r(id integer, parent_id integer)
       WHERE l.id = r.id`);
  }
  const zones = rows.flatMap((l) =>
    l.zones.map((z) => ({
      layer_id: l.id,
      zone_number: z.zoneNumber,
      value: z.value,
      init_value: z.initValue,
      label: z.label,
      document_id: z.documentId,
      field_id: z.fieldId,
      buffer: z.buffer,
      buffer_line: z.bufferLine ? JSON.stringify(z.bufferLine) : null,
      user_defined: z.userDefined,
      regular_shape: z.regularShape,
      style: z.style,
      label_style: z.labelStyle,
      product_rate: z.productRate,
      nutrient_rate: z.nutrientRate,
      init_product_rate: z.initProductRate,
      geom: z.ewkb,
      area_ha: z.area,
    })),
  );
  // In slices, so that no statement carries more than a few megabytes of geometry.
  for (let start = 0; start < zones.length; start += 2_000) {
    const slice = zones.slice(start, start + 2_000);
    await db.execute(sql`
      INSERT INTO layer_zones (layer_id, zone_number, value, init_value, label, document_id, field_id, buffer,
                               buffer_line, user_defined, regular_shape, style, label_style, product_rate,
                               nutrient_rate, init_product_rate, geom, area_ha)
      SELECT r.layer_id, r.zone_number, r.value, r.init_value, r.label, r.document_id, r.field_id, r.buffer,
             CASE WHEN r.buffer_line IS NULL THEN NULL ELSE ST_SetSRID(ST_GeomFromGeoJSON(r.buffer_line), 4326) END,
             r.user_defined, r.regular_shape, r.style, r.label_style, r.product_rate, r.nutrient_rate,
             r.init_product_rate, ST_GeomFromEWKB(decode(r.geom, 'hex')), r.area_ha
        FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) AS r(
          layer_id integer, zone_number integer, value double precision, init_value double precision, label text,
          document_id integer, field_id integer, buffer double precision, buffer_line text, user_defined boolean,
          regular_shape jsonb, style jsonb, label_style jsonb, product_rate double precision,
          nutrient_rate double precision, init_product_rate double precision, geom text, area_ha double precision)`);
  }
  const points = rows.flatMap((l) => l.points.map(([lon, lat, value]) => [l.id, lon, lat, value]));
  for (let start = 0; start < points.length; start += 20_000) {
    const slice = points.slice(start, start + 20_000);
    await db.execute(sql`
      INSERT INTO layer_points (layer_id, value, geom)
      SELECT (p->>0)::integer, (p->>3)::double precision,
             ST_SetSRID(ST_MakePoint((p->>1)::double precision, (p->>2)::double precision), 4326)
        FROM jsonb_array_elements(${JSON.stringify(slice)}::jsonb) WITH ORDINALITY AS e(p, n) ORDER BY n`);
  }
}

/** The columns of a table, to check that the export knows every one of them. */
export async function tableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await sqlRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY column_name`,
  );
  return rows.map((row) => row.column_name);
}
