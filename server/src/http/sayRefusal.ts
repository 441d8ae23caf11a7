import { defaultLanguage, type LanguageCode } from '@headland/domain/languages';
import { refusalEntryWords, refusalWords, type RefusalBody } from '@headland/domain/api/refusalWords';
import type { FieldError, HttpError } from './httpErrors.ts';
import { refusalLocale, refusalTextLookup } from './refusalTexts.ts';

/** The answer of a refusal: the spec's `Message` and `Errors`, with the catalogue's `Code` and `Params`. */
export interface RefusalAnswer extends Record<string, unknown> {
  Message: string;
  Code: string;
  Params: Record<string, string | number | boolean>;
  Errors?: FieldError[];
}

/**
 * A refusal in `language`: its `Message` is its code said with its parameters, and so is each `Errors`
 * entry's. In English the words the thrower gave stand (a schema's own sentence, a rule set's own English);
 * in another language every code the catalogue knows is said from the translations, and only a code without
 * words there keeps the English.
 */
export function sayRefusal(error: HttpError, language: LanguageCode): RefusalAnswer {
  const { Errors, ...rest } = error.body as { Errors?: FieldError[] };
  const english = language === defaultLanguage;
  const text = refusalTextLookup(language);
  const locale = refusalLocale(language);
  const refusal: RefusalBody = { Code: error.code, Params: error.params, Errors: Errors ?? [] };
  const entries = Errors?.map((entry): FieldError => {
    const given = english ? entry.Message : undefined;
    const words = given ?? refusalEntryWords(refusal, entry, text, locale);
    return { ...entry, Message: words ?? entry.Message ?? error.message };
  });
  const message = english ? error.message : (refusalWords(refusal, text, locale) ?? error.message);
  return {
    Message: message,
    Code: error.code,
    Params: error.params,
    ...rest,
    ...(entries === undefined ? {} : { Errors: entries }),
  };
}
