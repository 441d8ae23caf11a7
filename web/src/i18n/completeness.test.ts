import { describe, expect, it } from 'vitest';
import { languageCodes } from '@headland/domain/languages';
import type { Texts } from './createI18n.ts';

/**
 * Every language has every text English has. For each English file `en.<area>.json` (and `en.json`) the file
 * `<lang>.<area>.json` of every other language must exist with:
 * - every key of English; for a plural text (English `x_one`/`x_other`), exactly the plural forms the language
 *   uses (`Intl.PluralRules(lang).resolvedOptions().pluralCategories`);
 * - no key English does not have;
 * - the same `{{placeholders}}` and `<tags>` as the English text;
 * - no text left as the English one, except the words listed below as the same in that language.
 */

const files = import.meta.glob<Texts>('./*.json', { eager: true, import: 'default' });

/**
 * Texts that are rightly the same as English. `all`: in every language (abbreviations, units, names of places
 * and products). Per language: words that language shares with English.
 */
const sameAsEnglish: Record<'all' | string, readonly string[]> = {
  all: [
    // A product name, and the short role word of the sessions list that software keeps in every language.
    'TerraMap',
    'admin',
    // Units and abbreviations written the same across Europe.
    'OK',
    'pH',
    'ha',
    't/ha',
    'mm',
    'GPS',
    'ID',
    'KML',
    'GeoJSON',
    'Shapefile',
    'CSV',
    'ZIP',
    'PDF',
    'URL',
    // Brand names and the names of coordinate systems.
    'Ordnance Survey',
    'British National Grid (EPSG:27700)',
    'Irish Transverse Mercator (EPSG:2157)',
    'Irish Grid (EPSG:29903)',
    // Terminal families and file layouts of the prescription downloads, named as their makers name them.
    'ISOBUS (ISOXML)',
    'John Deere Operations Center (Rx shapefile)',
    'CNH FieldOps (shapefile)',
    'Climate FieldView (shapefile)',
    'Trimble (shapefile)',
    // The word for a tractor's display in most of the languages.
    'Terminal',
  ],
  // German words spelt as in English.
  de: [
    // Words of the data layers and live areas German writes as English does.
    'In',
    'Magnesium',
    'Mg',
    'Sand',
    'Zone',
    'Export',
    'Import',
    'Region',
    'Status',
    'Modul',
    'England',
    'Wales',
    'Name',
    'Details',
    'Administrator',
    'Satellit',
    'Silage',
    'Normal',
    'Problem',
    'Zoom',
    'Code',
    'Triticale',
    'Miscanthus',
    // Account roles that German software leaves in English.
    'Master',
    'Manager',
    'Demo',
    'Organisation',
  ],
  // French words spelt as in English.
  fr: [
    // Prescription plans: French writes these as English does.
    'Prescriptions',
    'Total',
    'Organisation',
    // Words of the data layers and live areas French writes as English does.
    'K',
    'potassium',
    'Potassium',
    'Longitude',
    'Notifications',
    'Sessions',
    'Zone',
    'Zones',
    'admin',
    'Inactive', // A session's state: feminine in French.
    'Action',
    'Actions',
    'Module',
    'Production',
    'Performance',
    'Stocks',
    'Satellite',
    'Culture',
    'Type',
    'Date',
    'Dates',
    'Notes',
    'Description',
    'Documents',
    'document',
    'documents',
    'Protection',
    'Grain',
    'Point',
    'Invitations',
    'Exports',
    'Latitude',
    'longitude',
    'Zoom',
    'Code',
    'Triticale',
    'Miscanthus',
  ],
  es: [
    'Total',
    // Spanish words written as in English.
    'No',
    'Error',
    'Normal',
    'Zoom',
    'Triticale',
    'Miscanthus',
  ],
  it: [
    // Words of the data layers and live areas Italian writes as English does.
    'File',
    'In',
    'admin',
    // Italian words written as in English.
    'No',
    'Password',
    'Satellite',
    'Debug', // A menu for developers: Italian uses the English word.
    'Demo',
    'Zoom',
    'Triticale',
    'Miscanthus',
  ],
  nl: [
    // Dutch says partners as English does.
    'Partners',
    // Words of the data layers and live areas Dutch writes as English does.
    'Details',
    'In',
    'Label',
    'Magnesium',
    'magnesium',
    'Mg',
    'Product',
    'Zone',
    'Zones',
    // Dutch words written as in English.
    'document',
    'Conflict',
    'Status',
    'Module',
    'Broccoli',
    'Demo', // Account roles that Dutch software leaves in English.
    'Manager',
    'Wales',
    'Code',
    'Triticale',
    'Miscanthus',
  ],
  pl: [
    // Polish words written as in English.
    'Import',
    'Region',
    'Problem',
  ],
  // Names Hungarian writes as English does.
  hu: ['Wales', 'Miscanthus'],
  // Romanian words spelt as in English.
  ro: [
    'Import',
    'Export',
    'Total',
    'Conflict',
    'Operator',
    'Manager',
    'Triticale',
    'Miscanthus',
    'Nutrient',
    'admin',
  ],
  // Slovak words spelt as in English.
  sk: ['Import', 'Export', 'Wales', 'Miscanthus'],
  // Czech words spelt as in English.
  cs: ['Import', 'Export', 'Region', 'Role', 'Wales', 'Miscanthus'],
};

type Flat = Map<string, string>;

