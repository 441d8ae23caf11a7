import {
  croppingDescription,
  croppingEndDate,
  hasInvalidDates,
  isDestroyed,
  type Cropping,
  type CroppingDates,
  type CroppingDraft,
} from './cropping';
import { CropId } from './crops';
import { harvestYearEnd } from './harvestYear';
import { daysBetween } from './isoDate';

/** A destroyed crop is followed by the crops sown within this many days of its destruction. */
export const destroyedSuccessorMaxDays = 2;

/** Croppings of one year that together take at most this share of the field count as the whole field. */
export const mergedUnitAreaRatio = 1.1;

/** Two areas match, for chaining, when they differ by no more than this. */
export const chainAreaToleranceHa = 0.01;

/**
 * Land uses that keep to the same part of a field from year to year: one of them is chained to the same crop of
 * the next year when the areas match, instead of being merged with the rest of the field.
 */
export const chainableCropIds: ReadonlySet<number> = new Set([
  CropId.Grass,
  CropId.PermanentGrass,
  CropId.RoughGrazing,
  CropId.GrassClover,
  CropId.Fallow,
  CropId.Efa,
  CropId.GrassMargin,
  CropId.OutdoorPigs,
  CropId.OutdoorPoultry,
  CropId.NonFarmedArea,
  CropId.Woodland,
]);

export interface RotationCropping extends CroppingDates {
  CroppingId: number;
  YearId: number;
  CropId: number;
  Area: number | null;
  /** Whether the crop is perennial (from the crop table). */
  perennial: boolean;
}

export interface RotationLinks {
  previousIds: number[];
  nextIds: number[];
}

/**
 * A perennial goes on into the next crop year unless it is destroyed within its own year. A destruction date
 * after the year's end means the plant is still there when the next year begins.
 */
export function continuesIntoNextYear(
  cropping: Pick<RotationCropping, 'perennial' | 'YearId' | 'Destroyed' | 'DestructionDate'>,
): boolean {
  if (!cropping.perennial) return false;
  if (cropping.DestructionDate) return cropping.DestructionDate > harvestYearEnd(cropping.YearId);
  return cropping.Destroyed !== true;
}

/**
 * The cropping that carries a perennial into the next crop year, or undefined when it does not continue. It keeps
 * the plant (crop, variety, sowing date, area, place, management and agreements) and leaves out what belongs to
 * one season: harvest, targets, measurements, plan membership and the manure spread area.
 */
export function perennialContinuation(cropping: Cropping, perennial: boolean): CroppingDraft | undefined {
  if (!continuesIntoNextYear({ ...cropping, perennial })) return undefined;
  const destruction = cropping.DestructionDate;
  return {
    YearId: cropping.YearId + 1,
    FieldId: cropping.FieldId,
    PlotId: cropping.PlotId,
    BatchId: cropping.BatchId,
    SowingDate: cropping.SowingDate,
    HarvestDate: null,
    DestructionDate: destruction,
    Destroyed: destruction !== null && cropping.Destroyed,
    CropId: cropping.CropId,
    CropName: cropping.CropName,
    CropDescr: cropping.CropDescr,
    VarietyId: cropping.VarietyId,
    VarietyName: cropping.VarietyName,
    Market: cropping.Market,
    Purpose: cropping.Purpose,
    Area: cropping.Area,
    ManureSpreadArea: null,
    ManagementOptions: cropping.ManagementOptions.map((option) => ({ ...option })),
    ProtectionStatus: cropping.ProtectionStatus,
    GrassManagement: cropping.GrassManagement,
    GrassCuts: cropping.GrassCuts,
    GrowingSeasonLength: cropping.GrowingSeasonLength,
    NCropGroup: null,
    BiomassLevel: null,
    NLeafAnalysis: null,
    Residue: cropping.Residue,
    TargetYield: null,
    StrawMulch: null,
    Undersown: null,
    TargetpH: cropping.TargetpH,
  };
}

type Edges = Map<number, { previous: Set<number>; next: Set<number> }>;

function area(cropping: RotationCropping): number {
  return cropping.Area ?? 0;
}

function byId(a: RotationCropping, b: RotationCropping): number {
  return a.CroppingId - b.CroppingId;
}

