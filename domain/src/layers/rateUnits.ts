/**
 * Rate units of fields-croppings-maps §9 (ids 1-22), each with the total unit a field's total is given in and
 * the factor from one rate unit × 1 ha to that total unit.
 */
export interface RateUnitDefinition {
  Id: number;
  Name: string;
  /** Unit of a total over an area. */
  TotalUnit: string;
  /** Total units per (rate unit × hectare). */
  TotalPerRateHectare: number;
}

export const rateUnits: readonly RateUnitDefinition[] = [
  { Id: 1, Name: 'kg/ha', TotalUnit: 'kg', TotalPerRateHectare: 1 },
  { Id: 2, Name: 't/ha', TotalUnit: 't', TotalPerRateHectare: 1 },
  { Id: 3, Name: 'g/ha', TotalUnit: 'g', TotalPerRateHectare: 1 },
  { Id: 4, Name: 'ml/ha', TotalUnit: 'ml', TotalPerRateHectare: 1 },
  { Id: 5, Name: 'l/ha', TotalUnit: 'l', TotalPerRateHectare: 1 },
  { Id: 6, Name: 'm³/ha', TotalUnit: 'm³', TotalPerRateHectare: 1 },
  { Id: 7, Name: 'l/l', TotalUnit: 'l', TotalPerRateHectare: 1 },
  { Id: 8, Name: 'l/100l', TotalUnit: 'l', TotalPerRateHectare: 1 },
  { Id: 9, Name: 'kg/100l', TotalUnit: 'kg', TotalPerRateHectare: 1 },
  { Id: 10, Name: 'ml/100l', TotalUnit: 'ml', TotalPerRateHectare: 1 },
  { Id: 11, Name: 'g/100l', TotalUnit: 'g', TotalPerRateHectare: 1 },
  { Id: 12, Name: 'seeds/m²', TotalUnit: 'seeds', TotalPerRateHectare: 10_000 },
  { Id: 13, Name: 'seeds/ha', TotalUnit: 'seeds', TotalPerRateHectare: 1 },
  { Id: 14, Name: '1K seeds/ha', TotalUnit: '1K seeds', TotalPerRateHectare: 1 },
  { Id: 15, Name: '10K seeds/ha', TotalUnit: '10K seeds', TotalPerRateHectare: 1 },
  { Id: 16, Name: '1M seeds/ha', TotalUnit: '1M seeds', TotalPerRateHectare: 1 },
  { Id: 17, Name: 'units/ha', TotalUnit: 'units', TotalPerRateHectare: 1 },
  { Id: 18, Name: 'bags/ha', TotalUnit: 'bags', TotalPerRateHectare: 1 },
  { Id: 19, Name: 'plants/ha', TotalUnit: 'plants', TotalPerRateHectare: 1 },
  { Id: 20, Name: 'trays/ha', TotalUnit: 'trays', TotalPerRateHectare: 1 },
  { Id: 21, Name: 'tubers/ha', TotalUnit: 'tubers', TotalPerRateHectare: 1 },
  { Id: 22, Name: 'bulbs/ha', TotalUnit: 'bulbs', TotalPerRateHectare: 1 },
];

export const RateUnitId = { KgHa: 1, THa: 2, LHa: 5, M3Ha: 6, SeedsM2: 12, SeedsHa: 13 } as const;

/** Seeds in one unit of the units/ha rate (§9). */
export const seedsPerUnit = 50_000;

export const rateUnitIds = rateUnits.map((unit) => unit.Id);

export function rateUnitOf(id: number): RateUnitDefinition | undefined {
  return rateUnits.find((unit) => unit.Id === id);
}

/** The product total over `hectares` at `rate` in the rate unit `id`, in that unit's total unit. */
export function totalForRate(rate: number, hectares: number, id: number): number {
  const unit = rateUnitOf(id);
  return rate * hectares * (unit?.TotalPerRateHectare ?? 1);
}
