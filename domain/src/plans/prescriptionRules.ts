import { PlanStatus, isPlanEditable } from '../enumerations.ts';
import { fertiliserProductOf } from '../layers/fertiliserProducts.ts';
import { RateUnitId, rateUnitOf } from '../layers/rateUnits.ts';

/**
 * Prescription plans (issue 21 part 3, session-shell-connections §3-§5): the units a plan may be written in,
 * the highest rate each takes, the product keys, and the refusal of a change to a read-only plan.
 */

/** Rate units a prescription may use: the generic plan units of fields-croppings-maps §9. */
export const prescriptionRateUnitIds = [
  RateUnitId.KgHa,
  RateUnitId.THa,
  RateUnitId.LHa,
  RateUnitId.M3Ha,
  RateUnitId.SeedsM2,
  RateUnitId.SeedsHa,
] as const;

/**
 * The highest rate a zone may carry in each unit: well above any real application (about ten times the
 * heaviest lime or slurry dressing, or the densest sowing), so that a slip of the keyboard is caught.
 */
export const maxRatePerUnit: Readonly<Record<number, number>> = {
  [RateUnitId.KgHa]: 20_000,
  [RateUnitId.THa]: 200,
  [RateUnitId.LHa]: 100_000,
  [RateUnitId.M3Ha]: 500,
  [RateUnitId.SeedsM2]: 5_000,
  [RateUnitId.SeedsHa]: 50_000_000,
};

export const planNameMaxLength = 100;
export const productNameMaxLength = 100;
export const maxHeadlandMetres = 50;
export const cellSizesMetres = [5, 10, 20, 30] as const;
export const defaultCellSizeMetres = 10;
/** The flat shapefile layout's limit of zones per file (CNH FieldOps, Climate FieldView). */
export const flatLayoutMaxZones = 100;
export const maxPlanZones = 5_000;

/** Fertiliser catalogue 'F/<id>', seed 'S/<name>', or the holding's own product 'H/<name>'. */
export const productKeyPattern = /^(F\/\d{1,6}|S\/[^\s/][^/]{0,39}|H\/[^\s/][^/]{0,39})$/;

export function productKeyKnown(key: string): boolean {
  if (!productKeyPattern.test(key)) return false;
  if (key.startsWith('F/')) return fertiliserProductOf(Number(key.slice(2))) !== undefined;
  return true;
}

export function rateProblem(rate: number, rateUnitId: number): { max: number; unit: string } | null {
  const max = maxRatePerUnit[rateUnitId] ?? 0;
  if (rate >= 0 && rate <= max) return null;
  return { max, unit: rateUnitOf(rateUnitId)?.Name ?? '' };
}

/** The refusal code of a change to a plan in `status`, or null when the plan may be changed. */
export function readOnlyPlanCode(
  status: PlanStatus,
): 'planReadOnlyComplete' | 'planReadOnlyAbandoned' | null {
  if (isPlanEditable(status)) return null;
  return status === PlanStatus.Complete ? 'planReadOnlyComplete' : 'planReadOnlyAbandoned';
}

/**
 * The ISOBUS process data variable a rate unit is written in, and how many of the DDI's units one rate unit
 * makes (ISO 11783-11: DDI 6 mass per area in mg/m², DDI 1 volume per area in mm³/m², DDI 11 count per area
 * in 1/m²).
 */
export function processDataOf(rateUnitId: number): { ddi: number; perRateUnit: number } {
  switch (rateUnitId) {
    case RateUnitId.KgHa:
      return { ddi: 6, perRateUnit: 100 }; // 1 kg/ha = 1e6 mg / 1e4 m²
    case RateUnitId.THa:
      return { ddi: 6, perRateUnit: 100_000 };
    case RateUnitId.LHa:
      return { ddi: 1, perRateUnit: 100 }; // 1 l/ha = 1e6 mm³ / 1e4 m²
    case RateUnitId.M3Ha:
      return { ddi: 1, perRateUnit: 100_000 };
    case RateUnitId.SeedsM2:
      return { ddi: 11, perRateUnit: 1 };
    default:
      return { ddi: 11, perRateUnit: 1 / 10_000 }; // seeds/ha
  }
}

export const prescriptionFormats = ['isoxml', 'shapefile', 'shapefileRx'] as const;
export type PrescriptionFormat = (typeof prescriptionFormats)[number];

/** A terminal family's preset: the file it reads and the grid cell it likes. */
export const terminalPresets = {
  isobus: { format: 'isoxml', cellSize: 10 },
  johnDeere: { format: 'shapefileRx', cellSize: 10 },
  cnh: { format: 'shapefile', cellSize: 10 },
  fieldView: { format: 'shapefile', cellSize: 10 },
  trimble: { format: 'shapefile', cellSize: 10 },
} as const satisfies Record<string, { format: PrescriptionFormat; cellSize: number }>;
export type TerminalPreset = keyof typeof terminalPresets;
