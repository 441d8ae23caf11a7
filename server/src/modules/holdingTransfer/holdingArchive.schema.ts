import { z } from 'zod';
import { fieldAreaTypeSchema } from '@headland/domain/crops';
import { holdingFeatureFlagsSchema } from '@headland/domain/holdingPermissions';
import {
  accountNumberMaxLength,
  addressLineCount,
  addressMaxLines,
  cropYearMax,
  cropYearMin,
  pkModelSchema,
} from '@headland/domain/holdingRules';
import { isoDateSchema } from '@headland/domain/isoDate';
import {
  layerRangeSchema,
  layerStyleSchema,
  regularShapeSchema,
  scopeSchema,
  zoneStyleSchema,
} from '@headland/domain/api/layersApi';
import { maxImportLayers, maxImportLayerPoints, maxImportVertices } from '@headland/domain/importLimits';
import { layerTypeIds } from '@headland/domain/layers/layerTypes';
import { nutrientTypeIds } from '@headland/domain/layers/nutrients';
import { rateUnitIds } from '@headland/domain/layers/rateUnits';
import { RecommendationMethod, requirementBasisSchema } from '@headland/domain/layers/requirementBasis';
import { maxPointsPerLayer, maxZonesPerLayer } from '@headland/domain/layers/zoneRules';

/**
 * The holding export: a zip of JSON files (and one GeoJSON file) that another Headland installation, or this
 * one, imports as a new holding. Ids in the files are the exporting installation's; the importer gives every
 * row a new id and remaps the references between files. Post towns, regions, weather stations, businesses,
 * crops and varieties are reference data shared by installations, so their ids are kept.
 */
export const archiveFormat = 'headland-holding';
export const archiveFormatVersion = 1;

export const archiveFiles = {
  manifest: 'manifest.json',
  holding: 'holding.json',
  cropYears: 'cropYears.json',
  weather: 'weather.json',
  fields: 'fields.geojson',
  croppings: 'croppings.json',
  settings: 'settings.json',
  /** Data layers with their zones and points; absent from exports made before layers existed. */
  layers: 'layers.json',
} as const;

const id = z.number().int();
const positiveId = id.positive();
const yearId = id.min(cropYearMin).max(cropYearMax);
const area = z.number().nonnegative().max(1_000_000_000);
const timestamp = z.iso.datetime({ offset: true });

export const manifestSchema = z.object({
  format: z.string(),
  formatVersion: id,
  exportedAt: timestamp,
  /** Coordinates of every geometry in the archive. */
  crs: z.literal('EPSG:4326'),
  source: z.object({
    application: z.string(),
    brand: z.string(),
    holdingId: positiveId,
    tradingName: z.string(),
  }),
  counts: z.object({
    cropYears: id.nonnegative(),
    weather: id.nonnegative(),
    fields: id.nonnegative(),
    croppings: id.nonnegative(),
    settings: id.nonnegative(),
    layers: id.nonnegative().optional(),
  }),
});
export type ArchiveManifest = z.infer<typeof manifestSchema>;

export const holdingFileSchema = z.object({
  tradingName: z.string().trim().min(1).max(200),
  accountNumber: z.string().max(accountNumberMaxLength).nullable(),
  address: z
    .string()
    .max(2000)
    .refine((text) => addressLineCount(text) <= addressMaxLines, `at most ${addressMaxLines} lines`)
    .nullable(),
  townId: positiveId.nullable(),
  regionId: positiveId.nullable(),
  businessId: positiveId.nullable(),
  nvz: z.boolean(),
  pSorpCapacity: id.min(1).max(3).nullable(),
  weatherStationId: positiveId.nullable(),
  excludeFromUserReports: z.boolean(),
  canChangeRegion: z.boolean(),
  satellite: z.boolean(),
  features: holdingFeatureFlagsSchema.partial(),
});
export type HoldingFile = z.infer<typeof holdingFileSchema>;

