import { z } from 'zod';
import { croppingSchema, managementOptionSchema } from '../cropping';
import {
  biomassLevelSchema,
  cropPurposeSchema,
  cropResidueSchema,
  fieldAreaTypeSchema,
  grassCutsSchema,
  grassManagementSchema,
  growingSeasonLengthSchema,
  nLeafAnalysisSchema,
  protectionStatusSchema,
} from '../crops';
import { fieldSchema, fieldYearSchema } from '../field';
import { holdingIssueSchema } from '../holdingValidation';
import { isoDateSchema } from '../isoDate';
import { maxDbId, maxImportFeatures } from '../inputLimits';
import { checkInPlace } from './checkInPlace';
import { dbId, dbIdParam, dbInt } from './wireValues';

/**
 * The fields, croppings, holding-validation and boundary-import calls. Boundaries travel as GeoJSON (or WKT on
 * the way in) in the coordinate system named by `srid`: 27700 (British National Grid, metres) for the main brand,
 * 4326 (WGS 84, lon/lat degrees) otherwise. The server stores 4326 and answers 4326 unless asked otherwise.
 */

export const Srid = { BritishNationalGrid: 27700, Wgs84: 4326 } as const;
export type Srid = (typeof Srid)[keyof typeof Srid];
export const sridSchema = z.union([z.literal(Srid.BritishNationalGrid), z.literal(Srid.Wgs84)]);

/** `srid` as a query parameter: text on the wire, 4326 when absent. */
export const sridQuerySchema = z.coerce
  .number()
  .pipe(sridSchema)
  .default(Srid.Wgs84)
  .describe('Coordinate system of the boundaries: 27700 (British National Grid) or 4326 (WGS 84).');

/** A position: [lon, lat] in 4326 or [easting, northing] in 27700; a third value (height) is dropped. */
const positionSchema = z.array(z.number()).min(2).max(3);
const ringSchema = z.array(positionSchema).min(4);
const polygonCoordinatesSchema = z.array(ringSchema).min(1);

export const geoJsonPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: polygonCoordinatesSchema,
});
export const geoJsonMultiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonCoordinatesSchema),
});
export type GeoJsonPolygon = z.infer<typeof geoJsonPolygonSchema>;
export type GeoJsonMultiPolygon = z.infer<typeof geoJsonMultiPolygonSchema>;

/** Whether `value` nests as MultiPolygon coordinates: polygons of rings of 4 or more positions of 2 or 3 numbers. */
function isMultiPolygonCoordinates(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const polygon of value) {
    if (!Array.isArray(polygon) || polygon.length === 0) return false;
    for (const ring of polygon) {
      if (!Array.isArray(ring) || ring.length < 4) return false;
      for (const position of ring) {
        if (!Array.isArray(position) || position.length < 2 || position.length > 3) return false;
        for (const number of position) if (typeof number !== 'number') return false;
      }
    }
  }
  return true;
}

/**
 * The rules of `geoJsonMultiPolygonSchema` checked in one loop that builds nothing. The general schema makes a
 * new array for every position it checks: for a list of 5,000 boundaries that is most of the check's time.
 */
export const checkedMultiPolygonSchema = z.custom<GeoJsonMultiPolygon>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'MultiPolygon' &&
    isMultiPolygonCoordinates((value as { coordinates?: unknown }).coordinates),
  { message: 'Expected a GeoJSON MultiPolygon' },
);

/**
 * A boundary in an answer: the rules of `geoJsonMultiPolygonSchema`, checked without a copy (a boundary near the
 * vertex limit took a third of a second to answer through the general schema), documented as that schema.
 */
export const answeredMultiPolygonSchema = checkedMultiPolygonSchema.meta(
  z.toJSONSchema(geoJsonMultiPolygonSchema, { target: 'openapi-3.0' }) as Record<string, unknown>,
);

/**
 * A boundary as a client may send it: a GeoJSON Polygon or MultiPolygon, or well-known text (WKT, or EWKT whose
 * `SRID=` prefix then wins over `srid`). The server makes it valid and keeps only its polygons.
 */
