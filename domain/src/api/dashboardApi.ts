import { z } from 'zod';
import { holdingIssueCodeSchema } from '../holdingValidation';
import { sessionYearQuerySchema } from './fieldsApi';
import { maintenanceNoticeSchema } from './liveApi';

/**
 * The dashboard's one call (issue 26): the cards' data for the session's holding in one crop year. Every part
 * follows the caller's rights: a part the caller may not read is null, and a restricted member's totals count
 * only the croppings shared with them (`Restricted` says so).
 */

export const dashboardQuerySchema = z.object({
  year: sessionYearQuerySchema,
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const rgbSchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

export const cropTotalSchema = z.object({
  CropId: z.number().int(),
  /** Hectares, 2 decimals: the sum of the croppings' areas. */
  Hectares: z.number(),
  /** Part of the year's cropped area, 0 to 1; null for a non-crop use. */
  Share: z.number().nullable(),
  Fields: z.number().int(),
  Croppings: z.number().int(),
  /** The crop's style, as the fields and map show it. */
  Colour: rgbSchema,
  Pattern: z.string().nullable(),
});
export type DashboardCropTotal = z.infer<typeof cropTotalSchema>;

export const yearTotalsSchema = z.object({
  YearId: z.number().int(),
  Crops: z.array(cropTotalSchema),
  NonCrops: z.array(cropTotalSchema),
  CroppedHectares: z.number(),
  NonCropHectares: z.number(),
  UncroppedHectares: z.number(),
  FieldHectares: z.number(),
});
export type DashboardYearTotals = z.infer<typeof yearTotalsSchema>;

/** A field named in the attention card, to link to. */
export const dashboardFieldSchema = z.object({ FieldId: z.number().int(), Name: z.string() });

/** Some of the fields concerned (at most `dashboardFieldLimit`), and how many there are in all. */
const fieldSetSchema = z.object({ Count: z.number().int(), Fields: z.array(dashboardFieldSchema) });

export const dashboardAttentionSchema = z.object({
  /** The holding validation issues of the year (codes 1000 to 2006), counted by code. */
  Issues: z.array(fieldSetSchema.extend({ Code: holdingIssueCodeSchema })),
  /** Croppings of the year the timeline cannot draw faithfully (fields-croppings-maps §5, timeline invalid dates). */
  InvalidDates: fieldSetSchema.extend({ Croppings: z.number().int() }),
  FieldsWithoutBoundary: fieldSetSchema,
});

export const importTaskSummarySchema = z.object({
  TaskId: z.number().int(),
  FileName: z.string().nullable(),
  /** When it last changed: a UTC instant. */
  Date: z.string(),
});

/** The caller's own data-layer imports (the only background tasks the product has). */
export const dashboardImportsSchema = z.object({
  Running: z.number().int(),
  Waiting: z.number().int(),
  /** Imports that failed in the last `failedImportDays` days, newest first (at most 5). */
  Failed: z.array(importTaskSummarySchema),
  FailedCount: z.number().int(),
});

export const dashboardPictureSchema = z.object({
  ImportDocumentId: z.number().int(),
  FileName: z.string(),
  /** Image path of the thumbnail (add `?size=small`), null when the picture has none. */
  ThumbnailPath: z.string().nullable(),
  UploadDate: z.string(),
  Field: dashboardFieldSchema.nullable(),
});

export const dashboardResponseSchema = z.object({
  YearId: z.number().int(),
  /** True when the caller sees only the croppings shared with them: the totals count only those. */
  Restricted: z.boolean(),
  /** The year's cropping and the previous year's beside it; null without the right to read fields or map layers. */
  Cropping: z.object({ Year: yearTotalsSchema, PreviousYear: yearTotalsSchema }).nullable(),
  Attention: dashboardAttentionSchema.nullable(),
  /** Null without the right to read map layers. */
  Imports: dashboardImportsSchema.nullable(),
  Maintenance: maintenanceNoticeSchema.nullable(),
  /** The latest pictures of the library; null without the right to read map layers. */
  Pictures: z.array(dashboardPictureSchema).nullable(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
