import type { TFunction } from 'i18next';
import { croppingProblemCodeSchema, type CroppingProblem } from '@headland/domain/croppingRules';
import { formatDisplayDate, type IsoDate } from '@headland/domain/isoDate';
import { formatHectares } from '@headland/domain/units';
import { numberLocale } from '../../i18n/numberFormat.ts';

const areaParams = new Set(['area', 'fieldArea', 'overallArea']);
const dateParams = new Set(['sowingFrom', 'sowingTo', 'endBy']);

/**
 * The words of a cropping problem, from the translations: areas in hectares (written as `language` writes
 * numbers, when given), dates as the user reads them.
 */
export function croppingProblemText(
  t: TFunction,
  problem: Pick<CroppingProblem, 'code' | 'params'>,
  language?: string,
): string {
  const params: Record<string, string | number> = {};
  const locale = language === undefined ? undefined : numberLocale(language);
  for (const [name, value] of Object.entries(problem.params)) {
    if (areaParams.has(name)) params[name] = formatHectares(Number(value), locale);
    else if (dateParams.has(name)) params[name] = formatDisplayDate(String(value) as IsoDate);
    else if (name === 'attribute') params[name] = t(`fields.cropping.${String(value)}`);
    else params[name] = value;
  }
  return t(`fields.croppingProblems.${problem.code}`, params);
}

/**
 * The words of an entry of a refused save's `Errors`: the translation of its cropping problem code, or
 * undefined for any other entry, whose own message then stands.
 */
export function translateCroppingError(
  t: TFunction,
  entry: { Code?: string; Params?: Record<string, string | number | boolean> },
  language?: string,
): string | undefined {
  const code = croppingProblemCodeSchema.safeParse(entry.Code);
  if (!code.success) return undefined;
  // Request issues may carry true or false; the cropping rule set's own parameters are texts and numbers.
  const params = Object.fromEntries(
    Object.entries(entry.Params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'boolean' ? String(value) : value,
    ]),
  );
  return croppingProblemText(t, { code: code.data, params }, language);
}