export const boundaryInputSchema = z.union([
  geoJsonPolygonSchema,
  geoJsonMultiPolygonSchema,
  z.string().trim().min(1).max(20_000_000),
]);
export type BoundaryInput = z.infer<typeof boundaryInputSchema>;

/** A query's crop year, the session's year when left out. */
export const sessionYearQuerySchema = z.coerce
  .number()
  .int()
  .min(1990)
  .max(2100)
  .optional()
  .describe("Crop year; the session's year by default.");

export const fieldYearsQuerySchema = z.object({
  year: sessionYearQuerySchema,
  srid: sridQuerySchema,
});
export type FieldYearsQuery = z.infer<typeof fieldYearsQuerySchema>;

export const sridOnlyQuerySchema = z.object({ srid: sridQuerySchema });

export const idParamsSchema = z.object({ id: dbIdParam });

/** A cropping linked before or after another one in the rotation. */
export const croppingLinkSchema = z.object({
  CroppingId: z.number().int(),
  YearId: z.number().int(),
  CropId: z.number().int(),
  /** The crop label: 'Uncropped', the user's name for 'Other', or the crop's name. */
  CropName: z.string(),
});
export type CroppingLink = z.infer<typeof croppingLinkSchema>;

/** The crop of a cropping with the flags the cropping screens read. */
export const croppingCropSchema = z.object({
  Name: z.string(),
  Perennial: z.boolean(),
  Hidden: z.boolean(),
  CoverCrop: z.boolean(),
  Residue: z.boolean(),
  Purposes: z.object({ UserSelection: z.boolean(), List: z.array(cropPurposeSchema) }),
});

const rgbSchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

/** A cropping as the fields and croppings calls answer it. */
export const croppingResponseSchema = croppingSchema.extend({
  FieldName: z.string(),
  FieldGroup: z.string().nullable(),
  Boundary: answeredMultiPolygonSchema.nullable(),
  /** Hectares of the boundary, when the cropping has one of its own. */
  BoundaryArea: z.number().nullable(),
  Crop: croppingCropSchema,
  Variety: z.object({ Name: z.string(), Market: z.string().nullable() }).nullable(),
  PreviousCroppings: z.array(croppingLinkSchema),
  NextCroppings: z.array(croppingLinkSchema),
  Style: z.object({ Colour: rgbSchema, Pattern: z.string().nullable() }),
  CssColor: z.string(),
  /** The area manure is spread on, by the spread-area rule. */
  SpreadArea: z.number(),
});
export type CroppingResponse = z.infer<typeof croppingResponseSchema>;

export const fieldResponseSchema = fieldSchema.extend({
  Boundary: answeredMultiPolygonSchema.nullable(),
  /** The field's croppings: of the asked year in lists, of every year for one field. */
  Croppings: z.array(croppingResponseSchema),
  /**
   * The crop years (the asked one in lists, any for one field) in which the field has croppings hidden from a
   * restricted member; empty for everyone else. It says that something is not shared, never what.
   */
  HiddenCroppingYears: z.array(z.number().int()),
});
export type FieldResponse = z.infer<typeof fieldResponseSchema>;

export const fieldListResponseSchema = z.array(fieldResponseSchema);

/**
 * The rules of the fields list as clients check them: the same shape as `fieldListResponseSchema`, with the
 * boundaries checked by `checkedMultiPolygonSchema`. Single-field answers keep the full schema; the server's
 * (OpenAPI) schemas are the ones above.
 */
export const fieldListClientRules = z.array(
  fieldResponseSchema.extend({
    Boundary: checkedMultiPolygonSchema.nullable(),
    Croppings: z.array(croppingResponseSchema.extend({ Boundary: checkedMultiPolygonSchema.nullable() })),
  }),
);

/** `fieldListClientRules` checked where the list lies, without a copy of its 10,000 objects (see checkInPlace). */
export const fieldListClientSchema = checkInPlace(fieldListClientRules);

/**
 * The version of the record an update was read at. When given and no longer the stored one, the update is
 * refused with 409 and `Resources`, since another user changed the record meanwhile.
 */
const versionSchema = z
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .optional()
  .describe('The Version the record was read at; a stale one is refused with 409.');

