/**
 * The data layer enumerations of fields-croppings-maps §9: layer type groups, layer types (numeric or discrete,
 * with their units), map scopes, map geometry types and the yield layer subtype. Ids are this product's own;
 * they travel on the wire as numbers and the screens name them through the translations.
 */

/** Layer type groups, in the order the layer tree shows them. */
export const LayerTypeGroup = {
  SoilPhysical: 1,
  SoilAnalysis: 2,
  Yield: 3,
  ApplicationPlans: 4,
  Biomass: 5,
  TerraMap: 6,
  WeedAndPestPressure: 7,
  Other: 8,
} as const;
export type LayerTypeGroup = (typeof LayerTypeGroup)[keyof typeof LayerTypeGroup];
export const layerTypeGroupIds = Object.values(LayerTypeGroup) as LayerTypeGroup[];

/** Whether a layer type's values are measurements (Numeric) or classes picked from a list (Discrete). */
export const ValueType = { Numeric: 'Numeric', Discrete: 'Discrete' } as const;
export type ValueType = (typeof ValueType)[keyof typeof ValueType];

/** What a layer belongs to (§9 Map scope). */
export const MapScope = { Field: 1, Cropping: 2, Holding: 3 } as const;
export type MapScope = (typeof MapScope)[keyof typeof MapScope];

/** §9 Map geometry types. */
export const MapGeometryType = { Point: 1, Linestring: 2, Polygon: 3, Grid: 4 } as const;
export type MapGeometryType = (typeof MapGeometryType)[keyof typeof MapGeometryType];

/** The yield layer subtype of §3 (SubtypeId). */
export const YieldSubtype = { ActualYield: 1, TargetYield: 2 } as const;
export type YieldSubtype = (typeof YieldSubtype)[keyof typeof YieldSubtype];

/** Layer type ids. */
export const LayerTypeId = {
  SoilTexture: 1,
  EcScan: 2,
  SoilPh: 10,
  SoilPhosphorus: 11,
  SoilPotassium: 12,
  SoilMagnesium: 13,
  OrganicMatter: 14,
  Yield: 20,
  NutrientRequirement: 30,
  Application: 31,
  SeedRate: 32,
  Biomass: 40,
  TerraMapVariant: 50,
  WeedPressure: 60,
  Drawing: 70,
  Picture: 71,
} as const;
export type LayerTypeId = (typeof LayerTypeId)[keyof typeof LayerTypeId];

/** A layer type as §3 describes it: its group, value type, allowed units (first is the default) and values. */
export interface LayerTypeDefinition {
  TypeId: LayerTypeId;
  /** Key of the type's name in the translations (`layers.type.<Key>`) and its English name. */
  Key: string;
  Name: string;
  GroupId: LayerTypeGroup;
  ValueType: ValueType;
  /** Unit names a layer of this type may carry; the first is the default. Empty when values have no unit. */
  Units: readonly string[];
  /** The classes of a discrete type, by value. */
  Values: readonly { Value: number; Label: string }[];
  /** What a zone's value is called (the details box's heading). */
  ValueLabel: string;
  /** Whether the type draws points, polygons or both. */
  GeometryTypes: readonly MapGeometryType[];
}

/** Soil texture classes (UK soil texture triangle, simplified), the values of the discrete soil texture type. */
export const soilTextureClasses = [
  { Value: 1, Label: 'Sand' },
  { Value: 2, Label: 'Loamy sand' },
  { Value: 3, Label: 'Sandy loam' },
  { Value: 4, Label: 'Sandy silt loam' },
  { Value: 5, Label: 'Silt loam' },
  { Value: 6, Label: 'Sandy clay loam' },
  { Value: 7, Label: 'Clay loam' },
  { Value: 8, Label: 'Silty clay loam' },
  { Value: 9, Label: 'Sandy clay' },
  { Value: 10, Label: 'Silty clay' },
  { Value: 11, Label: 'Clay' },
] as const;

const soilNutrientUnits = ['Ppm', 'Index', 'Morgan', 'KgHa', 'Mg100g'] as const;
const polygonAndPoint = [MapGeometryType.Polygon, MapGeometryType.Point] as const;

