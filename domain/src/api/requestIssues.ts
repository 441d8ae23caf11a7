import type { z } from 'zod';

/**
 * What is wrong with one value of a request, as a code with parameters: the server turns it into words for
 * its answer's `Message`, and a client may turn the same code into words of its own language.
 */
export type RequestIssueCode =
  | 'required'
  | 'wrongType'
  | 'notWhole'
  | 'tooLong'
  | 'tooShort'
  | 'tooLarge'
  | 'tooSmall'
  | 'tooMany'
  | 'tooFew'
  | 'notAllowed'
  | 'badFormat'
  | 'unknownField'
  | 'nulCharacter'
  | 'loneSurrogate'
  | 'tooDeep'
  | 'tooManyVertices'
  | 'invalid';

export type RequestIssueParams = Record<string, string | number | boolean>;

export interface RequestIssue {
  /** Where the value is: its path joined with dots ('holding.TradingName', 'users.2.email'), or the part of
   * the request ('body', 'querystring', 'params') when the whole of it is at fault. */
  Field: string;
  Code: RequestIssueCode;
  Params: RequestIssueParams;
}

const textOrigins = new Set(['string']);
const numberOrigins = new Set(['number', 'int', 'bigint', 'date']);
const listOrigins = new Set(['array', 'set', 'map']);

function fieldOf(path: readonly PropertyKey[], where: string): string {
  return path.length ? path.map(String).join('.') : where;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The code and parameters of one zod issue of a request part (`where`: 'body', 'querystring' or 'params').
 * `data` is the part as it was received: a missing value is told apart from one of the wrong type by it.
 */
export function requestIssueOf(issue: z.core.$ZodIssue, where: string, data: unknown): RequestIssue {
  const Field = fieldOf(issue.path, where);
  const make = (Code: RequestIssueCode, Params: RequestIssueParams = {}): RequestIssue => ({
    Field,
    Code,
    Params,
  });
  switch (issue.code) {
    case 'invalid_type': {
      if (valueAt(data, issue.path) === undefined) return make('required');
      if (issue.expected === 'int') return make('notWhole');
      return make('wrongType', { expected: issue.expected });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const Params = { max, inclusive: issue.inclusive !== false };
      if (textOrigins.has(issue.origin)) return make('tooLong', Params);
      if (listOrigins.has(issue.origin)) return make('tooMany', Params);
      if (numberOrigins.has(issue.origin)) return make('tooLarge', Params);
      return make('tooLarge', Params);
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      const Params = { min, inclusive: issue.inclusive !== false };
      if (textOrigins.has(issue.origin)) return min <= 1 ? make('required') : make('tooShort', Params);
      if (listOrigins.has(issue.origin)) return make('tooFew', Params);
      return make('tooSmall', Params);
    }
    case 'invalid_format':
      return make('badFormat', { format: issue.format });
    case 'invalid_value':
      return make('notAllowed', { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return make('unknownField', { keys: issue.keys.join(', ') });
    case 'invalid_union':
      return valueAt(data, issue.path) === undefined ? make('required') : make('invalid');
    case 'custom': {
      const code = issue.params?.code as RequestIssueCode | undefined;
      return code ? make(code, { ...(issue.params as RequestIssueParams) }) : make('invalid');
    }
    default:
      return make('invalid');
  }
}
