import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageCodes, supportedLanguage, type LanguageCode } from '@headland/domain/languages';

/** The texts of one language: nested objects of strings, as the web app's text files hold them. */
export type Texts = { [key: string]: string | Texts };

/**
 * The web app's text files (web/src/i18n/<lang>.json and <lang>.<area>.json), read from the checkout: the same
 * files the web app bundles, so the server needs no build of the web app to answer them. The path is the same
 * from src/ and from the compiled dist/.
 */
export const textsDir = fileURLToPath(new URL('../../../web/src/i18n/', import.meta.url));

function merge(target: Texts, source: Texts): Texts {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' ? merge(typeof existing === 'object' ? existing : {}, value) : value;
  }
  return target;
}

/** Reads every language's files in `dir` and merges each language's areas into one object; empty without `dir`. */
export function readLanguageTexts(dir: string = textsDir): Map<LanguageCode, Texts> {
  // An installation without the web app's sources has no texts to serve: every language is then unknown.
  if (!existsSync(dir)) return new Map();
  const byLanguage = new Map<LanguageCode, Texts>(languageCodes.map((code) => [code, {}]));
  for (const name of readdirSync(dir).sort()) {
    const match = /^([a-z]{2})(?:\.[\w-]+)?\.json$/.exec(name);
    const code = supportedLanguage(match?.[1]);
    const texts = code && byLanguage.get(code);
    if (!texts) continue;
    merge(texts, JSON.parse(readFileSync(join(dir, name), 'utf8')) as Texts);
  }
  return byLanguage;
}
