/**
 * The zone editor's pure rules (fields-croppings-maps §4 Zone editing, Map edit modes): what a zone edit may
 * commit, what Cancel restores, what Reset returns to, and the decisions of split and merge. The numbers are
 * in `zoneRules.ts`, which the server's PostGIS operations use too.
 */
import { LayerTypeId } from './layerTypes';
import {
  isAcceptedZoneNumber,
  isUserDefined,
  isZoneChanged,
  mergeRetryBufferMetres,
  minZonePartSquareMetres,
} from './zoneRules';

/** What Cancel restores of a zone (§4): geometry, value, number, label and picture. */
export interface ZoneSnapshot {
  Geometry: string;
  Value: number | null;
  Number: number | null;
  Label: string | null;
  DocumentId: number | null;
}

/** A zone being edited: its state when the editor opened and now. */
export interface EditedZone {
  initial: ZoneSnapshot;
  current: ZoneSnapshot;
}

export function startZoneEdit(zone: ZoneSnapshot): EditedZone {
  return { initial: { ...zone }, current: { ...zone } };
}

/** §4: changed when value, label, picture or geometry differs from the initial (the number alone does not count). */
export function zoneEditChanged(edit: EditedZone): boolean {
  return isZoneChanged(edit.initial, edit.current);
}

/** §4: Cancel restores the initial geometry, value, number, label and picture. */
export function cancelZoneEdit(edit: EditedZone): EditedZone {
  return { initial: edit.initial, current: { ...edit.initial } };
}

/** The ids of the zones whose edits changed something, in the order given. */
export function changedZoneIds(edits: ReadonlyMap<number, EditedZone>): number[] {
  return [...edits].filter(([, edit]) => zoneEditChanged(edit)).map(([id]) => id);
}

/** A zone of the layer as the editor tracks it: its id and what Cancel restores. */
export interface TrackedLayerZone extends ZoneSnapshot {
  Id: number;
}

/**
 * §4 change tracking over the whole layer: the zones changed since editing began when a zone was added or
 * removed (a cut, split, merge or drawing), or a zone's value, label, picture or geometry differs from its initial.
 */
export function layerZonesChanged(
  initial: readonly TrackedLayerZone[],
  current: readonly TrackedLayerZone[],
): boolean {
  if (initial.length !== current.length) return true;
  const before = new Map(initial.map((zone) => [zone.Id, zone]));
  return current.some((zone) => {
    const start = before.get(zone.Id);
    return !start || isZoneChanged(start, zone);
  });
}

export type ZoneNumberProblem = 'notPositiveWhole' | null;

/**
 * §4 and §2 number input: the typed text of a zone number parsed (empty or non-numeric is no number); a number
 * is accepted only when empty or positive, and zone numbers are whole.
 */
export function parseZoneNumber(text: string): { value: number | null; problem: ZoneNumberProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, problem: null };
  const value = Number.parseFloat(trimmed);
  if (Number.isNaN(value)) return { value: null, problem: null };
  if (!isAcceptedZoneNumber(value) || !Number.isInteger(value)) return { value, problem: 'notPositiveWhole' };
  return { value, problem: null };
}

export type RateProblem = 'required' | 'negative' | null;

/** A product rate or zone value typed in: a number of at least 0; empty is refused for a rate. */
export function parseRate(text: string): { value: number | null; problem: RateProblem } {
  const value = Number.parseFloat(text.trim().replace(',', '.'));
  if (Number.isNaN(value)) return { value: null, problem: 'required' };
  if (value < 0) return { value, problem: 'negative' };
  return { value, problem: null };
}

/**
 * A zone's value as typed in the editor: a drawing's shapes are notes (their label says it), so an empty value
 * stays empty there; every other layer's zone needs one.
 */
export function parseZoneValue(text: string, typeId: number): { value: number | null; problem: RateProblem } {
  if (typeId === LayerTypeId.Drawing && text.trim() === '') return { value: null, problem: null };
  return parseRate(text);
}

/** The kind of zone editor a layer opens: requirement zones edit values, application zones product rates. */
export type ZoneLayerKind = 'requirement' | 'application' | 'other';

export function zoneLayerKind(typeId: number): ZoneLayerKind {
  if (typeId === LayerTypeId.NutrientRequirement) return 'requirement';
  if (typeId === LayerTypeId.Application) return 'application';
  return 'other';
}

