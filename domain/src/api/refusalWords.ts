import {
  documentRefusalCodes,
  familyTextKey,
  isOwnRefusalCode,
  refusalFamilyOf,
  refusalWordParams,
  type RefusalFamily,
  type RefusalParams,
  type TextLookup,
} from './refusalCodes.ts';
import { fillPlaceholders, requestIssueCodes, requestIssueWords } from './requestIssueWords.ts';

/** One refusal, or one entry of its `Errors`, as far as its words go. */
export interface RefusalEntry {
  Code?: string;
  Params?: RefusalParams;
  /** Where the value at fault is (entries of `Errors`): request issues name it in their words. */
  Field?: string;
  Message?: string;
}

/** A refusal's answer: its own code and parameters, and the entries of its `Errors`. */
export interface RefusalBody extends RefusalEntry {
  Errors?: readonly RefusalEntry[];
}

/**
 * Says a parameter's value: a name with words of its own (`area: 'fields'`) in the translations, any other as
 * it is. `sayParam` lets the web app write a family's areas and dates as the reader writes them.
 */
export type ParamSayer = (
  family: RefusalFamily | null,
  name: string,
  value: string | number | boolean,
) => string | number | undefined;

function paramValues(
  family: RefusalFamily | null,
  params: RefusalParams,
  text: TextLookup,
  sayParam?: ParamSayer,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    const list = family === null ? refusalWordParams[name] : undefined;
    values[name] =
      sayParam?.(family, name, value) ??
      (list === undefined ? value : (text(`refusals.${list}.${String(value)}`) ?? value));
  }
  return values;
}

function fill(
  key: string,
  family: RefusalFamily | null,
  params: RefusalParams,
  text: TextLookup,
  locale: string,
  sayParam?: ParamSayer,
): string | undefined {
  const template = text(key);
  return template === undefined
    ? undefined
    : fillPlaceholders(template, paramValues(family, params, text, sayParam), locale);
}

/**
 * The words of one code with its parameters, or undefined when the catalogue or the texts have none: an own
 * code from `refusals.codes`, a family code (`layers.tooManyZones`, or bare with `family`) from its family's
 * area, a request issue code (with the `Field` it names) from `requestIssues`, a document code from
 * `documents.problems`. `text` looks raw texts up by their full key.
 */
export function refusalCodeWords(
  entry: RefusalEntry,
  text: TextLookup,
  locale: string,
  options: { family?: RefusalFamily; sayParam?: ParamSayer } = {},
): string | undefined {
  const code = entry.Code;
  if (code === undefined) return undefined;
  const params = entry.Params ?? {};
  if (isOwnRefusalCode(code)) return fill(`refusals.codes.${code}`, null, params, text, locale);
  const prefixed = refusalFamilyOf(code);
  if (prefixed)
    return fill(
      familyTextKey(prefixed.family, prefixed.code),
      prefixed.family,
      params,
      text,
      locale,
      options.sayParam,
    );
  if (options.family)
    return fill(familyTextKey(options.family, code), options.family, params, text, locale, options.sayParam);
  if (requestIssueCodes.has(code) && entry.Field !== undefined) {
    return requestIssueWords(
      { Field: entry.Field, Code: code, Params: params },
      (key) => text(`requestIssues.${key}`),
      locale,
    );
  }
  if (documentRefusalCodes.has(code))
    return fill(familyTextKey('documents', code), 'documents', params, text, locale, options.sayParam);
  return undefined;
}

/**
 * The words of a refusal's answer (`Message`): its code said with its parameters; a request issue code, which
 * the answer carries for its first `Errors` entry, said for that entry's field. Undefined when the code is not
 * in the catalogue or the texts have no words for it: the server's `Message` then stands.
 */
export function refusalWords(
  body: RefusalBody,
  text: TextLookup,
  locale: string,
  options: { sayParam?: ParamSayer } = {},
): string | undefined {
  const code = body.Code;
  if (code === undefined) return undefined;
  const first = body.Errors?.[0];
  if (requestIssueCodes.has(code) && first?.Code === code && !isOwnRefusalCode(code))
    return refusalCodeWords(first, text, locale, options);
  return refusalCodeWords({ Code: code, Params: body.Params }, text, locale, options);
}

/**
 * The words of one entry of a refusal's `Errors`: an entry with a code of its own is said from it (a bare code
 * of the refusal's family from that family's words), an entry without one repeats the refusal itself.
 */
export function refusalEntryWords(
  body: RefusalBody,
  entry: RefusalEntry,
  text: TextLookup,
  locale: string,
  options: { sayParam?: ParamSayer } = {},
): string | undefined {
  if (entry.Code === undefined) return refusalWords({ ...body, Errors: [] }, text, locale, options);
  const family = body.Code === undefined ? undefined : refusalFamilyOf(body.Code)?.family;
  if (family && !isOwnRefusalCode(entry.Code) && refusalFamilyOf(entry.Code) === undefined)
    return refusalCodeWords(entry, text, locale, { ...options, family });
  return refusalCodeWords(entry, text, locale, options);
}
