import { roundTo } from '@headland/domain/units';

// A whole number, a decimal with a point (a leading or trailing point allowed) and an optional exponent.
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a typed number as a float. Empty or non-numeric text gives undefined; so does text with anything after
 * the number ('12 ha'), which a plain parseFloat would half-read as 12.
 */
export function parseNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

export interface NumberFormat {
  /** Shows at least this many digits before the decimal point, padding with zeros: 2 shows 5 as '05'. */
  leadingZeros?: number;
  /** Shows exactly this many decimals. */
  decimals?: number;
}

export function formatNumberText(value: number | undefined, format: NumberFormat = {}): string {
  if (value === undefined) return '';
  const fixed =
    format.decimals === undefined ? String(value) : roundTo(value, format.decimals).toFixed(format.decimals);
  if (!format.leadingZeros) return fixed;
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  const [whole = '', fraction] = unsigned.split('.');
  const padded = whole.padStart(format.leadingZeros, '0');
  return `${negative ? '-' : ''}${padded}${fraction === undefined ? '' : `.${fraction}`}`;
}

export function clampNumber(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/** Decimals of a step such as 0.25, so that stepping never leaves float noise behind (0.1 + 0.2). */
export function stepDecimals(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

export function stepNumber(value: number, step: number, direction: 1 | -1): number {
  return roundTo(value + step * direction, Math.max(stepDecimals(step), stepDecimals(value)));
}
