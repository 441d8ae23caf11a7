import type { RequestIssueParams } from './requestIssues.ts';

/**
 * The words of a request issue, from the texts of the `requestIssues` area (web/src/i18n/<lang>.requestIssues.json):
 * the server says them in English for its answers' `Message`, the web app in the user's language. `text` gives
 * the raw text of a key below `requestIssues.` ('codes.required', 'fields.YearId') or undefined when there is none.
 */
export type IssueTextLookup = (key: string) => string | undefined;

/** One entry of an answer's `Errors`, as far as its words go. */
export interface IssueEntry {
  Field: string;
  Code?: string;
  Params?: RequestIssueParams;
}

/** The codes with words of their own; an entry with another code keeps the words the server gave it. */
export const requestIssueCodes = new Set([
  'required',
  'wrongType',
  'notWhole',
  'tooLong',
  'tooShort',
  'tooLarge',
  'tooSmall',
  'tooMany',
  'tooFew',
  'notAllowed',
  'badFormat',
  'unknownField',
  'nulCharacter',
  'loneSurrogate',
  'tooDeep',
  'tooManyVertices',
  'invalid',
]);

/** Request parts named as a whole ('body' when the whole body is at fault). */
const parts = new Set(['body', 'querystring', 'params', 'headers']);

/** Codes whose sentence names a count, with the parameter holding it: their keys have plural forms. */
const countedBy: Record<string, string> = {
  tooLong: 'max',
  tooShort: 'min',
  tooMany: 'max',
  tooFew: 'min',
  tooDeep: 'max',
};

/** 'ManureSpreadArea' or 'grasslandDerogationNumber' in words: 'Manure spread area', 'Grassland derogation number'. */
export function wordsOfName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Fills i18next-style `{{name}}` placeholders of `template`, with the formats `{{name, number}}` (written as
 * `locale` writes numbers) and `{{name, lowercase}}`.
 */
export function fillPlaceholders(template: string, values: Record<string, unknown>, locale: string): string {
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    if (format === 'number' && typeof value === 'number')
      return value.toLocaleString(locale, { maximumFractionDigits: 6 });
    if (format === 'lowercase') return String(value).toLocaleLowerCase(locale);
    return String(value);
  });
}

function say(text: IssueTextLookup, key: string, values: Record<string, unknown>, locale: string) {
  const template = text(key);
  return template === undefined ? undefined : fillPlaceholders(template, values, locale);
}

/** The label of one named part of a field path: its own label, else its wire name in words. */
function nameLabel(text: IssueTextLookup, name: string): string {
  return text(`fields.${name}`) ?? wordsOfName(name);
}

/** The label of a field path: its last named part, with the entry of a list it is in ('Name (features no. 3)'). */
export function issueFieldLabel(field: string, text: IssueTextLookup, locale: string): string {
  const whole = (part: string) => text(`parts.${part}`) ?? wordsOfName(part);
  if (parts.has(field)) return whole(field);
  const path = field.split('.');
  const named = path.filter((part) => !/^\d+$/.test(part));
  const last = named.at(-1);
  if (last === undefined) return whole('body');
  const label = nameLabel(text, last);
  const indexAt = path.findIndex((part) => /^\d+$/.test(part));
  if (indexAt > 0 && indexAt < path.lastIndexOf(last)) {
    const list = nameLabel(text, path[indexAt - 1]!);
    return (
      say(text, 'parts.listEntry', { label, list, number: Number(path[indexAt]) + 1 }, locale) ??
      `${label} (${list} ${Number(path[indexAt]) + 1})`
    );
  }
  return label;
}

/** The key of a code's sentence for these parameters: the exclusive bounds and plural forms have their own. */
function sentenceKey(code: string, params: RequestIssueParams, locale: string): string {
  if ((code === 'tooLarge' || code === 'tooSmall') && params.inclusive === false)
    return `codes.${code}Exclusive`;
  const countParam = countedBy[code];
  if (countParam !== undefined) {
    const count = Number(params[countParam]);
    return `codes.${code}_${new Intl.PluralRules(locale).select(Number.isFinite(count) ? count : 0)}`;
  }
  return `codes.${code}`;
}

/**
 * One entry of an answer's `Errors` in words, or undefined when its code is not a request issue code (or the
 * texts have no sentence for it), in which case the server's own `Message` stands.
 */
export function requestIssueWords(
  entry: IssueEntry,
  text: IssueTextLookup,
  locale: string,
): string | undefined {
  const code = entry.Code;
  if (code === undefined || !requestIssueCodes.has(code)) return undefined;
  const params = entry.Params ?? {};
  const values: Record<string, unknown> = { ...params, label: issueFieldLabel(entry.Field, text, locale) };
  const countParam = countedBy[code];
  if (countParam !== undefined) values.count = Number(params[countParam]);
  if (code === 'wrongType')
    values.expected = text(`expected.${String(params.expected)}`) ?? String(params.expected);
  if (code === 'badFormat') {
    values.format =
      text(`formats.${String(params.format)}`) ??
      say(text, 'formats.other', { format: String(params.format) }, locale) ??
      String(params.format);
  }
  const key = sentenceKey(code, params, locale);
  return (
    say(text, key, values, locale) ??
    (key.includes('_') ? say(text, `codes.${code}_other`, values, locale) : undefined)
  );
}

/** A lookup into nested texts (`{ codes: { required: '…' } }`) that sees only their own strings. */
export function textsLookup(...sources: ReadonlyArray<unknown>): IssueTextLookup {
  return (key) => {
    for (const source of sources) {
      let value: unknown = source;
      for (const part of key.split('.')) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) {
          value = undefined;
          break;
        }
        value = (value as Record<string, unknown>)[part];
      }
      if (typeof value === 'string') return value;
    }
    return undefined;
  };
}
