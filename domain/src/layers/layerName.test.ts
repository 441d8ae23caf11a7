import { describe, expect, it } from 'vitest';
import { CropId } from '../crops.ts';
import { defaultLayerName, layerNames, layerNameText, type NameableLayer } from './layerName.ts';
import { LayerTypeId } from './layerTypes.ts';
import { NutrientType } from './nutrients.ts';

function layer(id: number, change: Partial<NameableLayer> = {}): NameableLayer {
  return {
    DataLayerId: id,
    TypeId: LayerTypeId.SoilPhosphorus,
    Name: 'P Index 2027',
    Year: 2027,
    FieldId: id,
    CroppingId: null,
    CropId: null,
    NutrientId: null,
    ProductId: null,
    ...change,
  };
}

const fieldNames = new Map([
  [1, 'Middle Field'],
  [2, 'Top Field'],
]);
const names = (layers: NameableLayer[]) =>
  [...layerNames(layers, (id) => fieldNames.get(id) ?? null).values()].map((parts) => layerNameText(parts));

describe('layer names', () => {
  it('names the field where layers of several fields would read the same', () => {
    expect(names([layer(1), layer(2)])).toEqual(['P Index 2027 (Middle Field)', 'P Index 2027 (Top Field)']);
  });

  it('leaves the field out where the name alone tells the layers apart', () => {
    expect(names([layer(1), layer(2, { Name: 'K mg/l 2027' })])).toEqual(['P Index 2027', 'K mg/l 2027']);
    // Two layers of one field are told apart by their names, not by the field.
    expect(names([layer(1), layer(3, { FieldId: 1, Name: 'P mg/l 2027' })])).toEqual([
      'P Index 2027',
      'P mg/l 2027',
    ]);
  });

  it('says the crop of a cropping layer once, and nothing but the own name of a drawing', () => {
    const wheat = CropId.WinterWheat;
    const requirement = layer(1, {
      TypeId: LayerTypeId.NutrientRequirement,
      Name: 'P2O5 requirement',
      CroppingId: 5,
      CropId: wheat,
    });
    expect(names([requirement])).toEqual(['P2O5 requirement · Winter wheat 2027']);
    expect(names([layer(2, { TypeId: LayerTypeId.Drawing, Name: 'Water troughs', FieldId: null })])).toEqual([
      'Water troughs',
    ]);
    // A soil analysis belongs to the field: no crop even when one is recorded.
    expect(names([layer(3, { CropId: wheat })])).toEqual(['P Index 2027']);
  });

  it('names the layers the server makes by the same rule', () => {
    const name = defaultLayerName({
      TypeId: LayerTypeId.NutrientRequirement,
      NutrientId: NutrientType.P2O5,
      CropId: CropId.WinterWheat,
      Year: 2027,
    });
    expect(name).toBe('P2O5 requirement · Winter wheat 2027');
    expect(
      names([layer(1, { TypeId: LayerTypeId.NutrientRequirement, Name: name, CropId: CropId.WinterWheat })]),
    ).toEqual([name]);
  });
});
