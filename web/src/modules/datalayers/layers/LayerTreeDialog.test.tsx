import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { layerColourScale } from '@headland/domain/layers/colourScales';
import { LayerTypeGroup, LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { LayerLegend } from './LayerLegend.tsx';
import { LayerTreeDialog } from './LayerTreeDialog.tsx';

function layer(id: number, change: Partial<DataLayer> = {}): DataLayer {
  return {
    DataLayerId: id,
    TypeId: LayerTypeId.SoilPhosphorus,
    GroupId: LayerTypeGroup.SoilAnalysis,
    SubtypeId: null,
    Scope: MapScope.Field,
    HoldingId: 1,
    FieldId: 1,
    CroppingId: null,
    CropId: null,
    ParentId: null,
    Year: 2026,
    Date: null,
    Name: `P index ${id}`,
    Unit: 'Index',
    NutrientId: null,
    ProductId: null,
    RateUnitId: null,
    PlanName: null,
    Calculated: false,
    Inactive: false,
    ShowZoneNumbers: false,
    ShowStroke: true,
    Ranges: null,
    Style: null,
    ZoneCount: 3,
    HasPointData: false,
    PointCount: 0,
    MinValue: 0,
    MaxValue: 4,
    RecommendationMethod: null,
    Recommendation: null,
    CreatedOn: '2026-01-01T00:00:00Z',
    UpdatedOn: '2026-01-01T00:00:00Z',
    ...change,
  };
}

function openTree(visible: number[] = []) {
  const onVisibleChange = vi.fn();
  const onOpacityChange = vi.fn();
  renderWithProviders(
    <LayerTreeDialog
      opened
      year={2026}
      fields={[{ FieldId: 1, Name: 'Top Field', FieldGroup: null }]}
      layers={[
        layer(1),
        layer(2, { TypeId: LayerTypeId.Yield, GroupId: LayerTypeGroup.Yield, Name: 'Yield 2025' }),
      ]}
      visible={new Set(visible)}
      opacity={() => 100}
      onVisibleChange={onVisibleChange}
      onOpacityChange={onOpacityChange}
      onClose={() => {}}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Data layers' }), onVisibleChange, onOpacityChange };
}

describe('LayerTreeDialog', () => {
  it('nests group, subgroup and type, and shows a layer with its toggle', () => {
    const { dialog, onVisibleChange } = openTree();
    const group = within(dialog).getByRole('group', { name: 'Soil analysis' });
    const subgroup = within(group).getByRole('group', { name: 'Nutrients' });
    within(subgroup).getByRole('group', { name: 'Phosphorus (P)' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Show P index 1 2026' }));
    expect(onVisibleChange).toHaveBeenCalledWith([1], true);
  });

  it('expanding a layer section turns the layer on and shows its opacity', () => {
    const { dialog, onVisibleChange } = openTree();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expand Yield 2026' }));
    expect(onVisibleChange).toHaveBeenCalledWith([2], true);
    expect(within(dialog).getByRole('slider', { name: 'Opacity Yield 2026' })).toBeTruthy();
  });

  it('groups the layers by field in the field view, the yield by year', () => {
    const { dialog } = openTree();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'By field' }));
    // The Yield group holds the Yield type, which holds the years.
    const [yieldGroup, yieldType] = within(dialog).getAllByRole('group', { name: 'Yield' });
    expect(yieldGroup!.contains(yieldType!)).toBe(true);
    const year = within(yieldType!).getByRole('group', { name: '2026' });
    const others = within(year).getByRole('group', { name: 'Other fields' });
    const field = within(others).getByRole('group', { name: 'Top Field' });
    within(field).getByRole('checkbox', { name: 'Show Yield 2026' });
  });

  it('shows the 5 nearest yield years first, then all of them', () => {
    const onVisibleChange = vi.fn();
    const yields = [2018, 2019, 2020, 2021, 2022, 2023, 2024].map((year, index) =>
      layer(10 + index, {
        TypeId: LayerTypeId.Yield,
        GroupId: LayerTypeGroup.Yield,
        Year: year,
        Name: `Yield ${year}`,
      }),
    );
    renderWithProviders(
      <LayerTreeDialog
        opened
        year={2024}
        fields={[{ FieldId: 1, Name: 'Top Field', FieldGroup: null }]}
        layers={yields}
        visible={new Set()}
        opacity={() => 100}
        onVisibleChange={onVisibleChange}
        onOpacityChange={() => {}}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Data layers' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'By field' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Show Yield 2019' })).toBeNull();
    within(dialog).getByRole('checkbox', { name: 'Show Yield 2020' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show all years' }));
    within(dialog).getByRole('checkbox', { name: 'Show Yield 2018' });
    // The recent yield maps: within 5 years of 2024 (2019 to 2024); undated layers are a year apart.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Show the recent yield maps' })[0]!);
    expect(onVisibleChange).toHaveBeenCalledWith([16, 15, 14, 13, 12, 11], true);
  });

  it('expanding a section of a shown layer does not toggle it', () => {
    const { dialog, onVisibleChange } = openTree([2]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expand Yield 2026' }));
    expect(onVisibleChange).not.toHaveBeenCalled();
  });
});

describe('LayerTreeDialog new layer actions', () => {
  function openWith(onCreateLayer?: (draft: unknown) => void) {
    renderWithProviders(
      <LayerTreeDialog
        opened
        year={2026}
        fields={[{ FieldId: 7, Name: 'Top Field', FieldGroup: null }]}
        layers={[]}
        visible={new Set()}
        opacity={() => 100}
        onVisibleChange={() => {}}
        onOpacityChange={() => {}}
        onClose={() => {}}
        onCreateLayer={onCreateLayer}
      />,
    );
    return screen.getByRole('dialog', { name: 'Data layers' });
  }

  it('offers no new layer to a user who may not write map layers', () => {
    const dialog = openWith(undefined);
    expect(within(dialog).queryByRole('button', { name: 'New drawing' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'New EC scan layer' })).toBeNull();
  });

  it('creates a named drawing, refusing an empty name', () => {
    const onCreateLayer = vi.fn();
    const dialog = openWith(onCreateLayer);
    fireEvent.click(within(dialog).getByRole('button', { name: 'New drawing' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and draw' }));
    within(dialog).getByText('Enter a name.');
    expect(onCreateLayer).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Drawing name' }), {
      target: { value: ' Gateway notes ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and draw' }));
    expect(onCreateLayer).toHaveBeenCalledWith({ kind: 'drawing', name: 'Gateway notes' });
  });

  it('creates an EC scan only once its field is chosen', () => {
    const onCreateLayer = vi.fn();
    const dialog = openWith(onCreateLayer);
    fireEvent.click(within(dialog).getByRole('button', { name: 'New EC scan layer' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'EC scan name' }), {
      target: { value: 'EC 2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and draw' }));
    within(dialog).getByText('Choose the field of the EC scan.');
    expect(onCreateLayer).not.toHaveBeenCalled();
  });
});

describe('LayerLegend', () => {
  it("lists a P index layer's bands", () => {
    const shown = layer(1);
    renderWithProviders(
      <LayerLegend
        layers={[shown]}
        layer={shown}
        scale={layerColourScale(shown)}
        opacity={100}
        onLayerChange={() => {}}
        onOpacityChange={() => {}}
        onClose={() => {}}
      />,
    );
    const legend = screen.getByRole('region', { name: 'Key legend' });
    const bands = within(within(legend).getByRole('list', { name: 'P index 1' })).getAllByRole('listitem');
    expect(bands.map((band) => band.textContent)).toEqual(['0', '1', '2', '3', '4', '5+']);
  });
});

describe('LayerTreeDialog layer names', () => {
  it('names the field where layers of several fields read alike by type, and not under their field', () => {
    renderWithProviders(
      <LayerTreeDialog
        opened
        year={2027}
        fields={[
          { FieldId: 1, Name: 'Top Field', FieldGroup: null },
          { FieldId: 2, Name: 'Low Field', FieldGroup: null },
        ]}
        layers={[
          layer(1, { Name: 'P Index 2027', Year: 2027 }),
          layer(2, { Name: 'P Index 2027', Year: 2027, FieldId: 2 }),
        ]}
        visible={new Set()}
        opacity={() => 100}
        onVisibleChange={() => {}}
        onOpacityChange={() => {}}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Data layers' });
    within(dialog).getByRole('checkbox', { name: 'Show P Index 2027 (Top Field)' });
    within(dialog).getByRole('checkbox', { name: 'Show P Index 2027 (Low Field)' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'By field' }));
    const low = within(dialog).getByRole('group', { name: 'Low Field' });
    within(low).getByRole('checkbox', { name: 'Show P Index 2027' });
  });
});
