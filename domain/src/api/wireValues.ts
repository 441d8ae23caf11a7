import { z } from 'zod';
import { maxDbId } from '../inputLimits.ts';

/**
 * Building blocks of request schemas that keep a value inside what the database can hold, so that a bad input
 * is refused as a 400 naming its field rather than failing in SQL.
 */

/** A row id in a JSON body: a whole number from 1 to the largest PostgreSQL integer. */
export const dbId = z.number().int().positive().max(maxDbId);

/** A row id in a path or query: text on the wire, read as `dbId`. */
export const dbIdParam = z.coerce.number().int().positive().max(maxDbId);

/** A whole number that any PostgreSQL integer column holds (ids that may be 0 or negative, codes, counts). */
export const dbInt = z.number().int().min(-maxDbId).max(maxDbId);

/** Text on one line: no line breaks, tabs or other control characters (names, which e-mails and lists show). */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
export const oneLineText = /^[^\u0001-\u001f\u007f\u0085\u2028\u2029]*$/;
export const oneLineMessage = 'Write this on one line, without line breaks or tabs.';

/** Why a text cannot be stored: PostgreSQL text holds no NUL character, and UTF-8 has no lone surrogate. */
export type TextProblem = 'nulCharacter' | 'loneSurrogate';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first reason `text` cannot be stored as it is, or null when it can. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nulCharacter';
  return loneSurrogate.test(text) ? 'loneSurrogate' : null;
}

/** Where a value first holds a text that cannot be stored (as a key or a value), or null. */
export interface TextProblemAt {
  path: (string | number)[];
  problem: TextProblem;
}

/**
 * Walks a parsed JSON value (or query or path parameters) for texts that cannot be stored, keys included.
 * Depth is bounded by the caller (the JSON body parser refuses deep documents first).
 */
export function findTextProblem(value: unknown, path: (string | number)[] = []): TextProblemAt | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item = value[index];
      // Numbers make up most of a boundary: skip them without a call.
      if (typeof item === 'number' || item === null || typeof item === 'boolean') continue;
      const found = findTextProblem(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    // Uploads' buffers and streams are not texts (query objects may have no ordinary prototype, so test these).
    if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: [...path, key], problem: keyProblem };
      if (typeof item === 'number' || item === null || typeof item === 'boolean') continue;
      const found = findTextProblem(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * How deeply a JSON text nests objects and arrays, read without parsing it: a parser would recurse (and may
 * overflow the stack) before any check could run. Stops counting once `limit` is passed.
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index += 1;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      depth -= 1;
    }
  }
  return deepest;
}
