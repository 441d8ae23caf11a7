import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DataLayer, LayerZone } from '@headland/domain/api/layersApi';
import { CropId } from '@headland/domain/crops';
import { LayerTypeGroup, LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { NutrientType } from '@headland/domain/layers/nutrients';
import type { RequirementBasis } from '@headland/domain/layers/requirementBasis';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { ZoneDetails } from './LayerLegend.tsx';

const basis: RequirementBasis = {
  Method: 'RB209',
  Table: 'cereals',
  Source: 'Section 4, All cereals',
  CropId: CropId.WinterWheat,
  ExpectedYield: 10,
  StandardYield: 8,
  YieldFrom: 'target',
  Straw: 'incorporated',
  Rule: null,
  IndexMin: 1,
  IndexMax: 2,
  ZonesWithoutFigure: 0,
};

function requirementLayer(change: Partial<DataLayer> = {}): DataLayer {
  return {
    DataLayerId: 9,
    TypeId: LayerTypeId.NutrientRequirement,
    GroupId: LayerTypeGroup.ApplicationPlans,
    SubtypeId: null,
    Scope: MapScope.Cropping,
    HoldingId: 1,
    FieldId: 1,
    CroppingId: 1,
    CropId: CropId.WinterWheat,
    ParentId: 2,
    Year: 2025,
    Date: null,
    Name: 'P2O5 requirement',
    Unit: 'kg/ha',
    NutrientId: NutrientType.P2O5,
    ProductId: null,
    RateUnitId: null,
    PlanName: null,
    Calculated: true,
    Inactive: false,
    ShowZoneNumbers: false,
    ShowStroke: true,
    Ranges: null,
    Style: null,
    ZoneCount: 2,
    HasPointData: false,
    PointCount: 0,
    MinValue: 76,
    MaxValue: 106,
    RecommendationMethod: 'RB209',
    Recommendation: basis,
    CreatedOn: '2025-01-01T00:00:00Z',
    UpdatedOn: '2025-01-01T00:00:00Z',
    ...change,
  };
}

const zone = (value: number | null) =>
  ({
    DataLayerZoneId: 1,
    LayerId: 9,
    Number: 1,
    Value: value,
    InitValue: value,
    Label: null,
    DocumentId: null,
    Area: 2,
    ProductRate: null,
  }) as unknown as LayerZone;

describe('the details box of a requirement layer', () => {
  it('shows the method, crop, table, expected yield, straw and soil indices it was worked out from', () => {
    renderWithProviders(<ZoneDetails layer={requirementLayer()} zone={zone(106)} />);
    const box = screen.getByRole('status', { name: 'Details' });
    expect(box.textContent).toContain('Method: RB209 (Fertiliser Manual, 8th edition)');
    expect(box.textContent).toContain('Crop: Winter wheat');
    expect(box.textContent).toContain('Table: Cereals (winter wheat 8 t/ha)');
    expect(box.textContent).toContain('Expected yield: 10 t/ha (target yield)');
    expect(box.textContent).toContain('Straw: Incorporated');
    expect(box.textContent).toContain('Soil index: 1–2');
  });

  it('shows the every-three-or-four-years magnesium rule where a zone has no yearly figure', () => {
    const rule = { ...basis, Table: 'oilseedRape', Rule: 'mgO50to100Every3or4Years' as const };
    renderWithProviders(
      <ZoneDetails
        layer={requirementLayer({ NutrientId: NutrientType.MgO, Recommendation: rule })}
        zone={zone(null)}
      />,
    );
    expect(screen.getByRole('status', { name: 'Details' }).textContent).toContain(
      'At Mg Index 0 and 1: 50 to 100 kg MgO/ha every three or four years, not every year.',
    );
  });
});
