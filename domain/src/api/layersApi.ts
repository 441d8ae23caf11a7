import { z } from 'zod';
import { isoDateSchema } from '../isoDate.ts';
import { maxDbId } from '../inputLimits.ts';
import { layerTypeIds, MapScope, YieldSubtype } from '../layers/layerTypes.ts';
import { NutrientType, nutrientTypeIds } from '../layers/nutrients.ts';
import { rateUnitIds } from '../layers/rateUnits.ts';
import { RecommendationMethod, requirementBasisSchema } from '../layers/requirementBasis.ts';
import { PhosphateMethod, soilUnits } from '../layers/soil.ts';
import { maxMergeZones, RegularShapeType } from '../layers/zoneRules.ts';

/**
 * The data layers API (fields-croppings-maps §3 Data layer, Layer zone, Regular shape, Geometry; §4 Data layers,
 * Zone editing). Every path is under `/api/layers/v1`; see docs/layers-api.md for examples.
 *
 * - Layers are listed per holding and crop year WITHOUT geometry; a layer's zones and points are loaded on demand.
 * - Geometry answers follow the query parameter `geometryFormat` (§3 Geometry):
 *   - `wkb` (default): `Geometry.WellKnownBinary`, ISO WKB (little-endian), base64 (standard alphabet, padded);
 *   - `wkt`: `Geometry.WellKnownText`;
 *   - `binary1`: an `application/octet-stream` body: the numeric geometries followed by the JSON answer, whose
 *     zones or points then carry `Geometry: null` (see `domain/src/layers/binary1.ts` for the layout and a reader).
 * - Geometry is in EPSG:4326 unless `srid=27700` is asked for. Inputs are WKT in the `CoordinateSystemId` given.
 * - Areas are hectares measured by PostGIS on the spheroid.
 */

export const layersApiPrefix = '/api/layers/v1';

/** Route paths, Fastify style (`:param`). */
export const layersRoutes = {
  types: `${layersApiPrefix}/types`,
  list: `${layersApiPrefix}/holding/:holdingId/year/:yearId`,
  totals: `${layersApiPrefix}/holding/:holdingId/year/:yearId/totals`,
  create: `${layersApiPrefix}`,
  layer: `${layersApiPrefix}/:id`,
  zones: `${layersApiPrefix}/:id/zones`,
  points: `${layersApiPrefix}/:id/points`,
  zone: `${layersApiPrefix}/:id/zones/:zoneId`,
  zoneReset: `${layersApiPrefix}/:id/zones/:zoneId/reset`,
  addZone: `${layersApiPrefix}/:id/zones/add`,
  cutZones: `${layersApiPrefix}/:id/zones/cut`,
  splitZone: `${layersApiPrefix}/:id/zones/split`,
  mergeZones: `${layersApiPrefix}/:id/zones/merge`,
  restoreZones: `${layersApiPrefix}/:id/zones/restore`,
  resetLayer: `${layersApiPrefix}/:id/reset`,
  requirement: `${layersApiPrefix}/requirement`,
  application: `${layersApiPrefix}/application`,
  importPreview: `${layersApiPrefix}/import/preview`,
  importCommit: `${layersApiPrefix}/import/:importId/commit`,
  importTask: `${layersApiPrefix}/import/tasks/:taskId`,
} as const;

/** Fills a route path's parameters: `layersPath(layersRoutes.zones, { id: 4 })`. */
export function layersPath(route: string, params: Record<string, string | number>): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

export const GeometryFormat = { Wkt: 'wkt', Wkb: 'wkb', Binary1: 'binary1' } as const;
export type GeometryFormat = (typeof GeometryFormat)[keyof typeof GeometryFormat];
export const geometryFormats = [GeometryFormat.Wkt, GeometryFormat.Wkb, GeometryFormat.Binary1] as const;

