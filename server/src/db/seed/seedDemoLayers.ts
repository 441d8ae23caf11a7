import { sql } from 'drizzle-orm';
import { fertiliserProductOf } from '@headland/domain/layers/fertiliserProducts';
import { LayerTypeId, MapScope, YieldSubtype } from '@headland/domain/layers/layerTypes';
import { NutrientType } from '@headland/domain/layers/nutrients';
import { nutrientRateFor, productRateFor, zoneRequirement } from '@headland/domain/layers/recommendations';
import { RateUnitId } from '@headland/domain/layers/rateUnits';
import type { Db } from '../database.ts';
import { sqlRows } from '../sqlRows.ts';

/** Soil sampling rounds: the crop year and the day the samples were taken (autumn, after harvest). */
const soilRounds = [
  { year: 2024, date: '2023-10-14', drift: 0.92 },
  { year: 2027, date: '2026-10-20', drift: 1 },
] as const;

/** The last three harvests, each on its harvest day. */
const harvests = [
  { year: 2024, date: '2024-08-12' },
  { year: 2025, date: '2025-08-09' },
  { year: 2026, date: '2026-08-14' },
] as const;

/** The demo application plan: phosphate for the 2027 crops from the autumn 2026 samples, as TSP. */
const planName = 'Autumn 2026 phosphate';
const planProductId = 3;

/**
 * A smooth pattern between 0 and 1 over a field's grid cells, different per field: soil and yield vary from
 * corner to corner as real ones do, and the same demo always looks the same.
 */
const pattern = (i: ReturnType<typeof sql>, j: ReturnType<typeof sql>, seed: ReturnType<typeof sql>) =>
  sql`(0.5 + 0.5 * sin((${i}) * 0.9 + (${j}) * 0.55 + (${seed})) * cos((${j}) * 0.7 - (${i}) * 0.35 + (${seed}) / 3.0))`;

/**
 * The fields of a holding cut into grid cells of about `metres` square (Web Mercator squares scaled by the
 * field's latitude), each cut to the field's boundary: the zones of the demo layers.
 */
const fieldCells = (holdingId: number, metres: number) => sql`
  SELECT field_id, i, j,
         ST_Multi(CASE WHEN ST_Covers(boundary, cell) THEN cell
                       ELSE ST_CollectionExtract(ST_Intersection(cell, boundary), 3) END) AS geom
    FROM (SELECT f.id AS field_id, f.boundary, g.i, g.j, ST_Transform(g.geom, 4326) AS cell
            FROM fields f,
                 ST_SquareGrid(${metres}::float8 / cos(radians(ST_Y(ST_Centroid(f.boundary)))), ST_Transform(f.boundary, 3857)) g
           WHERE f.holding_id = ${holdingId} AND f.boundary IS NOT NULL
             AND ST_Intersects(ST_Transform(f.boundary, 3857), g.geom)) cells`;

/**
 * Data layers of a demo holding, at its fields' real places: soil analyses (P, K and Mg in mg/l, the P index
 * and pH) of two sampling rounds, yield maps of the last three harvests, and one application plan (phosphate
 * requirement of the 2027 crops and TSP rates). A few statements per holding, so that seeding stays quick.
 */