function flatten(texts: Texts, prefix = '', into: Flat = new Map()): Flat {
  for (const [key, value] of Object.entries(texts)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(id, value);
    else flatten(value, id, into);
  }
  return into;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The `{{placeholders}}` and `<tags>` of a text, sorted. */
function markers(text: string): string[] {
  const placeholders = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => `{{${match[1]}}}`);
  const tags = [...text.matchAll(/<\/?[\w-]+\s*\/?>/g)].map((match) => match[0]);
  return [...new Set([...placeholders, ...tags])].sort();
}

/** Only placeholders, digits and punctuation: nothing to translate. */
function hasNoWords(text: string): boolean {
  return !/\p{L}{2,}/u.test(text.replace(/\{\{[^}]*\}\}/g, '').replace(/<[^>]*>/g, ''));
}

/** What `texts` of `language` get wrong against `english`, one line each. */
export function textProblems(language: string, english: Texts, texts: Texts | undefined): string[] {
  if (!texts) return ['the file is missing'];
  const problems: string[] = [];
  const en = flatten(english);
  const own = flatten(texts);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const allowed = new Set([...(sameAsEnglish.all ?? []), ...(sameAsEnglish[language] ?? [])]);

  const expected = new Map<string, string>();
  const pluralBases = new Set(
    [...en.keys()].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, '')),
  );
  for (const [key, text] of en) {
    if (!pluralSuffix.test(key)) expected.set(key, text);
  }
  for (const base of pluralBases) {
    // The English form a language's form is compared with: its 'other' (which always has the count).
    const englishOther = en.get(`${base}_other`) ?? '';
    for (const category of categories) expected.set(`${base}_${category}`, englishOther);
  }

  for (const [key, englishText] of expected) {
    const text = own.get(key);
    if (text === undefined) {
      problems.push(`missing ${key}`);
      continue;
    }
    if (text.trim() === '') problems.push(`empty ${key}`);
    const base = key.replace(pluralSuffix, '');
    if (pluralBases.has(base)) {
      // A form for one may name the number in words ('un', 'ein'): only the placeholders it has must be English's.
      const englishMarkers = new Set(markers(englishText));
      const extra = markers(text).filter((marker) => !englishMarkers.has(marker));
      if (extra.length) problems.push(`${key} has ${extra.join(' ')}, which English has not`);
      if (!key.endsWith('_one') && markers(text).join(' ') !== markers(englishText).join(' '))
        problems.push(
          `${key} has ${markers(text).join(' ') || 'no placeholders'}, English ${markers(englishText).join(' ')}`,
        );
    } else if (markers(text).join(' ') !== markers(englishText).join(' ')) {
      problems.push(
        `${key} has ${markers(text).join(' ') || 'no placeholders'}, English ${markers(englishText).join(' ')}`,
      );
    }
    const sameText = en.get(key) ?? englishText;
    // A text whose every word is listed ('{{value}} ha', 'Latitude {{lat}}, longitude {{lon}}') is the same too.
    const words = text.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}+/gu) ?? [];
    const listed = allowed.has(text) || words.every((word) => allowed.has(word));
    if (text === sameText && !listed && !hasNoWords(text)) problems.push(`${key} is still English: ${text}`);
  }
  for (const key of own.keys()) {
    if (!expected.has(key)) problems.push(`extra ${key}, which English has not`);
  }
  return problems;
}

const englishFiles = Object.entries(files)
  .map(([path, texts]) => ({ area: /^\.\/en((?:\.[\w-]+)?)\.json$/.exec(path)?.[1], texts }))
  .filter((file): file is { area: string; texts: Texts } => file.area !== undefined);

describe.each(languageCodes.filter((code) => code !== 'en'))('the %s texts', (language) => {
  it.each(englishFiles.map((file) => [`${language}${file.area}.json`, file] as const))(
    '%s has every English text, translated',
    (name, file) => {
      expect(textProblems(language, file.texts, files[`./${name}`])).toEqual([]);
    },
  );

  it('has no file without an English one', () => {
    const areas = new Set(englishFiles.map((file) => file.area));
    const strays = Object.keys(files)
      .map((path) => /^\.\/([a-z]{2})((?:\.[\w-]+)?)\.json$/.exec(path))
      .filter((match) => match?.[1] === language && !areas.has(match[2] ?? ''))
      .map((match) => match?.[0]);
    expect(strays).toEqual([]);
  });
});

describe('textProblems', () => {
  const english: Texts = {
    a: 'Hectares',
    n: { count_one: '{{count}} field', count_other: '{{count}} fields' },
    p: 'Hi {{name}}',
  };

  it('accepts a full translation with the language’s plural forms', () => {
    expect(
      textProblems('pl', english, {
        a: 'Hektary',
        n: {
          count_one: 'jedno pole',
          count_few: '{{count}} pola',
          count_many: '{{count}} pól',
          count_other: '{{count}} pola',
        },
        p: 'Cześć {{name}}',
      }),
    ).toEqual([]);
  });

  it('finds missing and extra keys, missing plural forms, lost placeholders and English left over', () => {
    expect(
      textProblems('pl', english, {
        a: 'Hectares',
        n: { count_one: '1 pole', count_other: '{{count}} pola' },
        p: 'Cześć',
        x: 'y',
      }),
    ).toEqual([
      'a is still English: Hectares',
      'p has no placeholders, English {{name}}',
      'missing n.count_few',
      'missing n.count_many',
      'extra x, which English has not',
    ]);
  });

  it('allows a word that is the same in the language', () => {
    expect(textProblems('de', { a: 'Export' }, { a: 'Export' })).toEqual([]);
    expect(textProblems('fr', { a: 'Export' }, { a: 'Export' })).toEqual(['a is still English: Export']);
  });
});
