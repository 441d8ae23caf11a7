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
