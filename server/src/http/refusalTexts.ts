import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { defaultLanguage, supportedLanguage, type LanguageCode } from '@headland/domain/languages';
import type { TextLookup } from '@headland/domain/api/refusalCodes';
import { textsLookup } from '@headland/domain/api/requestIssueWords';
import { readLanguageTexts, textsDir, type Texts } from './languageTexts.ts';

/**
 * The words of refusals in every language: the web app's text files (web/src/i18n/<lang>.<area>.json), which
 * the compiled server carries in dist/http/texts/ (the build copies them) and the sources read from the
 * checkout. Each key missing in a language falls back to English (docs/decisions.md, "One refusal shape").
 */
const builtTextsDir = fileURLToPath(new URL('./texts/', import.meta.url));

let byLanguage: Map<LanguageCode, Texts> | undefined;

function languageTexts(): Map<LanguageCode, Texts> {
  byLanguage ??= readLanguageTexts(existsSync(builtTextsDir) ? builtTextsDir : textsDir);
  return byLanguage;
}

const lookups = new Map<LanguageCode, TextLookup>();

/** The raw texts of `language` by full key, each falling back to English. */
export function refusalTextLookup(language: LanguageCode = defaultLanguage): TextLookup {
  let lookup = lookups.get(language);
  if (!lookup) {
    const texts = languageTexts();
    lookup = textsLookup(texts.get(language) ?? {}, texts.get(defaultLanguage) ?? {});
    lookups.set(language, lookup);
  }
  return lookup;
}

/** How `language` writes numbers in a refusal's words. */
export function refusalLocale(language: LanguageCode): string {
  return language === defaultLanguage ? 'en-GB' : language;
}

/** The languages of an Accept-Language header, most wanted first. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((option) => /^\s*q=([\d.]+)\s*$/.exec(option)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language a refusal is said in: the request's `lang` parameter, else the first supported language of its
 * Accept-Language header, else the language saved on the caller's account, else English.
 */
export function refusalLanguage(
  request: Pick<FastifyRequest, 'url' | 'headers'> & {
    auth?: { user: { language: LanguageCode | null } } | null;
  },
): LanguageCode {
  const query = request.url.indexOf('?');
  if (query >= 0) {
    const lang = supportedLanguage(new URLSearchParams(request.url.slice(query + 1)).get('lang'));
    if (lang) return lang;
  }
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.length <= 500) {
    for (const tag of acceptedLanguages(header)) {
      const lang = supportedLanguage(tag);
      if (lang) return lang;
    }
  }
  return request.auth?.user.language ?? defaultLanguage;
}