export const cropYearsFileSchema = z
  .array(
    z.object({
      yearId,
      totalArea: area.nullable(),
      grasslandDerogationNumber: z.string().max(100).nullable(),
      pkModel: pkModelSchema,
    }),
  )
  .min(1);

export const weatherFileSchema = z.array(
  z.object({ year: yearId, month: id.min(1).max(12), rainfall: z.number().nonnegative().max(9999.9) }),
);

const position = z.tuple([z.number().finite(), z.number().finite()]);
const ring = z
  .array(position)
  .min(4)
  .refine((points) => {
    const first = points[0]!;
    const last = points.at(-1)!;
    return first[0] === last[0] && first[1] === last[1];
  }, 'a ring must end where it starts');
/** Boundaries are MultiPolygons in EPSG:4326, as the database keeps them. */
export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(ring).min(1)).min(1),
});
export type ArchiveMultiPolygon = z.infer<typeof multiPolygonSchema>;

export const fieldPropertiesSchema = z.object({
  id: positiveId,
  name: z.string().max(200),
  fieldNumber: z.string().max(50).nullable(),
  fieldGroup: z.string().max(100).nullable(),
  areaType: fieldAreaTypeSchema,
  boundaryArea: area.nullable(),
  workingArea: area.nullable(),
  wholeArea: area.nullable(),
  manureSpreadArea: area.nullable(),
  ignoreBoundary: z.boolean(),
  nvz: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** The record's version when exported; an imported record is new and starts again at 1. */
  version: z.number().int().positive().max(2_147_483_647).optional(),
  /** The crop years in which the field is recorded, and whether it is disabled in each. */
  years: z.array(z.object({ yearId, disabled: z.boolean() })),
});
export type FieldProperties = z.infer<typeof fieldPropertiesSchema>;

export const fieldsFileSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: positiveId.optional(),
      geometry: multiPolygonSchema.nullable(),
      properties: fieldPropertiesSchema,
    }),
  ),
});
export type FieldsFile = z.infer<typeof fieldsFileSchema>;

const optionalDate = isoDateSchema.nullable();

export const croppingsFileSchema = z.array(
  z.object({
    id: positiveId,
    fieldId: positiveId,
    yearId,
    plotId: z.string().max(100).nullable(),
    batchId: z.string().max(100).nullable(),
    startDate: optionalDate,
    endDate: optionalDate,
    sowingDate: optionalDate,
    harvestDate: optionalDate,
    destructionDate: optionalDate,
    destroyed: z.boolean(),
    cropId: id.nonnegative(),
    cropName: z.string().max(200).nullable(),
    cropDescr: z.string().max(2000).nullable(),
    varietyId: positiveId.nullable(),
    varietyName: z.string().max(200).nullable(),
    market: z.string().max(200).nullable(),
    area: area.nullable(),
    boundary: multiPolygonSchema.nullable(),
    managementOptions: z.array(z.object({ Code: z.string().max(50), Area: z.number().nonnegative() })),
    manureSpreadArea: area.nullable(),
    attributes: z.record(z.string(), z.unknown()),
    createdAt: timestamp,
    updatedAt: timestamp,
    /** The record's version when exported; an imported record is new and starts again at 1. */
    version: z.number().int().positive().max(2_147_483_647).optional(),
  }),
);
export type CroppingsFile = z.infer<typeof croppingsFileSchema>;

/** Holding-wide settings, and the exporting user's own settings on the holding (given to the importer). */
export const settingsFileSchema = z.array(
  z.object({
    scope: z.enum(['holding', 'user']),
    key: z.string().min(1).max(100),
    value: z.string().max(100_000).nullable(),
  }),
);
export type SettingsFile = z.infer<typeof settingsFileSchema>;

const layerNumber = z.number().min(-1e9).max(1e9);
const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);
const lonLat = z.tuple([longitude, latitude]);
const oneOf = (values: readonly number[]) =>
  id.refine((value) => values.includes(value), `must be one of ${values.join(', ')}`);