const id = z.coerce.number().int().positive().max(maxDbId);
const bodyId = z.number().int().positive().max(maxDbId);
const yearSchema = z.coerce.number().int().min(1990).max(2100);
/** A finite number within what a zone value may be (far beyond any rate or analysis). */
const layerNumber = z.number().min(-1e9).max(1e9);
const rgbSchema = z.tuple([
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
]);
const sridSchema = z.union([z.literal(4326), z.literal(27700)]);

// ----------------------------------------------------------------------------------------------- geometry

/** A geometry as a request gives it: well-known text in 4326 (lon lat) or 27700 (easting northing). */
export const geometryInputSchema = z.object({
  WellKnownText: z.string().trim().min(1).max(2_000_000),
  CoordinateSystemId: sridSchema.default(4326),
});
export type GeometryInput = z.infer<typeof geometryInputSchema>;

/** A geometry in an answer: WKT or base64 WKB by `geometryFormat`; null in the JSON part of a binary1 answer. */
export const geometryAnswerSchema = z.object({
  WellKnownText: z.string().optional(),
  WellKnownBinary: z.string().optional(),
  CoordinateSystemId: sridSchema,
});
export type GeometryAnswer = z.infer<typeof geometryAnswerSchema>;

export const geometryQuerySchema = z.object({
  geometryFormat: z
    .enum(geometryFormats)
    .default(GeometryFormat.Wkb)
    .describe('wkt, wkb (base64 ISO WKB, the default) or binary1 (numeric geometries then the JSON answer).'),
  srid: z.coerce.number().pipe(sridSchema).default(4326).describe('Coordinate system of the geometries.'),
});
export type GeometryQuery = z.infer<typeof geometryQuerySchema>;

/** Zone operations answer the zones they touched in wkt or wkb (4326). */
export const zoneOperationQuerySchema = z.object({
  geometryFormat: z.enum([GeometryFormat.Wkt, GeometryFormat.Wkb]).default(GeometryFormat.Wkb),
});

// ------------------------------------------------------------------------------------------------ layers

/** One colour band of a layer's key legend (§3 Ranges). */
export const layerRangeSchema = z.object({
  Min: layerNumber.nullable(),
  Max: layerNumber.nullable(),
  FillColor: rgbSchema,
  Label: z.string().max(60),
});
export type LayerRange = z.infer<typeof layerRangeSchema>;

/** A layer's style: a named gradient (`default`, `P2O5`, `K2O`, `MgO`, `pH`...) or one colour. */
export const layerStyleSchema = z.object({
  Gradient: z.string().max(40).nullable(),
  Colour: rgbSchema.nullable(),
  Opacity: z.number().int().min(0).max(100).nullable(),
});
export type LayerStyle = z.infer<typeof layerStyleSchema>;

const nameSchema = z.string().trim().min(1).max(100);
const unitSchema = z.string().trim().min(1).max(40);

export const scopeSchema = z.union([
  z.literal(MapScope.Field),
  z.literal(MapScope.Cropping),
  z.literal(MapScope.Holding),
]);

/** A data layer as the list answers it: everything but its zones' and points' geometry. */
export const dataLayerSchema = z.object({
  DataLayerId: z.number().int(),
  TypeId: z.number().int(),
  GroupId: z.number().int(),
  SubtypeId: z.number().int().nullable(),
  Scope: scopeSchema,
  HoldingId: z.number().int(),
  FieldId: z.number().int().nullable(),
  CroppingId: z.number().int().nullable(),
  CropId: z.number().int().nullable(),
  ParentId: z.number().int().nullable(),
  Year: z.number().int(),
  /** The date of the sampling, harvest or image (yyyy-mm-dd). */
  Date: z.string().nullable(),
  Name: z.string(),
  Unit: z.string().nullable(),
  /** The nutrient of a requirement or application layer. */
  NutrientId: z.number().int().nullable(),
  /** The fertiliser product of an application layer (shared data `FertiliserProducts`). */
  ProductId: z.number().int().nullable(),
  RateUnitId: z.number().int().nullable(),
  PlanName: z.string().nullable(),
  Calculated: z.boolean(),
  Inactive: z.boolean(),
  ShowZoneNumbers: z.boolean(),
  ShowStroke: z.boolean(),
  Ranges: z.array(layerRangeSchema).nullable(),
  Style: layerStyleSchema.nullable(),
  ZoneCount: z.number().int(),
  HasPointData: z.boolean(),
  PointCount: z.number().int(),
  /** Smallest and largest zone or point value. */
  MinValue: z.number().nullable(),
  MaxValue: z.number().nullable(),
  /** How a requirement layer was worked out (RB209 or SRUC), kept when the holding's PK model changes. */
  RecommendationMethod: z.enum(RecommendationMethod).nullable(),
  /** What a requirement layer was worked out from: table, crop, expected yield, straw, soil indices. */
  Recommendation: requirementBasisSchema.nullable(),
  CreatedOn: z.string(),
  UpdatedOn: z.string(),
});
export type DataLayer = z.infer<typeof dataLayerSchema>;