/**
 * Links the croppings of one field into its rotation and answers, for every cropping given, the ids before and
 * after it. Croppings whose start is not before their end take no part and get no links. In order:
 *
 * 1. A destroyed crop that does not continue is followed by the crops of its own or the next year sown within
 *    2 days of its destruction (or harvest when it has no destruction date).
 * 2. A perennial that continues is followed by the same crop in the next year (the closest in area).
 * 3. A chainable crop is followed by the same crop in the next year when the areas match.
 * 4. What is left of each year forms one unit, followed by what is left of the next year. When a unit's croppings
 *    together take more than 110 % of the field they were not all on the ground at once, so only the last
 *    (latest ending) of year Y and the first (earliest sown) of year Y+1 that fit in the field are linked.
 *
 * In steps 2 and 3 a crop that covers more than its partner keeps the rest of its area for step 4, so the rest of
 * the field is still linked (grass of 10 ha followed by 6 ha of grass and 4 ha of wheat precedes both).
 */
export function linkRotation(
  croppings: readonly RotationCropping[],
  fieldArea: number,
): Map<number, RotationLinks> {
  const edges: Edges = new Map(
    croppings.map((c) => [c.CroppingId, { previous: new Set(), next: new Set() }]),
  );
  const link = (from: RotationCropping, to: RotationCropping) => {
    edges.get(from.CroppingId)?.next.add(to.CroppingId);
    edges.get(to.CroppingId)?.previous.add(from.CroppingId);
  };
  const eligible = croppings.filter((c) => !hasInvalidDates(c)).sort(byId);
  const years = new Map<number, RotationCropping[]>();
  for (const cropping of eligible) {
    years.set(cropping.YearId, [...(years.get(cropping.YearId) ?? []), cropping]);
  }

  // Remaining area of each cropping still to be linked forward (ahead) and backward (behind).
  const ahead = new Map(eligible.map((c) => [c.CroppingId, area(c)]));
  const behind = new Map(eligible.map((c) => [c.CroppingId, area(c)]));
  const resolveAhead = new Set<number>();
  const resolveBehind = new Set<number>();

  linkDestroyed(eligible, link, resolveAhead, resolveBehind);

  for (const [year, current] of years) {
    const following = years.get(year + 1);
    if (!following) continue;
    const open = (c: RotationCropping, resolved: Set<number>) => !resolved.has(c.CroppingId);
    const pair = (from: RotationCropping, to: RotationCropping) => {
      link(from, to);
      const shared = Math.min(ahead.get(from.CroppingId) ?? 0, behind.get(to.CroppingId) ?? 0);
      settle(ahead, resolveAhead, from, shared);
      settle(behind, resolveBehind, to, shared);
    };

    for (const from of current.filter((c) => open(c, resolveAhead) && continuesIntoNextYear(c))) {
      const candidates = following.filter((to) => open(to, resolveBehind) && to.CropId === from.CropId);
      const closest = [...candidates].sort(
        (a, b) => Math.abs(area(a) - area(from)) - Math.abs(area(b) - area(from)) || byId(a, b),
      )[0];
      if (closest) pair(from, closest);
    }

    for (const from of current.filter((c) => open(c, resolveAhead) && chainableCropIds.has(c.CropId))) {
      const match = following.find(
        (to) =>
          open(to, resolveBehind) &&
          to.CropId === from.CropId &&
          Math.abs((behind.get(to.CroppingId) ?? 0) - (ahead.get(from.CroppingId) ?? 0)) <=
            chainAreaToleranceHa + 1e-9,
      );
      if (match) pair(from, match);
    }

    const last = fitInField(
      current.filter((c) => open(c, resolveAhead)),
      ahead,
      fieldArea,
      (a, b) => compareDesc(endKey(a), endKey(b)) || byId(a, b),
    );
    const first = fitInField(
      following.filter((c) => open(c, resolveBehind)),
      behind,
      fieldArea,
      (a, b) => compareAsc(startKey(a), startKey(b)) || byId(a, b),
    );
    for (const from of last) for (const to of first) link(from, to);
  }

  return new Map(
    [...edges].map(([id, { previous, next }]) => [
      id,
      { previousIds: [...previous].sort((a, b) => a - b), nextIds: [...next].sort((a, b) => a - b) },
    ]),
  );
}

