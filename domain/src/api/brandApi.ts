import { z } from 'zod';
import { brandIdSchema } from '../brands.ts';

/** The brand a request is served as (server setting BRAND, else the host name). */
export const brandResponseSchema = z.object({ Brand: brandIdSchema });
export type BrandResponse = z.infer<typeof brandResponseSchema>;