const optionalText = (max: number) => z.string().max(max).nullish();
const optionalArea = z.number().nonnegative().max(1_000_000).nullish();
/**
 * Manure spread area. By the spread-area rule a negative value means not set (the field or cropping area
 * counts): it is stored as not set (null), never as a number no one could have meant.
 */
const spreadArea = z
  .number()
  .min(-1_000_000)
  .max(1_000_000)
  .transform((area) => (area < 0 ? null : area))
  .nullish();

/**
 * Create or update a field. On update an absent member keeps its value; `null` clears it. `Boundary` is checked
 * by the server against `boundaryInputSchema`, so that a bad one gets one clear message.
 */
export const fieldWriteSchema = z.object({
  Name: optionalText(200),
  FieldNumber: optionalText(50),
  FieldGroup: optionalText(100),
  Boundary: z
    .unknown()
    .optional()
    .describe('GeoJSON Polygon or MultiPolygon, or WKT, in the coordinate system srid.'),
  srid: sridSchema.optional(),
  AreaType: fieldAreaTypeSchema.optional(),
  WorkingArea: optionalArea,
  WholeArea: optionalArea,
  ManureSpreadArea: spreadArea,
  Years: z
    .array(fieldYearSchema.extend({ YearId: z.number().int().min(1990).max(2100) }))
    .max(200)
    .optional(),
  IgnoreBoundary: z.boolean().optional(),
  Version: versionSchema,
});
export type FieldWrite = z.infer<typeof fieldWriteSchema>;

/** Create or update a cropping. On update an absent member keeps its value; `null` clears it. */
export const croppingWriteSchema = z.object({
  FieldId: dbId.optional(),
  YearId: z.number().int().min(1990).max(2100).optional(),
  PlotId: optionalText(50),
  BatchId: optionalText(50),
  SowingDate: isoDateSchema.nullish(),
  HarvestDate: isoDateSchema.nullish(),
  DestructionDate: isoDateSchema.nullish(),
  Destroyed: z.boolean().optional(),
  CropId: z.number().int().nonnegative().max(maxDbId).optional(),
  CropName: optionalText(100),
  CropDescr: optionalText(250),
  VarietyId: dbId.nullish(),
  VarietyName: optionalText(100),
  Market: optionalText(100),
  Purpose: cropPurposeSchema.nullish(),
  Area: optionalArea,
  Boundary: z
    .unknown()
    .optional()
    .describe('GeoJSON Polygon or MultiPolygon, or WKT, in the coordinate system srid.'),
  srid: sridSchema.optional(),
  ManureSpreadArea: spreadArea,
  ManagementOptions: z
    .array(
      managementOptionSchema.extend({
        Code: z.string().max(50),
        Area: z.number().nonnegative().max(1_000_000),
      }),
    )
    .max(100)
    .optional(),
  ProtectionStatus: protectionStatusSchema.nullish(),
  GrassManagement: grassManagementSchema.nullish(),
  GrassCuts: grassCutsSchema.nullish(),
  GrowingSeasonLength: growingSeasonLengthSchema.nullish(),
  NCropGroup: dbInt.nullish(),
  BiomassLevel: biomassLevelSchema.nullish(),
  NLeafAnalysis: nLeafAnalysisSchema.nullish(),
  Residue: cropResidueSchema.nullish(),
  TargetYield: z.number().nonnegative().max(10_000).nullish(),
  StrawMulch: z.boolean().nullish(),
  Undersown: z.boolean().nullish(),
  TargetpH: z.number().min(0).max(14).nullish(),
  Version: versionSchema,
});
export type CroppingWrite = z.infer<typeof croppingWriteSchema>;

export const croppingListResponseSchema = z.array(croppingResponseSchema);

export const deletedResponseSchema = z.object({ Deleted: z.literal(true) });

/**
 * One finding of the holding validation: the domain's issue, plus `CroppingId`, the first of `CroppingIds`, for
 * clients that point at one cropping.
 */