export const layerListParamsSchema = z.object({ holdingId: id, yearId: yearSchema });
export const layerListResponseSchema = z.object({ Layers: z.array(dataLayerSchema) });
export type LayerListResponse = z.infer<typeof layerListResponseSchema>;

export const layerIdParamsSchema = z.object({ id });
export const zoneIdParamsSchema = z.object({ id, zoneId: id });

/** §3 Regular shape: a circle (Size1 = radius), rectangle (Size1 × Size2) or square (Size1), metres, degrees. */
export const regularShapeSchema = z.object({
  Type: z.enum([RegularShapeType.Circle, RegularShapeType.Rectangle, RegularShapeType.Square]),
  /** Centre as [lon, lat] in 4326. */
  Center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  Size1: z.number().positive().max(10_000),
  Size2: z.number().positive().max(10_000).nullable(),
  Angle: z.number().min(-360).max(360),
});
export type RegularShape = z.infer<typeof regularShapeSchema>;

export const zoneStyleSchema = z.object({
  FillColor: rgbSchema.nullable(),
  StrokeWidth: z.number().min(0).max(20).nullable(),
  LinePattern: z.string().max(20).nullable(),
  AutoLabel: z.boolean(),
});

/** A zone as a request writes it (create, edit). */
export const zoneInputSchema = z.object({
  /** §4: only empty or positive. */
  Number: z.number().int().positive().max(1_000_000).nullable().optional(),
  Value: layerNumber.nullable().optional(),
  Label: z.string().max(200).nullable().optional(),
  DocumentId: bodyId.nullable().optional(),
  UserDefined: z.boolean().optional(),
  ProductRate: layerNumber.min(0).nullable().optional(),
  Style: zoneStyleSchema.nullable().optional(),
  /** Width (m) of a buffer zone along its line. */
  Buffer: z.number().min(0).max(1_000).nullable().optional(),
});
export type ZoneInput = z.infer<typeof zoneInputSchema>;

export const layerZoneSchema = z.object({
  DataLayerZoneId: z.number().int(),
  LayerId: z.number().int(),
  Number: z.number().int().nullable(),
  Value: z.number().nullable(),
  /** The calculated value (requirement) or imported value, which Reset returns to. */
  InitValue: z.number().nullable(),
  Label: z.string().nullable(),
  DocumentId: z.number().int().nullable(),
  /** Hectares. */
  Area: z.number(),
  FieldId: z.number().int().nullable(),
  Buffer: z.number().nullable(),
  UserDefined: z.boolean(),
  RegularShape: regularShapeSchema.nullable(),
  Style: zoneStyleSchema.nullable(),
  /** Application zones: product rate (layer rate unit), nutrient rate (kg/ha), initial product rate. */
  ProductRate: z.number().nullable(),
  NutrientRate: z.number().nullable(),
  InitProductRate: z.number().nullable(),
  Geometry: geometryAnswerSchema.nullable(),
});
export type LayerZone = z.infer<typeof layerZoneSchema>;

export const zonesResponseSchema = z.object({
  Layer: dataLayerSchema,
  Zones: z.array(layerZoneSchema),
});
export type ZonesResponse = z.infer<typeof zonesResponseSchema>;