export const layerTypes: readonly LayerTypeDefinition[] = [
  {
    TypeId: LayerTypeId.SoilTexture,
    Key: 'soilTexture',
    Name: 'Soil texture',
    GroupId: LayerTypeGroup.SoilPhysical,
    ValueType: ValueType.Discrete,
    Units: [],
    Values: soilTextureClasses,
    ValueLabel: 'Texture',
    GeometryTypes: [MapGeometryType.Polygon],
  },
  {
    TypeId: LayerTypeId.EcScan,
    Key: 'ecScan',
    Name: 'EC scan',
    GroupId: LayerTypeGroup.SoilPhysical,
    ValueType: ValueType.Numeric,
    Units: ['mS/m'],
    Values: [],
    ValueLabel: 'Conductivity',
    GeometryTypes: polygonAndPoint,
  },
  {
    TypeId: LayerTypeId.SoilPh,
    Key: 'soilPh',
    Name: 'pH',
    GroupId: LayerTypeGroup.SoilAnalysis,
    ValueType: ValueType.Numeric,
    Units: ['pH'],
    Values: [],
    ValueLabel: 'pH',
    GeometryTypes: polygonAndPoint,
  },
  {
    TypeId: LayerTypeId.SoilPhosphorus,
    Key: 'soilPhosphorus',
    Name: 'Phosphorus (P)',
    GroupId: LayerTypeGroup.SoilAnalysis,
    ValueType: ValueType.Numeric,
    Units: soilNutrientUnits,
    Values: [],
    ValueLabel: 'P',
    GeometryTypes: polygonAndPoint,
  },
  {
    TypeId: LayerTypeId.SoilPotassium,
    Key: 'soilPotassium',
    Name: 'Potassium (K)',
    GroupId: LayerTypeGroup.SoilAnalysis,
    ValueType: ValueType.Numeric,
    Units: soilNutrientUnits,
    Values: [],
    ValueLabel: 'K',
    GeometryTypes: polygonAndPoint,
  },
  {
    TypeId: LayerTypeId.SoilMagnesium,
    Key: 'soilMagnesium',
    Name: 'Magnesium (Mg)',
    GroupId: LayerTypeGroup.SoilAnalysis,
    ValueType: ValueType.Numeric,
    Units: soilNutrientUnits,
    Values: [],
    ValueLabel: 'Mg',
    GeometryTypes: polygonAndPoint,
  },
  {
    TypeId: LayerTypeId.OrganicMatter,
    Key: 'organicMatter',
    Name: 'Organic matter',
    GroupId: LayerTypeGroup.SoilAnalysis,
    ValueType: ValueType.Numeric,
    Units: ['%'],
    Values: [],
    ValueLabel: 'Organic matter',
    GeometryTypes: polygonAndPoint,
  },
  {
    TypeId: LayerTypeId.Yield,
    Key: 'yield',
    Name: 'Yield',
    GroupId: LayerTypeGroup.Yield,
    ValueType: ValueType.Numeric,
    Units: ['t/ha'],
    Values: [],
    ValueLabel: 'Yield',
    GeometryTypes: [MapGeometryType.Grid, MapGeometryType.Polygon, MapGeometryType.Point],
  },
  {
    TypeId: LayerTypeId.NutrientRequirement,
    Key: 'nutrientRequirement',
    Name: 'Nutrient requirement',
    GroupId: LayerTypeGroup.ApplicationPlans,
    ValueType: ValueType.Numeric,
    Units: ['kg/ha', 't/ha'],
    Values: [],
    ValueLabel: 'Requirement',
    GeometryTypes: [MapGeometryType.Polygon],
  },
  {
    TypeId: LayerTypeId.Application,
    Key: 'application',
    Name: 'Application',
    GroupId: LayerTypeGroup.ApplicationPlans,
    ValueType: ValueType.Numeric,
    Units: ['kg/ha', 't/ha', 'l/ha', 'm³/ha'],
    Values: [],
    ValueLabel: 'Product rate',
    GeometryTypes: [MapGeometryType.Polygon],
  },
  {
    TypeId: LayerTypeId.SeedRate,
    Key: 'seedRate',
    Name: 'Seed rate',
    GroupId: LayerTypeGroup.ApplicationPlans,
    ValueType: ValueType.Numeric,
    Units: ['seeds/m²', 'kg/ha', 'seeds/ha'],
    Values: [],
    ValueLabel: 'Seed rate',
    GeometryTypes: [MapGeometryType.Polygon],
  },
  {
    TypeId: LayerTypeId.Biomass,
    Key: 'biomass',
    Name: 'Biomass',
    GroupId: LayerTypeGroup.Biomass,
    ValueType: ValueType.Numeric,
    Units: [
      'NDVI',
      'Leaf area index',
      'Yara Biomass index',
      'Chlorophyll content index',
      'Enhanced Vegetation Index',
    ],
    Values: [],
    ValueLabel: 'Biomass',
    GeometryTypes: [MapGeometryType.Grid, MapGeometryType.Polygon],
  },
  {
    TypeId: LayerTypeId.TerraMapVariant,
    Key: 'terraMap',
    Name: 'TerraMap',
    GroupId: LayerTypeGroup.TerraMap,
    ValueType: ValueType.Numeric,
    Units: [],
    Values: [],
    ValueLabel: 'Value',
    GeometryTypes: [MapGeometryType.Grid, MapGeometryType.Polygon],
  },
  {
    TypeId: LayerTypeId.WeedPressure,
    Key: 'weedPressure',
    Name: 'Weed and pest pressure',
    GroupId: LayerTypeGroup.WeedAndPestPressure,
    ValueType: ValueType.Discrete,
    Units: [],
    Values: [
      { Value: 1, Label: 'Low' },
      { Value: 2, Label: 'Medium' },
      { Value: 3, Label: 'High' },
    ],
    ValueLabel: 'Pressure',
    GeometryTypes: [MapGeometryType.Polygon, MapGeometryType.Point],
  },
  {
    TypeId: LayerTypeId.Drawing,
    Key: 'drawing',
    Name: 'Drawing',
    GroupId: LayerTypeGroup.Other,
    ValueType: ValueType.Numeric,
    Units: [],
    Values: [],
    ValueLabel: 'Value',
    GeometryTypes: [MapGeometryType.Polygon, MapGeometryType.Point, MapGeometryType.Linestring],
  },
  {
    TypeId: LayerTypeId.Picture,
    Key: 'picture',
    Name: 'Picture',
    GroupId: LayerTypeGroup.Other,
    ValueType: ValueType.Numeric,
    Units: [],
    Values: [],
    ValueLabel: 'Picture',
    GeometryTypes: [MapGeometryType.Point],
  },
];

const byId = new Map(layerTypes.map((type) => [type.TypeId, type]));

/** The definition of a layer type id, or undefined for an unknown id. */
export function layerTypeOf(typeId: number): LayerTypeDefinition | undefined {
  return byId.get(typeId as LayerTypeId);
}

export const layerTypeIds = layerTypes.map((type) => type.TypeId);

/** Soil analysis layer types that carry a nutrient and its unit, with the nutrient as an oxide. */
export const soilNutrientLayerTypes = [
  LayerTypeId.SoilPhosphorus,
  LayerTypeId.SoilPotassium,
  LayerTypeId.SoilMagnesium,
] as const;
