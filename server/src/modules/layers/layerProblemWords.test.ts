import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RequirementProblem } from '@headland/domain/layers/requirementBasis';

const here = fileURLToPath(new URL('.', import.meta.url));
const i18n = fileURLToPath(new URL('../../../../web/src/i18n/', import.meta.url));

/** Every code the layers area answers with, read from its sources. */
function codesInSources(): Set<string> {
  const codes = new Set<string>();
  for (const name of readdirSync(here).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))) {
    const text = readFileSync(`${here}${name}`, 'utf8');
    for (const match of text.matchAll(/(?:layerProblem|LayerImportFileError)\(\s*'(\w+)'/g))
      codes.add(match[1]!);
    for (const match of text.matchAll(/Code: '(\w+)'/g)) codes.add(match[1]!);
  }
  return codes;
}

describe('words of the layers API codes', () => {
  it('has every code in English and the same keys in the eleven other languages', () => {
    const codes = codesInSources();
    expect(codes.size).toBeGreaterThan(20);
    const english = JSON.parse(readFileSync(`${i18n}en.layersServer.json`, 'utf8')).layersServer.error;
    for (const code of codes) expect(english, code).toHaveProperty(code);
    for (const lang of ['de', 'fr', 'hu', 'nl', 'pl', 'es', 'ro', 'it', 'sk', 'cs', 'bg']) {
      const words = JSON.parse(readFileSync(`${i18n}${lang}.layersServer.json`, 'utf8')).layersServer.error;
      expect(Object.keys(words).sort(), lang).toEqual(Object.keys(english).sort());
    }
  });

  it('has words for every refusal of a requirement layer, which travel as the domain codes', () => {
    const english = JSON.parse(readFileSync(`${i18n}en.layersServer.json`, 'utf8')).layersServer.error;
    for (const code of Object.values(RequirementProblem)) expect(english, code).toHaveProperty(code);
  });
});
