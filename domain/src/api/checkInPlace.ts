import { z } from 'zod';

type Check = (value: unknown) => boolean;

/** Thrown while compiling a schema that has something `checkInPlace` cannot check without zod. */
class NotCheckable extends Error {}

function numberCheck(check: z.core.$ZodCheck): Check {
  const def = check._zod.def as { check: string; format?: string; value?: number; inclusive?: boolean };
  if (def.check === 'number_format' && def.format === 'safeint') {
    return (value) => Number.isSafeInteger(value);
  }
  if (def.check === 'greater_than' && typeof def.value === 'number') {
    const limit = def.value;
    return def.inclusive ? (value) => (value as number) >= limit : (value) => (value as number) > limit;
  }
  if (def.check === 'less_than' && typeof def.value === 'number') {
    const limit = def.value;
    return def.inclusive ? (value) => (value as number) <= limit : (value) => (value as number) < limit;
  }
  throw new NotCheckable(`number check ${def.check}`);
}

/** A function answering whether a value meets `schema`, or NotCheckable when the schema transforms or is unknown. */
function compile(schema: z.ZodType): Check {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const checks = (def.checks ?? []) as z.core.$ZodCheck[];
  // A rule zod runs itself: only for leaves, whose output is their input.
  const byZod: Check = (value) => schema.safeParse(value).success;
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(
        ([key, field]) => [key, compile(field)] as const,
      );
      if (checks.length > 0) throw new NotCheckable('object checks');
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        for (const [key, check] of fields) if (!check((value as Record<string, unknown>)[key])) return false;
        return true;
      };
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      if (checks.length > 0) throw new NotCheckable('array checks');
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (const item of value) if (!element(item)) return false;
        return true;
      };
    }
    case 'tuple': {
      if (def.rest) throw new NotCheckable('tuple rest');
      const items = (def.items as z.ZodType[]).map(compile);
      return (value) =>
        Array.isArray(value) &&
        value.length === items.length &&
        items.every((check, index) => check(value[index]));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType);
      return (value) => value === undefined || inner(value);
    }
    case 'enum': {
      const values = new Set<unknown>(Object.values(def.entries as Record<string, unknown>));
      return (value) => values.has(value);
    }
    case 'literal': {
      const values = new Set<unknown>(def.values as unknown[]);
      return (value) => values.has(value);
    }
    case 'number': {
      const rules = checks.map(numberCheck);
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) && rules.every((rule) => rule(value));
    }
    case 'string':
      return checks.length === 0 ? (value) => typeof value === 'string' : byZod;
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'custom':
      return byZod;
    default:
      throw new NotCheckable(def.type);
  }
}

/**
 * `schema` for answers of thousands of objects: the same rules, checked where the value lies. zod's own parse
 * builds a copy of every object it checks; for a year's fields list (10,000 objects of up to 60 members) the
 * copy and the garbage it leaves took longer than drawing the fields. The value passes through as it is, so
 * members the schema does not name are kept rather than dropped. When the value fails, `schema` itself is run
 * for its issues, so the error reads as zod's. A schema with anything this check cannot take as it is
 * (transforms, defaults, pipes, checks on objects or arrays) is answered unchanged.
 */
export function checkInPlace<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  let check: Check;
  try {
    check = compile(schema);
  } catch (error) {
    if (error instanceof NotCheckable) return schema as z.ZodType<z.output<T>>;
    throw error;
  }
  return z.any().superRefine((value, context) => {
    if (check(value)) return;
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) context.addIssue({ ...issue });
  }) as unknown as z.ZodType<z.output<T>>;
}
