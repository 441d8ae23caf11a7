/**
 * Fields laid out in a grid of about 215 m by 210 m plots south-west of Lincoln, each with a cropping, in the
 * shape GET /api/fields/v1 answers.
 */
export function syntheticFields(count: number, columns = 100): unknown[] {
  const crops = [1, 2, 4, 13, 18, 54, 161, 1001, 1020, 1023, 1081, 1083];
  const fields: unknown[] = [];
  for (let index = 0; index < count; index++) {
    const west = -0.6 + (index % columns) * 0.0032;
    const south = 53.0 + Math.floor(index / columns) * 0.0019;
    const wobble = (k: number) => (Math.abs(Math.sin(index * 12.9898 + k * 78.233)) % 1) * 0.0002;
    const ring = [
      [west + wobble(1), south + wobble(2)],
      [west + 0.0016, south + wobble(3)],
      [west + 0.003 + wobble(4), south + wobble(5)],
      [west + 0.003, south + 0.00095 + wobble(6)],
      [west + 0.003 + wobble(7), south + 0.0018],
      [west + 0.0016 + wobble(8), south + 0.0018],
      [west, south + 0.0018 + wobble(9)],
      [west + wobble(10), south + 0.00095],
    ];
    ring.push(ring[0]!);
    const cropId = crops[index % crops.length]!;
    const fieldId = 100_000 + index;
    fields.push({
      FieldId: fieldId,
      Name: `Plot ${index + 1}`,
      FieldNumber: String(index + 1),
      FieldGroup: null,
      AreaType: 'Boundary',
      BoundaryArea: 4.2,
      WorkingArea: null,
      WholeArea: null,
      ManureSpreadArea: null,
      Years: [],
      IgnoreBoundary: false,
      Boundary: { type: 'MultiPolygon', coordinates: [[ring]] },
      Croppings: [
        {
          CroppingId: 200_000 + index,
          YearId: 2027,
          FieldId: fieldId,
          PlotId: null,
          BatchId: null,
          StartDate: null,
          EndDate: null,
          SowingDate: null,
          HarvestDate: null,
          DestructionDate: null,
          Destroyed: false,
          CropId: cropId,
          CropName: null,
          CropDescr: null,
          VarietyId: null,
          VarietyName: null,
          Market: null,
          Purpose: null,
          Area: 4.2,
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
          FieldName: `Plot ${index + 1}`,
          FieldGroup: null,
          Boundary: null,
          BoundaryArea: null,
          Crop: {
            Name: `Crop ${cropId}`,
            Perennial: false,
            Hidden: false,
            CoverCrop: false,
            Residue: false,
            Purposes: { UserSelection: false, List: [] },
          },
          Variety: null,
          PreviousCroppings: [],
          NextCroppings: [],
          Style: { Colour: [(cropId * 37) % 256, (cropId * 91) % 256, (cropId * 53) % 256], Pattern: null },
          CssColor: 'rgb(0, 0, 0)',
          SpreadArea: 4.2,
        },
      ],
    });
  }
  return fields;
}