export const validationIssueSchema = holdingIssueSchema.extend({ CroppingId: z.number().int().optional() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const holdingValidationQuerySchema = z.object({
  year: sessionYearQuerySchema,
});
export const holdingValidationResponseSchema = z.array(validationIssueSchema);

/** A property value read from an imported file. */
export const importPropertySchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const importFormatSchema = z.enum(['shapefile', 'geojson', 'flatgeobuf', 'kml', 'gpx', 'taskdata']);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** An EPSG code a boundary file may be read in (the server knows whether it exists). */
export const epsgCodeSchema = z.coerce.number().int().min(1024).max(999_999);

/** Coordinate systems offered when a file does not say which one its coordinates are in. */
export const importSridChoices = [27700, 2157, 29903] as const;

/** An existing field that already covers most of an imported boundary. */
export const importOverlapSchema = z.object({
  FieldId: z.number().int(),
  Name: z.string(),
  /** Share of the imported boundary's area inside the field, 0 to 1. */
  Share: z.number(),
});
export type ImportOverlap = z.infer<typeof importOverlapSchema>;

export const importedFeatureSchema = z.object({
  /** Position of the feature in the file, from 0. */
  Index: z.number().int(),
  Properties: z.record(z.string(), importPropertySchema),
  /** In EPSG:4326, made valid, polygons only. */
  Geometry: geoJsonMultiPolygonSchema,
  /** Hectares, geodesic, 2 decimals. */
  Area: z.number(),
  /** Why PostGIS found the shape invalid, when it was repaired (ST_MakeValid); null when it was valid. */
  Repair: z.string().nullable(),
  /** The existing field that already covers most of this boundary, if any. */
  Overlap: importOverlapSchema.nullable(),
});
export type ImportedFeature = z.infer<typeof importedFeatureSchema>;

export const importPreviewResponseSchema = z.object({
  Format: importFormatSchema,
  /** The EPSG code the file was read in before it was converted to 4326; null when a .prj names a system without one. */
  SourceSrid: z.number().int().nullable(),
  /** The coordinate system's name as shown to the user. */
  SourceCrs: z.string(),
  /**
   * Set when the file does not say its coordinate system and its coordinates cannot be longitudes and latitudes:
   * nothing was read, and the file should be sent again with one of the choices.
   */
  CrsQuestion: z.object({ SuggestedSrid: z.number().int(), Choices: z.array(z.number().int()) }).nullable(),
  /** Every property name found, in the order first seen: the choices for the field name. */
  PropertyNames: z.array(z.string()),
  Features: z.array(importedFeatureSchema),
  /** Features left out, with why (no polygon, empty geometry, too many vertices). */
  Skipped: z.array(z.object({ Index: z.number().int(), Reason: z.string() })),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

/** What to do with one chosen feature: a new field, or the new boundary of an existing field. */
export const importActionSchema = z.enum(['create', 'replace']);
export type ImportAction = z.infer<typeof importActionSchema>;

export const importCommitRequestSchema = z.object({
  /** The property whose value names each new field; features without one are named 'Field'. */
  NameProperty: z.string().max(200).nullish(),
  FieldNumberProperty: z.string().max(200).nullish(),
  FieldGroupProperty: z.string().max(200).nullish(),
  FileName: z.string().max(260).nullish(),
  Features: z
    .array(
      z.object({
        Properties: z.record(z.string().max(200), importPropertySchema).default({}),
        /** In EPSG:4326, as the preview answered it. */
        Geometry: z.union([geoJsonPolygonSchema, geoJsonMultiPolygonSchema]),
        Action: importActionSchema.default('create'),
        /** The field whose boundary this feature replaces, with Action 'replace'. */
        ReplaceFieldId: z.number().int().positive().max(maxDbId).nullish(),
      }),
    )
    .min(1)
    .max(maxImportFeatures),
});
export type ImportCommitRequest = z.infer<typeof importCommitRequestSchema>;

export const importCommitResponseSchema = z.object({
  Fields: z.array(z.object({ FieldId: z.number().int(), Name: z.string(), BoundaryArea: z.number() })),
  /** Fields whose boundary was replaced. */
  Replaced: z.array(z.object({ FieldId: z.number().int(), Name: z.string(), BoundaryArea: z.number() })),
  /** Croppings of replaced fields that were clipped to the new boundary. */
  ClippedCroppings: z.number().int(),
});
export type ImportCommitResponse = z.infer<typeof importCommitResponseSchema>;