export const layerZoneFileSchema = z.object({
  zoneNumber: id.positive().max(1_000_000).nullable(),
  value: layerNumber.nullable(),
  initValue: layerNumber.nullable(),
  label: z.string().max(200).nullable(),
  /** The stored name of the zone's picture in the archive's library (`documents.json`), or null. */
  document: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .nullable(),
  fieldId: positiveId.nullable(),
  buffer: z.number().min(0).max(1_000).nullable(),
  bufferLine: z
    .object({ type: z.literal('LineString'), coordinates: z.array(lonLat).min(2).max(20_000) })
    .nullable(),
  userDefined: z.boolean(),
  regularShape: regularShapeSchema.nullable(),
  style: zoneStyleSchema.nullable(),
  labelStyle: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .nullable(),
  productRate: layerNumber.nullable(),
  nutrientRate: layerNumber.nullable(),
  initProductRate: layerNumber.nullable(),
  /** Checked, repaired and measured by PostGIS on import; the zone's area is never read from the file. */
  geometry: multiPolygonSchema,
});

/** Data layers (fields-croppings-maps §3), each with its zones and point data; geometry in EPSG:4326. */
export const layersFileSchema = z
  .array(
    z.object({
      id: positiveId,
      typeId: oneOf(layerTypeIds),
      subtypeId: id.min(1).max(2).nullable(),
      scope: scopeSchema,
      fieldId: positiveId.nullable(),
      croppingId: positiveId.nullable(),
      cropId: id.nullable(),
      parentId: positiveId.nullable(),
      yearId,
      layerDate: optionalDate,
      name: z.string().trim().min(1).max(100),
      unit: z.string().max(40).nullable(),
      nutrientId: oneOf(nutrientTypeIds).nullable(),
      productId: id.nullable(),
      rateUnitId: oneOf(rateUnitIds).nullable(),
      planName: z.string().max(100).nullable(),
      calculated: z.boolean(),
      // A requirement layer's method and the inputs it was worked out from; absent from older archives.
      recommendationMethod: z.enum(RecommendationMethod).nullable().default(null),
      recommendation: requirementBasisSchema.nullable().default(null),
      inactive: z.boolean(),
      showZoneNumbers: z.boolean(),
      showStroke: z.boolean(),
      ranges: z.array(layerRangeSchema).max(100).nullable(),
      style: layerStyleSchema.nullable(),
      minValue: z.number().nullable(),
      maxValue: z.number().nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
      zones: z.array(layerZoneFileSchema).max(maxZonesPerLayer),
      /** Point data as [longitude, latitude, value]. */
      points: z.array(z.tuple([longitude, latitude, layerNumber.nullable()])).max(maxPointsPerLayer),
    }),
  )
  .max(maxImportLayers)
  .refine(
    (layers) => layers.reduce((sum, layer) => sum + layer.points.length, 0) <= maxImportLayerPoints,
    `at most ${maxImportLayerPoints} points in all`,
  )
  .refine(
    (layers) =>
      layers.reduce(
        (sum, layer) =>
          sum +
          layer.zones.reduce(
            (zoneSum, zone) =>
              zoneSum + zone.geometry.coordinates.flat().reduce((ringSum, ring) => ringSum + ring.length, 0),
            0,
          ),
        0,
      ) <= maxImportVertices,
    `at most ${maxImportVertices} zone vertices in all`,
  );
export type LayersFile = z.infer<typeof layersFileSchema>;

export interface HoldingArchive {
  manifest: ArchiveManifest;
  holding: HoldingFile;
  cropYears: z.infer<typeof cropYearsFileSchema>;
  weather: z.infer<typeof weatherFileSchema>;
  fields: FieldsFile;
  croppings: CroppingsFile;
  settings: SettingsFile;
  /** Empty when the export predates data layers. */
  layers: LayersFile;
  /** The document library's entries (`documents.json` and the original files), read by the documents module. */
  documentFiles?: Readonly<Record<string, Uint8Array>>;
}
