import type { VisibleCroppingEntry } from '@headland/domain/visibleCroppings';
import { areaDecimals, roundTo } from '@headland/domain/units';

/** The groupings of the Cropping tab's drop-down (holdings spec §2.2). */
export const croppingGroupings = ['all', 'crop', 'variety', 'fieldGroup', 'cropDescription'] as const;
export type CroppingGrouping = (typeof croppingGroupings)[number];

export interface CroppingGroup {
  /** Stable within one grouping. */
  key: string;
  /** What the croppings share; null for 'All crops' and for croppings without a value (no variety, say). */
  value: string | null;
  croppings: VisibleCroppingEntry[];
  /** Total area in hectares, rounded to 2 decimals. */
  area: number;
}

function valueOf(cropping: VisibleCroppingEntry, grouping: CroppingGrouping): string | null {
  const blankToNull = (text: string | null) => (text?.trim() ? text.trim() : null);
  switch (grouping) {
    case 'all':
      return null;
    case 'crop':
      return blankToNull(cropping.cropName);
    case 'variety':
      return blankToNull(cropping.varietyName);
    case 'fieldGroup':
      return blankToNull(cropping.fieldGroup);
    case 'cropDescription':
      return blankToNull(cropping.cropDescription);
  }
}

/**
 * The croppings in groups, by value in alphabetical order with the croppings lacking one last; within a group
 * the croppings keep the order given (field name, then crop, as the server lists them).
 */
export function groupCroppings(
  croppings: readonly VisibleCroppingEntry[],
  grouping: CroppingGrouping,
): CroppingGroup[] {
  const byValue = new Map<string | null, VisibleCroppingEntry[]>();
  for (const cropping of croppings) {
    const value = valueOf(cropping, grouping);
    const members = byValue.get(value) ?? [];
    members.push(cropping);
    byValue.set(value, members);
  }
  return [...byValue.entries()]
    .sort(([a], [b]) => {
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      return a.localeCompare(b, 'en-GB', { numeric: true });
    })
    .map(([value, members]) => ({
      key: `${grouping}:${value ?? ''}`,
      value,
      croppings: members,
      area: roundTo(
        members.reduce((sum, cropping) => sum + cropping.area, 0),
        areaDecimals,
      ),
    }));
}

export type GroupCheck = 'checked' | 'unchecked' | 'mixed';

/** The tri-state of a group's checkbox: every cropping authorised, none, or some. */
export function groupCheck(authorised: readonly boolean[]): GroupCheck {
  if (authorised.length === 0 || authorised.every(Boolean)) return 'checked';
  return authorised.some(Boolean) ? 'mixed' : 'unchecked';
}