export const layerPointSchema = z.object({
  Id: z.number().int(),
  Value: z.number().nullable(),
  Geometry: geometryAnswerSchema.nullable(),
});
export const pointsResponseSchema = z.object({
  LayerId: z.number().int(),
  Points: z.array(layerPointSchema),
});
export type PointsResponse = z.infer<typeof pointsResponseSchema>;

/** POST /api/layers/v1: a new layer, with its zones (each with a geometry) if any. */
export const createLayerRequestSchema = z.object({
  TypeId: z.literal(layerTypeIds),
  SubtypeId: z
    .union([z.literal(YieldSubtype.ActualYield), z.literal(YieldSubtype.TargetYield)])
    .nullable()
    .optional(),
  Scope: scopeSchema,
  /** The session's holding. */
  HoldingId: bodyId,
  FieldId: bodyId.nullable().optional(),
  CroppingId: bodyId.nullable().optional(),
  Year: z.number().int().min(1990).max(2100),
  Date: isoDateSchema.nullable().optional(),
  Name: nameSchema,
  Unit: unitSchema.nullable().optional(),
  NutrientId: z.literal(nutrientTypeIds).nullable().optional(),
  ShowZoneNumbers: z.boolean().optional(),
  ShowStroke: z.boolean().optional(),
  Ranges: z.array(layerRangeSchema).max(30).nullable().optional(),
  Style: layerStyleSchema.nullable().optional(),
  Zones: z
    .array(
      zoneInputSchema.extend({
        Geometry: geometryInputSchema.optional(),
        RegularShape: regularShapeSchema.optional(),
      }),
    )
    .max(10_000)
    .optional(),
});
export type CreateLayerRequest = z.infer<typeof createLayerRequestSchema>;

/** PUT /api/layers/v1/{id}: the layer's own properties; absent keys are left as they are. */
export const editLayerRequestSchema = z.object({
  Name: nameSchema.optional(),
  Unit: unitSchema.nullable().optional(),
  Date: isoDateSchema.nullable().optional(),
  Inactive: z.boolean().optional(),
  ShowZoneNumbers: z.boolean().optional(),
  ShowStroke: z.boolean().optional(),
  Ranges: z.array(layerRangeSchema).max(30).nullable().optional(),
  Style: layerStyleSchema.nullable().optional(),
  PlanName: z.string().trim().min(1).max(100).nullable().optional(),
});
export type EditLayerRequest = z.infer<typeof editLayerRequestSchema>;

// ------------------------------------------------------------------------------------------ zone editing

/**
 * POST .../zones/add: a new zone on top. Its geometry (or regular shape) is made valid, cleaned (grid cleaning)
 * and subtracted from every overlapping zone of the layer: a zone left empty is removed, a zone left in several
 * parts keeps the largest and the others become new zones with its value.
 */
export const addZoneRequestSchema = zoneInputSchema.extend({
  Geometry: geometryInputSchema.optional(),
  RegularShape: regularShapeSchema.optional(),
});
export type AddZoneRequest = z.infer<typeof addZoneRequestSchema>;

/** POST .../zones/cut: the geometry is subtracted from overlapping zones (same rules as add) and kept as nothing. */
export const cutZonesRequestSchema = z.object({
  Geometry: geometryInputSchema.optional(),
  RegularShape: regularShapeSchema.optional(),
});
export type CutZonesRequest = z.infer<typeof cutZonesRequestSchema>;

/** PUT .../zones/{zoneId}: a zone's values; a new geometry is subtracted from the others as in add. */
export const editZoneRequestSchema = zoneInputSchema.extend({
  Geometry: geometryInputSchema.optional(),
  RegularShape: regularShapeSchema.nullable().optional(),
});
export type EditZoneRequest = z.infer<typeof editZoneRequestSchema>;

/** POST .../zones/split: a zone cut by a line; parts invalid or under 0.1 m² are dropped. */
export const splitZoneRequestSchema = z.object({
  ZoneId: bodyId,
  /** A LINESTRING in WKT. */
  Line: geometryInputSchema,
});

