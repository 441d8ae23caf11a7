import { formatHectares } from '@headland/domain/units';
import { dateLocale } from './dateLocale.ts';

/** The locale numbers are written in for `language` (the same as its dates: en-GB for English). */
export function numberLocale(language: string): string {
  return dateLocale(language, typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
}

/** An area in hectares, 2 decimals, without the unit, written the way `language` writes numbers. */
export function formatArea(hectares: number, language: string): string {
  return formatHectares(hectares, numberLocale(language));
}

/** A number with exactly `decimals` decimals, without thousands separators, written the way `language` writes numbers. */
export function formatDecimal(value: number, decimals: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value);
}
