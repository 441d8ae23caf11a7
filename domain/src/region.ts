import { z } from 'zod';

/**
 * The regions whose rules differ in fields and croppings. Region ids above these are countries that follow no
 * region-specific crop rules here.
 */
export const Region = {
  England: 1,
  Scotland: 2,
  Wales: 3,
} as const;
export type Region = (typeof Region)[keyof typeof Region];

/** Any region id a holding may carry, including the countries beyond the three UK regions named above. */
export const regionIdSchema = z.number().int().positive();
export type RegionId = number;
