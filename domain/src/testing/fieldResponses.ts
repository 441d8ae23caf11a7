import type { CroppingResponse, FieldResponse } from '../api/fieldsApi';
import { cropColour, cropDefinitionById, cropLabel, FieldAreaType } from '../crops';

/** A cropping as the croppings calls answer it: a winter wheat crop of 2025 on the whole of field 1. */
export function aCropping(overrides: Partial<CroppingResponse> = {}): CroppingResponse {
  const cropId = overrides.CropId ?? 1;
  const crop = cropDefinitionById(cropId);
  const colour = crop?.colour ?? cropColour(cropId);
  return {
    CroppingId: 101,
    YearId: 2025,
    FieldId: 1,
    PlotId: null,
    BatchId: null,
    StartDate: null,
    EndDate: null,
    SowingDate: '2024-10-01',
    HarvestDate: '2025-07-20',
    DestructionDate: null,
    Destroyed: false,
    CropId: cropId,
    CropName: null,
    CropDescr: null,
    VarietyId: null,
    VarietyName: null,
    Market: null,
    Purpose: null,
    Area: 10,
    ManureSpreadArea: null,
    ManagementOptions: [],
    InSeedsPlan: false,
    InNutritionPlan: false,
    PreviousIds: [],
    NextIds: [],
    ProtectionStatus: null,
    GrassManagement: null,
    GrassCuts: null,
    GrowingSeasonLength: null,
    NCropGroup: null,
    BiomassLevel: null,
    NLeafAnalysis: null,
    Residue: null,
    TargetYield: null,
    StrawMulch: null,
    Undersown: null,
    TargetpH: null,
    Version: 1,
    FieldName: 'Long Meadow',
    FieldGroup: null,
    Boundary: null,
    BoundaryArea: null,
    Crop: {
      Name: cropLabel({ CropId: cropId, CropName: overrides.CropName ?? null }),
      Perennial: crop?.perennial ?? false,
      Hidden: crop?.hidden ?? false,
      CoverCrop: crop?.coverCrop ?? false,
      Residue: crop?.residue ?? false,
      Purposes: {
        UserSelection: crop?.purposes.userSelection ?? false,
        List: [...(crop?.purposes.list ?? [])],
      },
    },
    Variety: null,
    PreviousCroppings: [],
    NextCroppings: [],
    Style: { Colour: [...colour] as [number, number, number], Pattern: null },
    CssColor: `rgb(${colour.join(', ')})`,
    SpreadArea: 10,
    ...overrides,
  };
}

/** Field 1, 'Long Meadow', 10 ha by its whole area, with no croppings unless given. */
export function aField(overrides: Partial<FieldResponse> = {}): FieldResponse {
  return {
    FieldId: 1,
    Name: 'Long Meadow',
    FieldNumber: '7',
    FieldGroup: null,
    AreaType: FieldAreaType.Whole,
    BoundaryArea: 10.2,
    WorkingArea: 9.5,
    WholeArea: 10,
    ManureSpreadArea: null,
    Years: [],
    IgnoreBoundary: false,
    Version: 1,
    Boundary: null,
    Croppings: [],
    HiddenCroppingYears: [],
    ...overrides,
  };
}
