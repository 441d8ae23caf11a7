/**
 * A catalogue of common UK straight and compound fertilisers with their declared nutrient contents, in per cent
 * by weight as oxides (N, P2O5, K2O, MgO, SO3) as UK labels state them. Lime products give their neutralising
 * value (NV, % CaO equivalent). Sources: manufacturers' declared analyses (Yara, CF Fertilisers, ICL) and AHDB
 * Nutrient Management Guide (RB209) Section 1 for the standard straights.
 */
export interface FertiliserProduct {
  Id: number;
  Name: string;
  /** Nutrient contents in % w/w. */
  N: number;
  P2O5: number;
  K2O: number;
  MgO: number;
  SO3: number;
  /** Neutralising value, % (lime products only; 0 for fertilisers). */
  NeutralisingValue: number;
  /** Rate unit id of §9 its rates are given in: kg/ha for solids, t/ha for lime. */
  RateUnitId: number;
}

export const fertiliserProducts: readonly FertiliserProduct[] = [
  {
    Id: 1,
    Name: 'Ammonium nitrate 34.5% N',
    N: 34.5,
    P2O5: 0,
    K2O: 0,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  { Id: 2, Name: 'Urea 46% N', N: 46, P2O5: 0, K2O: 0, MgO: 0, SO3: 0, NeutralisingValue: 0, RateUnitId: 1 },
  {
    Id: 3,
    Name: 'Triple superphosphate (TSP) 0-46-0',
    N: 0,
    P2O5: 46,
    K2O: 0,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 4,
    Name: 'Muriate of potash (MOP) 0-0-60',
    N: 0,
    P2O5: 0,
    K2O: 60,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 5,
    Name: 'Diammonium phosphate (DAP) 18-46-0',
    N: 18,
    P2O5: 46,
    K2O: 0,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  { Id: 6, Name: 'PK 0-24-24', N: 0, P2O5: 24, K2O: 24, MgO: 0, SO3: 0, NeutralisingValue: 0, RateUnitId: 1 },
  { Id: 7, Name: 'PK 0-20-30', N: 0, P2O5: 20, K2O: 30, MgO: 0, SO3: 0, NeutralisingValue: 0, RateUnitId: 1 },
  {
    Id: 8,
    Name: 'NPK 20-10-10',
    N: 20,
    P2O5: 10,
    K2O: 10,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 9,
    Name: 'NPK 15-15-15',
    N: 15,
    P2O5: 15,
    K2O: 15,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 10,
    Name: 'Kieserite 25% MgO 50% SO3',
    N: 0,
    P2O5: 0,
    K2O: 0,
    MgO: 25,
    SO3: 50,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 11,
    Name: 'Sulphate of potash (SOP) 0-0-50 +45 SO3',
    N: 0,
    P2O5: 0,
    K2O: 50,
    MgO: 0,
    SO3: 45,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 12,
    Name: 'Ammonium sulphate 21% N 60% SO3',
    N: 21,
    P2O5: 0,
    K2O: 0,
    MgO: 0,
    SO3: 60,
    NeutralisingValue: 0,
    RateUnitId: 1,
  },
  {
    Id: 13,
    Name: 'Ground limestone (NV 54)',
    N: 0,
    P2O5: 0,
    K2O: 0,
    MgO: 0,
    SO3: 0,
    NeutralisingValue: 54,
    RateUnitId: 2,
  },
  {
    Id: 14,
    Name: 'Magnesian limestone (NV 56, 18% MgO)',
    N: 0,
    P2O5: 0,
    K2O: 0,
    MgO: 18,
    SO3: 0,
    NeutralisingValue: 56,
    RateUnitId: 2,
  },
];

export function fertiliserProductOf(id: number): FertiliserProduct | undefined {
  return fertiliserProducts.find((product) => product.Id === id);
}
