import { z } from 'zod';
import {
  basemapNameMaxLength,
  basemapUrlMaxLength,
  basemapZoomMax,
  basemapZoomMin,
} from '../basemapRules.ts';
import { dbIdParam } from './wireValues.ts';

/**
 * A holding's custom base maps (fields-croppings-maps §3 Custom basemap), for Master users and above: listed,
 * added, changed and removed on the session's holding. The deeper rules (an https tile template or WMS address,
 * the extent's order, ZoomMin not above ZoomMax) are `validateCustomBasemap` of domain/src/basemapRules.ts.
 */
export const basemapsRoutes = {
  list: '/api/holdings/v1/basemaps',
  create: '/api/holdings/v1/basemaps',
  one: '/api/holdings/v1/basemaps/:id',
} as const;

const zoom = z.number().int().min(basemapZoomMin).max(basemapZoomMax).nullable();
const degrees = z.number().min(-180).max(180);

export const customBasemapInputSchema = z.object({
  Name: z.string().trim().min(1).max(basemapNameMaxLength),
  Url: z.string().trim().min(1).max(basemapUrlMaxLength),
  /** [west, south, east, north] in EPSG:4326 degrees; null for the whole world. */
  Extent: z.array(degrees).length(4).nullable(),
  ZoomMin: zoom,
  ZoomMax: zoom,
});
export type CustomBasemapInput = z.infer<typeof customBasemapInputSchema>;

export const customBasemapSchema = customBasemapInputSchema.extend({ Id: z.number().int() });
export type CustomBasemapRecord = z.infer<typeof customBasemapSchema>;

export const customBasemapsResponseSchema = z.object({ Basemaps: z.array(customBasemapSchema) });
export type CustomBasemapsResponse = z.infer<typeof customBasemapsResponseSchema>;

export const basemapIdParamsSchema = z.object({ id: dbIdParam });