function settle(
  remaining: Map<number, number>,
  resolved: Set<number>,
  cropping: RotationCropping,
  shared: number,
) {
  const left = (remaining.get(cropping.CroppingId) ?? 0) - shared;
  remaining.set(cropping.CroppingId, left);
  if (left <= chainAreaToleranceHa + 1e-9) resolved.add(cropping.CroppingId);
}

function linkDestroyed(
  eligible: readonly RotationCropping[],
  link: (from: RotationCropping, to: RotationCropping) => void,
  resolveAhead: Set<number>,
  resolveBehind: Set<number>,
) {
  const successorsOf = new Map<RotationCropping, RotationCropping[]>();
  for (const from of eligible) {
    const end = croppingEndDate(from);
    if (!isDestroyed(from) || continuesIntoNextYear(from) || end === undefined) continue;
    const sown = from.SowingDate || undefined;
    const successors = eligible.filter((to) => {
      const start = to.SowingDate || undefined;
      return (
        to !== from &&
        (to.YearId === from.YearId || to.YearId === from.YearId + 1) &&
        start !== undefined &&
        (sown === undefined || start > sown) &&
        Math.abs(daysBetween(end, start)) <= destroyedSuccessorMaxDays
      );
    });
    if (successors.length > 0) successorsOf.set(from, successors);
  }
  // Marked only once all are found, so that two crops destroyed together can share one successor.
  for (const [from, successors] of successorsOf) {
    resolveAhead.add(from.CroppingId);
    for (const to of successors) {
      link(from, to);
      resolveBehind.add(to.CroppingId);
    }
  }
}

function endKey(cropping: RotationCropping): string {
  return croppingEndDate(cropping) ?? cropping.SowingDate ?? '';
}

function startKey(cropping: RotationCropping): string {
  return cropping.SowingDate || croppingEndDate(cropping) || '9999-12-31';
}

function compareAsc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareDesc(a: string, b: string): number {
  return compareAsc(b, a);
}

/** Takes croppings in the given order while their areas together stay within 110 % of the field. */
function fitInField(
  candidates: RotationCropping[],
  remaining: Map<number, number>,
  fieldArea: number,
  order: (a: RotationCropping, b: RotationCropping) => number,
): RotationCropping[] {
  if (fieldArea <= 0) return candidates;
  const limit = fieldArea * mergedUnitAreaRatio + 1e-9;
  const chosen: RotationCropping[] = [];
  let total = 0;
  for (const cropping of [...candidates].sort(order)) {
    const size = remaining.get(cropping.CroppingId) ?? 0;
    if (chosen.length === 0 || total + size <= limit) {
      chosen.push(cropping);
      total += size;
    }
  }
  return chosen;
}

/** Links the croppings of many fields, each field on its own. */
export function linkFieldRotations(
  croppings: readonly (RotationCropping & { FieldId: number })[],
  fieldAreas: ReadonlyMap<number, number>,
): Map<number, RotationLinks> {
  const byField = new Map<number, RotationCropping[]>();
  for (const cropping of croppings) {
    byField.set(cropping.FieldId, [...(byField.get(cropping.FieldId) ?? []), cropping]);
  }
  const links = new Map<number, RotationLinks>();
  for (const [fieldId, fieldCroppings] of byField) {
    for (const [id, link] of linkRotation(fieldCroppings, fieldAreas.get(fieldId) ?? 0)) links.set(id, link);
  }
  return links;
}

/** A cropping offered as the starting point of rotation planning. */
export interface RotationPlanningTarget {
  field: number;
  croppingId: number;
  /** A perennial that goes on into the next year leaves no room to plan another crop after it. */
  selectable: boolean;
  crop: string;
  perennial: boolean;
  /** Field name, crop and area in ha. */
  description: string;
}

export function rotationPlanningTarget(
  cropping: Pick<Cropping, 'CroppingId' | 'FieldId' | 'YearId' | 'Area' | 'Destroyed' | 'DestructionDate'>,
  fieldName: string,
  crop: { label: string; perennial: boolean },
): RotationPlanningTarget {
  return {
    field: cropping.FieldId,
    croppingId: cropping.CroppingId,
    selectable: !continuesIntoNextYear({ ...cropping, perennial: crop.perennial }),
    crop: crop.label,
    perennial: crop.perennial,
    description: croppingDescription(fieldName, crop.label, cropping.Area ?? 0),
  };
}
