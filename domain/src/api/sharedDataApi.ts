import { z } from 'zod';
import { cropDescriptorSchema } from '../cropAttributes';
import { dbIdParam } from './wireValues';

/** GET /api/shared-data/v2/?holdingId=&year=: the reference lists every screen picks from. */
export const sharedDataQuerySchema = z.object({
  holdingId: dbIdParam.optional(),
  year: z.coerce.number().int().min(1990).max(2100).optional(),
});

export const varietySchema = z.object({
  VarietyId: z.number().int(),
  CropId: z.number().int(),
  Name: z.string(),
  Market: z.string().nullable(),
});
export type Variety = z.infer<typeof varietySchema>;

export const cropStyleSchema = z.object({
  CropId: z.number().int(),
  Colour: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  Pattern: z.string().nullable(),
});

/** A code and name of the catalogues this product does not hold yet: they answer empty lists. */
const namedEntrySchema = z.object({ Id: z.number().int(), Name: z.string() });

export const sharedDataResponseSchema = z.object({
  Crops: z.array(cropDescriptorSchema),
  Varieties: z.array(varietySchema),
  CropStyles: z.array(cropStyleSchema),
  /** Agri-environment options by region id; see docs/decisions.md for why they are empty. */
  CropManagementOptions: z.record(z.string(), z.array(z.object({ Code: z.string(), Name: z.string() }))),
  /** The holding's crop-management options switch, which the cropping rules read with its region. */
  CropManagementOptionsEnabled: z.boolean(),
  SoilTypes: z.array(namedEntrySchema),
  SubsoilTypes: z.array(namedEntrySchema),
  FertiliserProducts: z.array(namedEntrySchema),
  ManureTypes: z.array(namedEntrySchema),
  Soil: z.object({ SsmClassification: z.array(z.object({ Name: z.string(), MinValue: z.number() })) }),
});
export type SharedData = z.infer<typeof sharedDataResponseSchema>;
