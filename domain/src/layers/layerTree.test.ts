import { describe, expect, it } from 'vitest';
import {
  buildLayerDialogTree,
  buildSelectorTree,
  groupSatelliteImages,
  layerIdsUnder,
  nearestYearGroups,
  preselectYieldLayers,
  showsLayerLabels,
  sliderOpacity,
  toggleSection,
  topmostFlags,
  type NodeTitle,
  type StackedLayer,
  type TreeField,
  type TreeLayer,
  type TreeNode,
} from './layerTree';
import { LayerTypeGroup, LayerTypeId, MapScope } from './layerTypes';

function layer(id: number, typeId: number, groupId: number, change: Partial<TreeLayer> = {}): TreeLayer {
  return {
    DataLayerId: id,
    TypeId: typeId,
    GroupId: groupId,
    Scope: MapScope.Field,
    FieldId: 1,
    CroppingId: null,
    Year: 2026,
    Date: null,
    Name: `Layer ${id}`,
    PlanName: null,
    ...change,
  };
}

const fields: TreeField[] = [
  { FieldId: 1, Name: 'Top Field', FieldGroup: 'North' },
  { FieldId: 2, Name: 'Bottom Field', FieldGroup: null },
  { FieldId: 3, Name: 'Field 10', FieldGroup: 'North' },
  { FieldId: 4, Name: 'Field 9', FieldGroup: 'North' },
];

const title = (t: NodeTitle) =>
  'text' in t ? t.text : t.params ? `${t.key}(${Object.values(t.params).join(',')})` : t.key;
