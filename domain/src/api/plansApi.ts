import { z } from 'zod';
import { PlanStatus, planStatusSchema } from '../enumerations.ts';
import {
  cellSizesMetres,
  defaultCellSizeMetres,
  maxHeadlandMetres,
  maxPlanZones,
  planNameMaxLength,
  prescriptionFormats,
  prescriptionRateUnitIds,
  productKeyPattern,
  productNameMaxLength,
} from '../plans/prescriptionRules.ts';
import { dbId, dbIdParam, oneLineMessage, oneLineText } from './wireValues.ts';

/**
 * Prescription plans (Plan type PrescriptionPlan 4) of the session's holding, and the plan-name check of
 * holdings-permissions-sync §7. The paths other than validate are not given by the specification
 * (docs/decisions.md "Prescription plans").
 */
export const plansRoutes = {
  validate: '/api/plans/v1/validate',
  list: '/api/plans/v1/prescriptions',
  one: '/api/plans/v1/prescriptions/:id',
  file: '/api/plans/v1/prescriptions/:id/file',
} as const;

const line = (max: number) => z.string().trim().min(1).max(max).regex(oneLineText, oneLineMessage);
const year = z.number().int().min(1990).max(2100);
const rateUnitId = z.union(
  prescriptionRateUnitIds.map((id) => z.literal(id)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
);

export const planValidateRequestSchema = z
  .object({
    Plans: z
      .array(z.object({ Key: z.string().max(40), Name: z.string().max(planNameMaxLength * 2) }))
      .max(200)
      .default([]),
  })
  .passthrough();
export const planValidateResponseSchema = z.object({
  Plans: z.array(
    z.object({
      Key: z.string(),
      Name: z.string(),
      Code: z.enum(['planNameRequired', 'planNameTaken', 'planNameTooLong']),
      Suggestion: z.string().nullable(),
    }),
  ),
});
export type PlanValidateResponse = z.infer<typeof planValidateResponseSchema>;

export const planListQuerySchema = z.object({ year: z.coerce.number().int().min(1990).max(2100).optional() });

export const planCreateSchema = z.object({
  Name: line(planNameMaxLength),
  Year: year,
  LayerId: dbId,
  ProductKey: z.string().regex(productKeyPattern, 'Choose a product.'),
  ProductName: line(productNameMaxLength),
  RateUnitId: rateUnitId,
  /** Metres of the field's edge left out of every zone; 0 for none. */
  HeadlandMetres: z.number().min(0).max(maxHeadlandMetres).default(0),
});
export type PlanCreate = z.infer<typeof planCreateSchema>;

export const planUpdateSchema = z.object({
  Name: line(planNameMaxLength).optional(),
  Status: planStatusSchema.optional(),
  ProductKey: z.string().regex(productKeyPattern, 'Choose a product.').optional(),
  ProductName: line(productNameMaxLength).optional(),
  RateUnitId: rateUnitId.optional(),
  Zones: z
    .array(z.object({ Id: dbId, Rate: z.number().finite() }))
    .max(maxPlanZones)
    .optional(),
});
export type PlanUpdate = z.infer<typeof planUpdateSchema>;

export const planIdParamsSchema = z.object({ id: dbIdParam });

export const planFileQuerySchema = z.object({
  format: z.enum(prescriptionFormats),
  cellSize: z.coerce
    .number()
    .int()
    .refine((value) => (cellSizesMetres as readonly number[]).includes(value), 'Choose 5, 10, 20 or 30 m.')
    .default(defaultCellSizeMetres),
});

const zoneSchema = z.object({
  Id: z.number().int(),
  Number: z.number().int(),
  Rate: z.number(),
  AreaHa: z.number(),
});
const fieldSchema = z.object({
  FieldId: z.number().int(),
  FieldName: z.string(),
  AreaHa: z.number(),
  Total: z.number(),
  Zones: z.array(zoneSchema),
});

export const planSummarySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Year: z.number().int(),
  PlanType: z.literal(4),
  Status: planStatusSchema,
  ProductKey: z.string(),
  ProductName: z.string(),
  RateUnitId: z.number().int(),
  TotalUnit: z.string(),
  LayerId: z.number().int().nullable(),
  HeadlandMetres: z.number(),
  Total: z.number(),
  AreaHa: z.number(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;
export const planSchema = planSummarySchema.extend({ Fields: z.array(fieldSchema) });
export type PrescriptionPlan = z.infer<typeof planSchema>;

export const planListResponseSchema = z.object({ Plans: z.array(planSummarySchema) });
export const planResponseSchema = z.object({ Plan: planSchema });
export const planDeletedSchema = z.object({ Deleted: z.literal(true) });

export { PlanStatus };
