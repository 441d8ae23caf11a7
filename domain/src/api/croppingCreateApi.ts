import { z } from 'zod';
import { croppingWriteSchema } from './fieldsApi';
import { dbId } from './wireValues';

/**
 * POST /api/croppings/v1: a cropping write, plus the croppings of the same field and year whose area the new
 * cropping is carved out of (a margin along a field already cropped to its edge). Each of them loses the new
 * cropping's area, and its boundary, when it has one, loses the new cropping's boundary, in the same change.
 */
export const croppingCreateSchema = croppingWriteSchema.extend({
  TakeAreaFrom: z
    .array(dbId)
    .max(20)
    .optional()
    .describe('Croppings of the same field and year that give up the new cropping’s area.'),
});
export type CroppingCreate = z.infer<typeof croppingCreateSchema>;