/** The tree as an outline: one line per node, indented by depth. */
function outline(nodes: readonly TreeNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${title(node.title)}`,
    ...outline(node.children, depth + 1),
  ]);
}

describe('layer tree dialog: group > subgroup > type', () => {
  it('orders groups as §9, puts subgroups where a group has them, and leaves empty groups out', () => {
    const tree = buildLayerDialogTree([
      layer(1, LayerTypeId.Yield, LayerTypeGroup.Yield),
      layer(2, LayerTypeId.SoilPh, LayerTypeGroup.SoilAnalysis),
      layer(3, LayerTypeId.SoilPhosphorus, LayerTypeGroup.SoilAnalysis, { Year: 2025 }),
      layer(4, LayerTypeId.SoilPhosphorus, LayerTypeGroup.SoilAnalysis, { Year: 2026 }),
      layer(5, LayerTypeId.SoilTexture, LayerTypeGroup.SoilPhysical),
    ]);
    expect(outline(tree)).toEqual([
      'layers.group.1',
      '  layers.type.soilTexture',
      '    Layer 5',
      'layers.group.2',
      '  layers.subgroup.nutrients',
      '    layers.type.soilPhosphorus',
      '      Layer 4',
      '      Layer 3',
      '  layers.subgroup.soilHealth',
      '    layers.type.soilPh',
      '      Layer 2',
      'layers.group.3',
      '  layers.type.yield',
      '    Layer 1',
    ]);
  });
  it('lists every layer once', () => {
    const layers = [1, 2, 3].map((id) => layer(id, LayerTypeId.SoilPotassium, LayerTypeGroup.SoilAnalysis));
    expect(buildLayerDialogTree(layers).flatMap(layerIdsUnder).sort()).toEqual([1, 2, 3]);
  });
});

describe('selectors: type group > type > field group > field > layer', () => {
  it("groups fields by field group, with 'Other fields' last and fields in natural order", () => {
    const tree = buildSelectorTree(
      [
        layer(1, LayerTypeId.SoilPhosphorus, LayerTypeGroup.SoilAnalysis, { FieldId: 2 }),
        layer(2, LayerTypeId.SoilPhosphorus, LayerTypeGroup.SoilAnalysis, { FieldId: 3 }),
        layer(3, LayerTypeId.SoilPhosphorus, LayerTypeGroup.SoilAnalysis, { FieldId: 4 }),
        layer(4, LayerTypeId.SoilPhosphorus, LayerTypeGroup.SoilAnalysis, { FieldId: 1 }),
      ],
      fields,
    );
    expect(outline(tree)).toEqual([
      'layers.group.2',
      '  layers.type.soilPhosphorus',
      '    North',
      '      Field 9',
      '        Layer 3',
      '      Field 10',
      '        Layer 2',
      '      Top Field',
      '        Layer 4',
      '    layers.tree.otherFields',
      '      Bottom Field',
      '        Layer 1',
    ]);
  });
  it('groups yield and biomass by year, newest first', () => {
    const tree = buildSelectorTree(
      [
        layer(1, LayerTypeId.Yield, LayerTypeGroup.Yield, { Year: 2024 }),
        layer(2, LayerTypeId.Yield, LayerTypeGroup.Yield, { Year: 2025 }),
        layer(3, LayerTypeId.Biomass, LayerTypeGroup.Biomass, { Year: 2025, FieldId: 2 }),
      ],
      fields,
    );
    expect(outline(tree)).toEqual([
      'layers.group.3',
      '  layers.type.yield',
      '    2025',
      '      North',
      '        Top Field',
      '          Layer 2',
      '    2024',
      '      North',
      '        Top Field',
      '          Layer 1',
      'layers.group.5',
      '  layers.type.biomass',
      '    2025',
      '      layers.tree.otherFields',
      '        Bottom Field',
      '          Layer 3',
    ]);
  });
  it('groups plan layers by plan, layers without a plan last', () => {
    const tree = buildSelectorTree(
      [
        layer(1, LayerTypeId.Application, LayerTypeGroup.ApplicationPlans, { PlanName: 'Spring P' }),
        layer(2, LayerTypeId.Application, LayerTypeGroup.ApplicationPlans, { PlanName: null }),
        layer(3, LayerTypeId.Application, LayerTypeGroup.ApplicationPlans, { PlanName: 'Autumn K' }),
      ],
      fields,
    );
    expect(outline(tree).filter((line) => line.startsWith('    ') && !line.startsWith('      '))).toEqual([
      '    Autumn K',
      '    Spring P',
      '    layers.tree.noPlan',
    ]);
  });
  it('puts holding-level drawings under a holding node', () => {
    const tree = buildSelectorTree(
      [
        layer(1, LayerTypeId.Drawing, LayerTypeGroup.Other, { Scope: MapScope.Holding, FieldId: null }),
        layer(2, LayerTypeId.Drawing, LayerTypeGroup.Other, { FieldId: 1 }),
      ],
      fields,
    );
    expect(outline(tree)).toEqual([
      'layers.group.8',
      '  layers.type.drawing',
      '    layers.tree.holding',
      '      Layer 1',
      '    North',
      '      Top Field',
      '        Layer 2',
    ]);
  });
});

describe('satellite imagery by kind and date', () => {
  it('NDVI, CHI, RGB first, dates newest first', () => {
    const tree = groupSatelliteImages([
      { id: 1, kind: 'RGB', date: '2026-05-01' },
      { id: 2, kind: 'NDVI', date: '2026-04-01' },
      { id: 3, kind: 'NDVI', date: '2026-05-01' },
      { id: 4, kind: 'EVI', date: '2026-05-01' },
    ]);
    expect(outline(tree).filter((line) => !line.startsWith('    '))).toEqual([
      'NDVI',
      '  2026-05-01',
      '  2026-04-01',
      'RGB',
      '  2026-05-01',
      'EVI',
      '  2026-05-01',
    ]);
  });
});

describe('labels and opacity', () => {
  it.each<[number, number, boolean]>([
    [LayerTypeId.SoilPhosphorus, 19, false],
    [LayerTypeId.SoilPhosphorus, 19.9, false],
    [LayerTypeId.SoilPhosphorus, 20, true],
    [LayerTypeId.SoilPhosphorus, 100, true],
    [LayerTypeId.SoilPhosphorus, 0, false],
    [LayerTypeId.EcScan, 100, false],
    [LayerTypeId.Biomass, 100, false],
    [LayerTypeId.Yield, 20, true],
  ])('type %s at %s %% shows labels: %s', (typeId, opacity, shown) => {
    expect(showsLayerLabels(typeId, opacity)).toBe(shown);
  });
  it.each<[number, number]>([
    [15.4, 15],
    [15.5, 16],
    [-3, 0],
    [140, 100],
    [Number.NaN, 100],
  ])('slider value %s is %s', (value, expected) => {
    expect(sliderOpacity(value)).toBe(expected);
  });
});

describe('topmost flag per field', () => {
  const stacked = (
    id: number,
    fieldId: number,
    typeId: number,
    croppingId: number | null,
    opacity: number,
  ): StackedLayer => ({
    DataLayerId: id,
    FieldId: fieldId,
    TypeId: typeId,
    CroppingId: croppingId,
    Opacity: opacity,
  });
  it('top layer true, same type of another cropping true, others by opacity', () => {
    const flags = topmostFlags([
      stacked(1, 1, LayerTypeId.Yield, 10, 100),
      stacked(2, 1, LayerTypeId.Yield, 11, 100),
      stacked(3, 1, LayerTypeId.Yield, 10, 100),
      stacked(4, 1, LayerTypeId.SoilPh, null, 51),
      stacked(5, 1, LayerTypeId.SoilPh, null, 50),
      stacked(6, 2, LayerTypeId.SoilPh, null, 10),
    ]);
    expect([...flags]).toEqual([
      [1, true],
      [2, true],
      [3, undefined],
      [4, undefined],
      [5, false],
      [6, true],
    ]);
  });
});

describe('sections', () => {
  it('expanding forces visible; collapsing keeps it', () => {
    expect(toggleSection({ expanded: false, visible: false })).toEqual({ expanded: true, visible: true });
    expect(toggleSection({ expanded: true, visible: false })).toEqual({ expanded: false, visible: false });
    expect(toggleSection({ expanded: true, visible: true })).toEqual({ expanded: false, visible: true });
  });
});

describe('yield preselection', () => {
  const dated = (id: number, year: number, date: string | null, fieldId = 1) => ({
    DataLayerId: id,
    FieldId: fieldId,
    Year: year,
    Date: date,
  });
  it('takes years within 5 years of the current one', () => {
    expect(
      preselectYieldLayers(
        [dated(1, 2021, '2021-08-20'), dated(2, 2020, '2020-08-20'), dated(3, 2031, '2031-08-20')],
        2026,
      ),
    ).toEqual([3, 1]);
  });
  it('does not take two layers of a field less than 10 days apart', () => {
    expect(
      preselectYieldLayers(
        [
          dated(1, 2025, '2025-08-01'),
          dated(2, 2025, '2025-08-10'), // 9 days after 1
          dated(3, 2025, '2025-08-20'), // 10 days after 2
          dated(4, 2025, '2025-08-21', 2), // another field
        ],
        2026,
      ),
    ).toEqual([3, 2, 4]);
  });
  it('exactly 10 days (864e6 ms) apart are both taken; 9 days apart are not', () => {
    expect(preselectYieldLayers([dated(1, 2025, '2025-08-01'), dated(2, 2025, '2025-08-11')], 2026)).toEqual([
      2, 1,
    ]);
    expect(preselectYieldLayers([dated(1, 2025, '2025-08-02'), dated(2, 2025, '2025-08-11')], 2026)).toEqual([
      2,
    ]);
  });
  it('the 5 nearest year groups, 1 for biomass', () => {
    const years = [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027];
    expect(nearestYearGroups(years, 2026, 'yield')).toEqual([2027, 2026, 2025, 2024, 2023]);
    expect(nearestYearGroups(years, 2026, 'biomass')).toEqual([2026]);
    expect(nearestYearGroups([2020, 2022], 2021, 'biomass')).toEqual([2022]);
    expect(nearestYearGroups([2020, 2020, 2021], 2026, 'yield')).toEqual([2021, 2020]);
  });
});
