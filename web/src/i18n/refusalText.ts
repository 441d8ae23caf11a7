import type { i18n } from 'i18next';
import { defaultLanguage, supportedLanguage } from '@headland/domain/languages';
import type { RefusalFamily, TextLookup } from '@headland/domain/api/refusalCodes';
import {
  refusalEntryWords,
  refusalWords,
  type ParamSayer,
  type RefusalBody,
  type RefusalEntry,
} from '@headland/domain/api/refusalWords';
import { requestIssueCodes } from '@headland/domain/api/requestIssueWords';
import { formatDisplayDate, type IsoDate } from '@headland/domain/isoDate';
import { formatHectares } from '@headland/domain/units';
import { numberLocale } from './numberFormat.ts';

/** The raw texts of `language` by full key (`refusals.codes.notFound`), each falling back to English. */
function textsOf(instance: i18n, language: string): TextLookup {
  return (key) => {
    for (const code of [language, defaultLanguage]) {
      const text: unknown = instance.getResource(code, 'translation', key);
      if (typeof text === 'string') return text;
    }
    return undefined;
  };
}

const areaParams = new Set(['area', 'fieldArea', 'overallArea']);
const dateParams = new Set(['sowingFrom', 'sowingTo', 'endBy']);

/**
 * The parameters of a cropping problem as the reader writes them: areas in hectares (in the language's number
 * format), dates as the user reads them, the attribute at fault by its name on the form.
 */
export function croppingParamSayer(instance: i18n, locale: string | undefined): ParamSayer {
  return (family, name, value) => {
    if (family !== 'cropping') return undefined;
    if (areaParams.has(name)) return formatHectares(Number(value), locale);
    if (dateParams.has(name)) return formatDisplayDate(String(value) as IsoDate);
    if (name === 'attribute') return instance.t(`fields.cropping.${String(value)}`);
    return typeof value === 'boolean' ? String(value) : undefined;
  };
}

function shownLanguage(instance: i18n) {
  const language = supportedLanguage(instance.language) ?? defaultLanguage;
  return { language, locale: numberLocale(language) };
}

/**
 * The one way a refusal becomes words in the shown language: its `Code` with its `Params`, from the catalogue's
 * translations (domain/src/api/refusalCodes.ts), a request issue said for the field of the first `Errors`
 * entry. Falls back to the server's `Message` when the code is not in the catalogue. In English, a request
 * issue keeps the server's words, which may be the schema's own sentence ('Type at least 2 characters…').
 */
export function refusalText(instance: i18n, refusal: RefusalBody & { Message?: string }): string | undefined {
  const { language, locale } = shownLanguage(instance);
  const first = refusal.Errors?.[0];
  if (
    language === defaultLanguage &&
    refusal.Message &&
    first?.Code === refusal.Code &&
    isIssue(refusal.Code)
  )
    return refusal.Message;
  const sayParam = croppingParamSayer(instance, locale);
  return refusalWords(refusal, textsOf(instance, language), locale, { sayParam }) ?? refusal.Message;
}

/**
 * The words of one entry of a refusal's `Errors` in the shown language; `family` names the rule set whose bare
 * codes the entry carries when the refusal itself is not at hand (`layers` for `tooManyZones`). Undefined when
 * the entry's code has no words of the catalogue, so that the caller may keep the server's message.
 */
export function refusalEntryText(
  instance: i18n,
  entry: RefusalEntry,
  refusal: RefusalBody = {},
  family?: RefusalFamily,
): string | undefined {
  const { language, locale } = shownLanguage(instance);
  if (language === defaultLanguage && entry.Message && isIssue(entry.Code)) return entry.Message;
  const sayParam = croppingParamSayer(instance, locale);
  const body: RefusalBody = family && !refusal.Code ? { Code: `${family}.${entry.Code ?? ''}` } : refusal;
  return refusalEntryWords(body, entry, textsOf(instance, language), locale, { sayParam });
}

function isIssue(code: string | undefined): boolean {
  return code !== undefined && requestIssueCodes.has(code);
}
