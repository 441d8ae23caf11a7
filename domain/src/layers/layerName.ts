/**
 * How a data layer is named (fields-croppings-maps §3 Data layer, the name rules ExcludeTypeFromName,
 * ExcludeCroppingFromName, IncludeYearInName, DeduplicateLabels): what it is (its type, or the name it was
 * given), the crop of its cropping, its year; and its field's name where layers of several fields would
 * otherwise read the same. Drawings and pictures keep the farm's own name alone. The server names the layers it
 * makes by the same rule ({@link defaultLayerName}); the screens say the crop in the reader's language.
 */
import { cropDefinitionById } from '../crops.ts';
import { fertiliserProductOf } from './fertiliserProducts.ts';
import { LayerTypeId, layerTypes } from './layerTypes.ts';
import { nutrientNames, type NutrientType } from './nutrients.ts';

/** What the name rule reads of a layer (a `DataLayer` of the API fits). */
export interface NameableLayer {
  DataLayerId: number;
  TypeId: number;
  Name: string;
  Year: number;
  FieldId: number | null;
  CroppingId: number | null;
  CropId: number | null;
  NutrientId: number | null;
  ProductId: number | null;
}

/** A layer's name in parts, each said in the reader's language by the screens. */
export interface LayerNameParts {
  /**
   * What the layer is: its own name (given by the farm, or by the server from the type by this rule when it made
   * the layer), without a year at its end, which is a part of its own.
   */
  subject: string;
  /** The crop of the layer's cropping, for the types that belong to a cropping. */
  cropId: number | null;
  year: number | null;
  /** The field's name, where layers of several fields would otherwise read the same. */
  field: string | null;
}

/**
 * Types whose layers carry the name the farm gave them and nothing else (§3 ExcludeTypeFromName,
 * ExcludeCroppingFromName, no IncludeYearInName): drawings and pictures.
 */
const ownNamedTypes: ReadonlySet<number> = new Set([LayerTypeId.Drawing, LayerTypeId.Picture]);

/** Types that belong to the field rather than a crop (§3 ExcludeCroppingFromName). */
const fieldTypes: ReadonlySet<number> = new Set([
  LayerTypeId.SoilTexture,
  LayerTypeId.EcScan,
  LayerTypeId.SoilPh,
  LayerTypeId.SoilPhosphorus,
  LayerTypeId.SoilPotassium,
  LayerTypeId.SoilMagnesium,
  LayerTypeId.OrganicMatter,
]);

const trailingYear = /\s*\b(19|20|21)\d{2}$/;

/** The parts of one layer's name, without the field (which only a set of layers can call for). */
export function layerNameParts(layer: NameableLayer): LayerNameParts {
  if (ownNamedTypes.has(layer.TypeId)) return { subject: layer.Name, cropId: null, year: null, field: null };
  const subject = layer.Name.replace(trailingYear, '').trim() || layer.Name;
  return {
    subject,
    cropId: fieldTypes.has(layer.TypeId) ? null : layer.CropId,
    year: layer.Year,
    field: null,
  };
}

const sameName = (a: LayerNameParts) => JSON.stringify([a.subject.toLowerCase(), a.cropId, a.year]);

/**
 * The names of a set of layers shown together (a tree's branch, the legend's list): each layer's parts, with its
 * field's name added where two layers of different fields would read the same. `fieldName` answers a field's
 * name by id (null when unknown).
 */
export function layerNames(
  layers: readonly NameableLayer[],
  fieldName: (fieldId: number) => string | null,
): Map<number, LayerNameParts> {
  const parts = new Map(layers.map((layer) => [layer.DataLayerId, layerNameParts(layer)]));
  const fieldsByName = new Map<string, Set<number | null>>();
  for (const layer of layers) {
    const key = sameName(parts.get(layer.DataLayerId)!);
    const fields = fieldsByName.get(key) ?? new Set();
    fields.add(layer.FieldId);
    fieldsByName.set(key, fields);
  }
  for (const layer of layers) {
    const own = parts.get(layer.DataLayerId)!;
    if ((fieldsByName.get(sameName(own))?.size ?? 0) > 1 && layer.FieldId !== null)
      own.field = fieldName(layer.FieldId);
  }
  return parts;
}

/** How a crop is named: translated by the screens, English on the server. */
export type CropNameOf = (cropId: number) => string | null;

export const englishCropName: CropNameOf = (cropId) => cropDefinitionById(cropId)?.name ?? null;

/** The parts joined: "P Index 2027 (Middle Field)", "P2O5 requirement · Winter wheat 2027". */
export function layerNameText(parts: LayerNameParts, cropName: CropNameOf = englishCropName): string {
  let text = parts.subject;
  const crop = parts.cropId !== null ? cropName(parts.cropId) : null;
  // A name that already says its crop does not say it twice.
  if (crop && !parts.subject.toLowerCase().includes(crop.toLowerCase())) text += ` · ${crop}`;
  if (parts.year !== null) text += ` ${parts.year}`;
  if (parts.field) text += ` (${parts.field})`;
  return text;
}

/** What a layer the server makes is called before crop and year: its type, told apart by nutrient or product. */
export function layerSubject(layer: Pick<NameableLayer, 'TypeId' | 'NutrientId' | 'ProductId'>): string {
  if (layer.TypeId === LayerTypeId.NutrientRequirement && layer.NutrientId !== null)
    return `${nutrientNames[layer.NutrientId as NutrientType] ?? ''} requirement`.trim();
  if (layer.TypeId === LayerTypeId.Application && layer.ProductId !== null) {
    const product = fertiliserProductOf(layer.ProductId);
    if (product) return product.Name;
  }
  return layerTypes.find((type) => type.TypeId === layer.TypeId)?.Name ?? 'Layer';
}

/** The English name the server stores for a layer it makes without one (a requirement, an application). */
export function defaultLayerName(
  layer: Pick<NameableLayer, 'TypeId' | 'Year'> &
    Partial<Pick<NameableLayer, 'CropId' | 'NutrientId' | 'ProductId'>>,
): string {
  const parts: LayerNameParts = {
    subject: layerSubject({
      TypeId: layer.TypeId,
      NutrientId: layer.NutrientId ?? null,
      ProductId: layer.ProductId ?? null,
    }),
    cropId: fieldTypes.has(layer.TypeId) ? null : (layer.CropId ?? null),
    year: layer.Year,
    field: null,
  };
  return layerNameText(parts).slice(0, 100);
}