export async function seedDemoLayers(db: Db, holdingId: number): Promise<void> {
  const soilTypes = [
    { typeId: LayerTypeId.SoilPhosphorus, unit: 'Ppm', name: 'P mg/l' },
    { typeId: LayerTypeId.SoilPhosphorus, unit: 'Index', name: 'P Index' },
    { typeId: LayerTypeId.SoilPotassium, unit: 'Ppm', name: 'K mg/l' },
    { typeId: LayerTypeId.SoilMagnesium, unit: 'Ppm', name: 'Mg mg/l' },
    { typeId: LayerTypeId.SoilPh, unit: 'pH', name: 'pH' },
  ];
  const rounds = JSON.stringify(
    soilRounds.flatMap((round) =>
      soilTypes.map((type) => ({
        type_id: type.typeId,
        year: round.year,
        date: round.date,
        name: type.name,
        unit: type.unit,
      })),
    ),
  );
  await db.execute(sql`
    INSERT INTO data_layers (holding_id, type_id, scope, field_id, year_id, layer_date, name, unit, style)
    SELECT ${holdingId}, r.type_id, ${MapScope.Field}, f.id, r.year, r.date::date, r.name || ' ' || r.year, r.unit,
           json_build_object('Gradient', CASE r.type_id WHEN 11 THEN 'P2O5' WHEN 12 THEN 'K2O' WHEN 13 THEN 'MgO' ELSE 'pH' END,
                             'Colour', NULL, 'Opacity', NULL)::jsonb
      FROM fields f, json_to_recordset(${rounds}::json)
           AS r(type_id int, year int, date text, name text, unit text)
     WHERE f.holding_id = ${holdingId}`);
  const drift = sql`(CASE l.year_id WHEN 2024 THEN ${soilRounds[0].drift}::float8 ELSE 1 END)`;
  const n = pattern(sql`c.i`, sql`c.j`, sql`c.field_id`);
  const phosphorus = sql`round(((6 + 34 * ${n}) * ${drift})::numeric)::float8`;
  await db.execute(sql`
    WITH c AS MATERIALIZED (${fieldCells(holdingId, 100)})
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, geom, area_ha)
    SELECT l.id, row_number() OVER (PARTITION BY l.id ORDER BY c.i, c.j), v.value, v.value, c.field_id, c.geom,
           ST_Area(c.geom::geography) / 10000
      FROM c JOIN data_layers l ON l.field_id = c.field_id AND l.holding_id = ${holdingId} AND l.type_id IN (10, 11, 12, 13),
           LATERAL (SELECT CASE
             WHEN l.type_id = 11 AND l.unit = 'Index' THEN
               CASE WHEN ${phosphorus} <= 9 THEN 0 WHEN ${phosphorus} <= 15 THEN 1 WHEN ${phosphorus} <= 25 THEN 2
                    WHEN ${phosphorus} <= 45 THEN 3 ELSE 4 END
             WHEN l.type_id = 11 THEN ${phosphorus}
             WHEN l.type_id = 12 THEN round(((80 + 220 * (1 - ${n})) * ${drift})::numeric)::float8
             WHEN l.type_id = 13 THEN round((35 + 140 * ${pattern(sql`c.j`, sql`c.i`, sql`c.field_id`)})::numeric)::float8
             ELSE round((5.5 + 2.0 * ${pattern(sql`c.i + 3`, sql`c.j`, sql`c.field_id`)})::numeric, 1)::float8 END AS value) v
     WHERE NOT ST_IsEmpty(c.geom) AND ST_Area(c.geom::geography) > 100`);

  // Yield maps of the combinable crops (grass and fields in grass that year have none).
  const yieldRows = JSON.stringify(harvests);
  await db.execute(sql`
    INSERT INTO data_layers (holding_id, type_id, subtype_id, scope, field_id, crop_id, year_id, layer_date, name, unit, style)
    SELECT ${holdingId}, ${LayerTypeId.Yield}, ${YieldSubtype.ActualYield}, ${MapScope.Field}, f.id, c.crop_id, h.year,
           h.date::date, 'Yield ' || h.year, 't/ha', '{"Gradient":"yield","Colour":null,"Opacity":null}'::jsonb
      FROM fields f CROSS JOIN json_to_recordset(${yieldRows}::json) AS h(year int, date text)
      LEFT JOIN LATERAL (SELECT crop_id FROM croppings WHERE field_id = f.id AND year_id = h.year ORDER BY id LIMIT 1) c ON true
     WHERE f.holding_id = ${holdingId}
       AND NOT EXISTS (SELECT 1 FROM croppings g JOIN crops k ON k.id = g.crop_id
                        WHERE g.field_id = f.id AND g.year_id = 2025 AND k.category = 10)`);
  const base = sql`CASE WHEN l.crop_id IN (1020, 1021) THEN 3.8 WHEN l.crop_id = 13 THEN 48 WHEN l.crop_id = 18 THEN 78
                        WHEN l.crop_id IN (1023, 1024, 1025) THEN 4.4 WHEN l.crop_id IN (1, 2) THEN 9.2 ELSE 7.6 END`;
  await db.execute(sql`
    WITH c AS MATERIALIZED (${fieldCells(holdingId, 50)})
    INSERT INTO layer_zones (layer_id, value, init_value, field_id, geom, area_ha)
    SELECT l.id, v.value, v.value, c.field_id, c.geom, ST_Area(c.geom::geography) / 10000
      FROM c JOIN data_layers l ON l.field_id = c.field_id AND l.holding_id = ${holdingId} AND l.type_id = ${LayerTypeId.Yield},
           LATERAL (SELECT round((${base} * (0.78 + 0.4 * ${pattern(sql`c.i / 2.0`, sql`c.j / 2.0`, sql`c.field_id + l.year_id`)}))::numeric, 2)::float8 AS value) v
     WHERE NOT ST_IsEmpty(c.geom) AND ST_Area(c.geom::geography) > 20`);

  await seedApplicationPlan(db, holdingId);
  await db.execute(sql`
    UPDATE data_layers l SET zone_count = s.n, min_value = s.lo, max_value = s.hi
      FROM (SELECT layer_id, count(*)::int AS n, min(value) AS lo, max(value) AS hi FROM layer_zones z
              JOIN data_layers d ON d.id = z.layer_id WHERE d.holding_id = ${holdingId} GROUP BY layer_id) s
     WHERE l.id = s.layer_id`);
}