/** What Reset reads of a zone. */
export interface ResettableZone {
  Value: number | null;
  InitValue: number | null;
  ProductRate: number | null;
  InitProductRate: number | null;
  UserDefined: boolean;
}

/**
 * §4 Reset: a requirement zone goes back to its calculated value, an application zone to its initial product
 * rate. Other layers have nothing to reset to (null).
 */
export function resetTarget(
  kind: ZoneLayerKind,
  zone: ResettableZone,
): { field: 'Value' | 'ProductRate'; value: number | null } | null {
  if (kind === 'requirement') return { field: 'Value', value: zone.InitValue };
  if (kind === 'application') return { field: 'ProductRate', value: zone.InitProductRate };
  return null;
}

/** §4: a zone is user-defined when flagged or when its value (or rate) differs from the calculated one. */
export function zoneUserDefined(kind: ZoneLayerKind, zone: ResettableZone): boolean {
  if (kind === 'application') return isUserDefined(zone.UserDefined, zone.ProductRate, zone.InitProductRate);
  return isUserDefined(zone.UserDefined, zone.Value, zone.InitValue);
}

/** Whether Reset would change anything: the zone is user-defined. */
export function canResetZone(kind: ZoneLayerKind, zone: ResettableZone): boolean {
  return kind !== 'other' && zoneUserDefined(kind, zone);
}

/** The drawing types of §4 Map edit modes. */
export type DrawingType = 'Polygon' | 'Point' | 'LineString' | 'Circle' | 'Square' | 'Box';

/**
 * §4: a new feature may be committed only with a positive area (polygon, square, box), a line with a positive
 * length; a point or a circle always.
 */
export function canCommitDrawing(type: DrawingType, measure: { area?: number; length?: number }): boolean {
  switch (type) {
    case 'Point':
    case 'Circle':
      return true;
    case 'LineString':
      return (measure.length ?? 0) > 0;
    default:
      return (measure.area ?? 0) > 0;
  }
}

/** §4 split: a part is kept when valid and at least 0.1 m² (smaller or invalid parts are dropped). */
export function keepsSplitPart(part: { valid: boolean; areaSquareMetres: number }): boolean {
  return part.valid && part.areaSquareMetres >= minZonePartSquareMetres;
}

/** §4: a split needs a zone and a line that leaves at least two kept parts. */
export function splitOutcome(
  parts: readonly { valid: boolean; areaSquareMetres: number }[],
): 'split' | 'unchanged' {
  return parts.filter(keepsSplitPart).length >= 2 ? 'split' : 'unchanged';
}

/** What a union of zones gave. */
export interface UnionResult {
  /** Every input zone was valid. */
  inputsValid: boolean;
  valid: boolean;
  /** Polygons in the result (1 when it is one polygon). */
  polygonCount: number;
}

export type MergeDecision =
  | { action: 'tooFewZones' }
  | { action: 'merge' }
  | { action: 'retryWithBuffer'; bufferMetres: number }
  | { action: 'invalidMerge' };

/**
 * §4 merge: at least two zones; union needs every input valid; the result must be one valid polygon, and when
 * the first union is not, one retry with a 0.01 buffer is made before the invalid-merge flag is set.
 */
export function mergeDecision(
  selectedCount: number,
  union: UnionResult | null,
  retried: boolean,
): MergeDecision {
  if (selectedCount < 2) return { action: 'tooFewZones' };
  if (!union || !union.inputsValid) return { action: 'invalidMerge' };
  if (union.valid && union.polygonCount === 1) return { action: 'merge' };
  return retried
    ? { action: 'invalidMerge' }
    : { action: 'retryWithBuffer', bufferMetres: mergeRetryBufferMetres };
}

/** The zone tools of the editor, in the order of the toolbar. */
export const zoneTools = [
  'drawPolygon',
  'drawCircle',
  'drawRectangle',
  'drawSquare',
  'cut',
  'split',
  'merge',
] as const;
export type ZoneTool = (typeof zoneTools)[number];

/** Whether a tool may start with `selected` zones selected: merge needs two, split one, the others none. */
export function zoneToolEnabled(tool: ZoneTool, selected: number): boolean {
  if (tool === 'merge') return selected >= 2;
  if (tool === 'split') return selected === 1;
  return true;
}
