import type { z } from 'zod';

/** The zod checks a limit is read from: a string's length, a number's range. */
interface Bounded {
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/** The string or number inside optional, nullable and default wrappers, and before a transform. */
function innerSchema(schema: z.ZodType): Bounded {
  let current: unknown = schema;
  for (let depth = 0; depth < 8; depth++) {
    const candidate = current as Bounded & { unwrap?: () => unknown; in?: unknown };
    if ('maxLength' in candidate || 'maxValue' in candidate) break;
    if (typeof candidate.unwrap === 'function') current = candidate.unwrap();
    else if (candidate.in !== undefined) current = candidate.in;
    else break;
  }
  return current as Bounded;
}

/**
 * The `maxLength` of a text input, read from the server's schema of what it fills in (domain/src/api/): the
 * input then takes no more than the server accepts, and the user never meets the server's refusal.
 */
export function textLimits(schema: z.ZodType): { maxLength?: number } {
  const maxLength = innerSchema(schema).maxLength;
  return typeof maxLength === 'number' ? { maxLength } : {};
}

/** The `min` and `max` of a number input, read from the server's schema of what it fills in. */
export function numberLimits(schema: z.ZodType): { min?: number; max?: number } {
  const { minValue, maxValue } = innerSchema(schema);
  // An integer schema reports the safe-integer bounds: those are no limit a user could meet.
  const real = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  return { ...(real(minValue) ? { min: minValue } : {}), ...(real(maxValue) ? { max: maxValue } : {}) };
}