/** Phosphate requirement of each 2027 cropping from the autumn 2026 P samples (RB209), and TSP to meet it. */
async function seedApplicationPlan(db: Db, holdingId: number): Promise<void> {
  const sampled = await sqlRows<{
    zone_id: number;
    soil_layer_id: number;
    cropping_id: number;
    crop_id: number;
    field_id: number;
    value: number;
  }>(
    db,
    sql`SELECT z.id AS zone_id, l.id AS soil_layer_id, c.id AS cropping_id, c.crop_id, c.field_id, z.value
          FROM data_layers l
          JOIN layer_zones z ON z.layer_id = l.id
          JOIN LATERAL (SELECT id, crop_id, field_id FROM croppings WHERE field_id = l.field_id AND year_id = 2027
                          AND crop_id <> 0 ORDER BY id LIMIT 1) c ON true
         WHERE l.holding_id = ${holdingId} AND l.type_id = ${LayerTypeId.SoilPhosphorus} AND l.unit = 'Ppm' AND l.year_id = 2027`,
  );
  // The plan covers the croppings whose crop has a published table at its standard yield.
  const zones = sampled.filter(
    (zone) => zoneRequirement(NutrientType.P2O5, zone.value, 'Ppm', zone.crop_id) !== null,
  );
  const product = fertiliserProductOf(planProductId)!;
  const croppings = [...new Map(zones.map((zone) => [zone.cropping_id, zone])).values()];
  if (croppings.length === 0) return;
  const created = await sqlRows<{ id: number; cropping_id: number; type_id: number }>(
    db,
    sql`INSERT INTO data_layers (holding_id, type_id, scope, field_id, cropping_id, crop_id, parent_id, year_id, name, unit,
                                 nutrient_id, product_id, rate_unit_id, plan_name, calculated, style, recommendation_method)
        SELECT ${holdingId}::int, t.type_id, ${MapScope.Cropping}::int, r.field_id, r.cropping_id, r.crop_id, r.soil_layer_id, 2027,
               CASE WHEN t.type_id = ${LayerTypeId.NutrientRequirement} THEN 'P2O5 requirement 2027' ELSE ${product.Name} || ' 2027' END,
               'kg/ha',
               ${NutrientType.P2O5}::int,
               CASE WHEN t.type_id = ${LayerTypeId.Application} THEN ${product.Id}::int END,
               CASE WHEN t.type_id = ${LayerTypeId.Application} THEN ${RateUnitId.KgHa}::int END,
               CASE WHEN t.type_id = ${LayerTypeId.Application} THEN ${planName} END, true,
               json_build_object('Gradient', CASE WHEN t.type_id = ${LayerTypeId.NutrientRequirement} THEN 'P2O5' ELSE 'default' END,
                                 'Colour', NULL, 'Opacity', NULL)::jsonb,
               CASE WHEN t.type_id = ${LayerTypeId.NutrientRequirement} THEN 'RB209' END
          FROM json_to_recordset(${JSON.stringify(croppings)}::json) AS r(cropping_id int, crop_id int, field_id int, soil_layer_id int),
               (VALUES (${LayerTypeId.NutrientRequirement}::int), (${LayerTypeId.Application}::int)) AS t(type_id)
        RETURNING id, cropping_id, type_id`,
  );
  const layerOf = new Map(created.map((row) => [`${row.cropping_id}:${row.type_id}`, row.id]));
  // Application layers hang under their requirement layer.
  await db.execute(sql`
    UPDATE data_layers a SET parent_id = r.id FROM data_layers r
     WHERE a.holding_id = ${holdingId} AND a.type_id = ${LayerTypeId.Application} AND a.plan_name = ${planName}
       AND r.cropping_id = a.cropping_id AND r.type_id = ${LayerTypeId.NutrientRequirement}`);
  const values = zones.flatMap((zone) => {
    const requirement = zoneRequirement(NutrientType.P2O5, zone.value, 'Ppm', zone.crop_id) ?? 0;
    const rate = productRateFor(NutrientType.P2O5, requirement, product.P2O5) ?? 0;
    return [
      {
        zone_id: zone.zone_id,
        layer_id: layerOf.get(`${zone.cropping_id}:${LayerTypeId.NutrientRequirement}`),
        value: requirement,
        rate: null,
        supplied: null,
      },
      {
        zone_id: zone.zone_id,
        layer_id: layerOf.get(`${zone.cropping_id}:${LayerTypeId.Application}`),
        value: rate,
        rate,
        supplied: nutrientRateFor(NutrientType.P2O5, rate, product.P2O5),
      },
    ];
  });
  await db.execute(sql`
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, product_rate, init_product_rate, nutrient_rate, geom, area_ha)
    SELECT v.layer_id, z.zone_number, v.value, v.value, z.field_id, v.rate, v.rate, v.supplied, z.geom, z.area_ha
      FROM json_to_recordset(${JSON.stringify(values)}::json) AS v(zone_id int, layer_id int, value float8, rate float8, supplied float8)
      JOIN layer_zones z ON z.id = v.zone_id`);
}