/** POST .../zones/merge: two or more zones into one polygon (first zone's values). */
export const mergeZonesRequestSchema = z.object({
  ZoneIds: z.array(bodyId).min(2).max(maxMergeZones),
});

/** One zone as the zone editor found it when editing began (what Cancel puts back). */
export const restoreZoneSchema = zoneInputSchema.extend({
  /** The zone's id then; null or an id no longer in the layer re-creates it with a new id. */
  DataLayerZoneId: bodyId.nullable(),
  Geometry: geometryInputSchema,
  RegularShape: regularShapeSchema.nullable().optional(),
  /** Only used when the zone is re-created: an existing zone keeps its calculated value and initial rate. */
  InitValue: layerNumber.nullable().optional(),
  InitProductRate: layerNumber.min(0).nullable().optional(),
});
export type RestoreZone = z.infer<typeof restoreZoneSchema>;

/**
 * POST .../zones/restore: the zone editor's Cancel (§4: Cancel restores geometry, value, number, label and
 * picture). The layer's zones become exactly this set in one transaction: zones not named are removed, named
 * zones still in the layer are rewritten, the others re-created. Every geometry is checked and measured again.
 */
export const restoreZonesRequestSchema = z.object({
  Zones: z.array(restoreZoneSchema).max(10_000),
});
export type RestoreZonesRequest = z.infer<typeof restoreZonesRequestSchema>;

/** What a zone operation answers: the layer's zones that changed, were added and were removed. */
export const zoneChangeResponseSchema = z.object({
  Layer: dataLayerSchema,
  Changed: z.array(layerZoneSchema),
  Added: z.array(layerZoneSchema),
  Removed: z.array(z.number().int()),
});
export type ZoneChangeResponse = z.infer<typeof zoneChangeResponseSchema>;

export const deletedResponseSchema = z.object({ Deleted: z.number().int() });

// ------------------------------------------------------------------------ requirement and application

/** POST /api/layers/v1/requirement: a nutrient requirement layer from a soil layer and a cropping's crop. */
export const requirementRequestSchema = z.object({
  /** A soil analysis layer of the nutrient's element (P for P2O5, K for K2O, Mg for MgO, pH for lime). */
  SoilLayerId: bodyId,
  CroppingId: bodyId,
  NutrientId: z.union([
    z.literal(NutrientType.P2O5),
    z.literal(NutrientType.K2O),
    z.literal(NutrientType.MgO),
    z.literal(NutrientType.Lime),
  ]),
  Name: nameSchema.optional(),
});
export type RequirementRequest = z.infer<typeof requirementRequestSchema>;

/** POST /api/layers/v1/application: an application layer from a requirement layer and a fertiliser product. */
export const applicationRequestSchema = z.object({
  RequirementLayerId: bodyId,
  ProductId: bodyId,
  /** §9 rate unit of the product rate; the product's own (kg/ha or t/ha) by default. */
  RateUnitId: z.literal(rateUnitIds).optional(),
  PlanName: z.string().trim().min(1).max(100),
  Name: nameSchema.optional(),
});
export type ApplicationRequest = z.infer<typeof applicationRequestSchema>;

/** Product totals of a crop year's application layers, per field and per plan. */
export const totalsResponseSchema = z.object({
  Fields: z.array(
    z.object({
      LayerId: z.number().int(),
      FieldId: z.number().int().nullable(),
      PlanName: z.string().nullable(),
      ProductId: z.number().int().nullable(),
      RateUnitId: z.number().int().nullable(),
      TotalUnit: z.string(),
      /** Hectares covered by zones with a rate. */
      Area: z.number(),
      Total: z.number(),
    }),
  ),
  Plans: z.array(
    z.object({
      PlanName: z.string().nullable(),
      ProductId: z.number().int().nullable(),
      TotalUnit: z.string(),
      Area: z.number(),
      Total: z.number(),
    }),
  ),
});
export type TotalsResponse = z.infer<typeof totalsResponseSchema>;

// --------------------------------------------------------------------------------------------- imports

export const ImportKind = {
  SoilCsv: 'soilCsv',
  SoilShapefile: 'soilShapefile',
  YieldCsv: 'yieldCsv',
  YieldShapefile: 'yieldShapefile',
} as const;
export type ImportKind = (typeof ImportKind)[keyof typeof ImportKind];

/**
 * POST /api/layers/v1/import/preview: multipart, field `file` (a .csv or a zipped shapefile) and text field
 * `kind` (soil or yield). Answers the columns found, the first rows, and guesses of the column mapping.
 */
export const importPreviewResponseSchema = z.object({
  ImportId: z.string(),
  Kind: z.enum([
    ImportKind.SoilCsv,
    ImportKind.SoilShapefile,
    ImportKind.YieldCsv,
    ImportKind.YieldShapefile,
  ]),
  Columns: z.array(z.string()),
  Rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  RowCount: z.number().int(),
  /** Polygons (sample zones) or points. */
  GeometryType: z.enum(['Point', 'Polygon']),
  /** Proposed mapping by column name. */
  Mapping: z.record(z.string(), z.string()),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

/** What a column of an import holds. */
export const importTargets = [
  'ignore',
  'longitude',
  'latitude',
  'easting',
  'northing',
  'sampleId',
  'P',
  'K',
  'Mg',
  'pH',
  'OrganicMatter',
  'PIndex',
  'KIndex',
  'MgIndex',
  'yield',
  'flow',
  'moisture',
  'speed',
  'heading',
  'time',
] as const;
export type ImportTarget = (typeof importTargets)[number];

export const importCommitRequestSchema = z.object({
  /** Column name to what it holds. */
  Mapping: z.record(z.string().max(100), z.enum(importTargets)),
  /** Unit of the soil nutrient columns (P, K, Mg). */
  SoilUnit: z.enum(soilUnits as [string, ...string[]]).optional(),
  PhosphateMethod: z.enum([PhosphateMethod.Olsen, PhosphateMethod.Morgan]).optional(),
  FieldId: bodyId.nullable().optional(),
  Year: z.number().int().min(1990).max(2100),
  Date: isoDateSchema.nullable().optional(),
  /** Yield: grid cell size in metres, or zones by value classes. */
  YieldOutput: z.enum(['grid', 'zones']).optional(),
  GridSizeMetres: z.number().min(5).max(100).optional(),
  Name: nameSchema.optional(),
});
export type ImportCommitRequest = z.infer<typeof importCommitRequestSchema>;

export const importIdParamsSchema = z.object({ importId: z.string().regex(/^[0-9a-f]{32}$/) });
export const importTaskParamsSchema = z.object({ taskId: id });

export const importTaskSchema = z.object({
  TaskId: z.number().int(),
  Status: z.enum(['queued', 'running', 'done', 'failed']),
  /** 0 to 100. */
  Progress: z.number().int().min(0).max(100),
  /** The layers made, when done. */
  LayerIds: z.array(z.number().int()),
  /** A message code and parameters when failed. */
  Error: z
    .object({ Code: z.string(), Params: z.record(z.string(), z.union([z.string(), z.number()])) })
    .nullable(),
});
export type ImportTask = z.infer<typeof importTaskSchema>;

export const layerTypesResponseSchema = z.object({
  Types: z.array(
    z.object({
      TypeId: z.number().int(),
      Key: z.string(),
      Name: z.string(),
      GroupId: z.number().int(),
      ValueType: z.enum(['Numeric', 'Discrete']),
      Units: z.array(z.string()),
      Values: z.array(z.object({ Value: z.number(), Label: z.string() })),
      ValueLabel: z.string(),
    }),
  ),
  /** Whether the caller may edit layer variants (admin-level) and view clouds on satellite images. */
  CanEditVariants: z.boolean(),
  CanViewClouds: z.boolean(),
});
export type LayerTypesResponse = z.infer<typeof layerTypesResponseSchema>;
