/**
 * How data layers are grouped and shown (fields-croppings-maps §2 Layer tree dialog and selectors, §4 Data
 * layers): the layer tree dialog, the selectors, the topmost rule, label visibility and yield preselection.
 * Nodes carry a title as a text key with parameters (translated by the screens) or as a name of the farm's own.
 */
import { LayerTypeGroup, LayerTypeId, layerTypes, MapScope } from './layerTypes';

/** What the tree reads of a layer (a `DataLayer` of the API fits). */
export interface TreeLayer {
  DataLayerId: number;
  TypeId: number;
  GroupId: number;
  Scope: number;
  FieldId: number | null;
  CroppingId: number | null;
  Year: number;
  Date: string | null;
  Name: string;
  PlanName: string | null;
}

/** What the tree reads of a field. */
export interface TreeField {
  FieldId: number;
  Name: string;
  FieldGroup: string | null;
}

export type NodeTitle = { key: string; params?: Record<string, string | number> } | { text: string };

export type TreeNodeKind =
  | 'group'
  | 'subgroup'
  | 'type'
  | 'year'
  | 'plan'
  | 'fieldGroup'
  | 'field'
  | 'holding'
  | 'imageKind'
  | 'date'
  | 'layer';

export interface TreeNode {
  /** Unique in its tree: the path of kinds and ids from the root. */
  key: string;
  kind: TreeNodeKind;
  title: NodeTitle;
  children: TreeNode[];
  /** Set on layer nodes. */
  layerId?: number;
  /** Set on group and type nodes. */
  groupId?: number;
  typeId?: number;
}

/** Translation keys of the fixed titles. */
export const treeTitleKeys = {
  group: (groupId: number) => `layers.group.${groupId}`,
  subgroup: (subgroup: string) => `layers.subgroup.${subgroup}`,
  type: (key: string) => `layers.type.${key}`,
  otherFields: 'layers.tree.otherFields',
  holding: 'layers.tree.holding',
  noPlan: 'layers.tree.noPlan',
  unknownField: 'layers.tree.unknownField',
} as const;

/** Subgroups of the dialog: soil nutrients apart from soil health, requirements apart from applications. */
const typeSubgroups: Partial<Record<number, string>> = {
  [LayerTypeId.SoilPhosphorus]: 'nutrients',
  [LayerTypeId.SoilPotassium]: 'nutrients',
  [LayerTypeId.SoilMagnesium]: 'nutrients',
  [LayerTypeId.SoilPh]: 'soilHealth',
  [LayerTypeId.OrganicMatter]: 'soilHealth',
  [LayerTypeId.NutrientRequirement]: 'requirements',
  [LayerTypeId.Application]: 'applications',
  [LayerTypeId.SeedRate]: 'applications',
};

const typeOrder = new Map(layerTypes.map((type, index) => [type.TypeId as number, index]));
const typeKey = (typeId: number) => layerTypes.find((type) => type.TypeId === typeId)?.Key ?? `type${typeId}`;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function byLayerOrder(a: TreeLayer, b: TreeLayer): number {
  // Newest first, then by name.
  const date = (b.Date ?? '').localeCompare(a.Date ?? '');
  return b.Year - a.Year || date || collator.compare(a.Name, b.Name) || a.DataLayerId - b.DataLayerId;
}

function layerNode(parentKey: string, layer: TreeLayer): TreeNode {
  return {
    key: `${parentKey}/layer:${layer.DataLayerId}`,
    kind: 'layer',
    title: { text: layer.Name },
    children: [],
    layerId: layer.DataLayerId,
  };
}

/** Groups `items` by `keyOf`, keeping the keys in first-seen order. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The layer tree dialog: groups (in the order of §9), then subgroups where a group has them, then layer types,
 * then the year's layers of each type. Empty groups and types are left out.
 */
export function buildLayerDialogTree(layers: readonly TreeLayer[]): TreeNode[] {
  const groups: TreeNode[] = [];
  const groupIds = [...new Set(layers.map((layer) => layer.GroupId))].sort(
    (a, b) => groupRank(a) - groupRank(b) || a - b,
  );
  for (const groupId of groupIds) {
    const groupKey = `group:${groupId}`;
    const inGroup = layers.filter((layer) => layer.GroupId === groupId);
    const group: TreeNode = {
      key: groupKey,
      kind: 'group',
      title: { key: treeTitleKeys.group(groupId) },
      children: [],
      groupId,
    };
    const bySubgroup = groupBy(sortByType(inGroup), (layer) => typeSubgroups[layer.TypeId] ?? null);
    for (const [subgroup, subLayers] of bySubgroup) {
      const parent: TreeNode =
        subgroup === null
          ? group
          : {
              key: `${groupKey}/subgroup:${subgroup}`,
              kind: 'subgroup',
              title: { key: treeTitleKeys.subgroup(subgroup) },
              children: [],
            };
      if (parent !== group) group.children.push(parent);
      for (const [typeId, typeLayers] of groupBy(subLayers, (layer) => layer.TypeId)) {
        const key = `${parent.key}/type:${typeId}`;
        parent.children.push({
          key,
          kind: 'type',
          title: { key: treeTitleKeys.type(typeKey(typeId)) },
          typeId,
          children: [...typeLayers].sort(byLayerOrder).map((layer) => layerNode(key, layer)),
        });
      }
    }
    groups.push(group);
  }
  return groups;
}

function groupRank(groupId: number): number {
  const ids = Object.values(LayerTypeGroup) as number[];
  const index = ids.indexOf(groupId);
  return index < 0 ? ids.length : index;
}

function sortByType(layers: readonly TreeLayer[]): TreeLayer[] {
  return [...layers].sort(
    (a, b) =>
      subgroupRank(a.TypeId) - subgroupRank(b.TypeId) ||
      (typeOrder.get(a.TypeId) ?? 999) - (typeOrder.get(b.TypeId) ?? 999) ||
      a.TypeId - b.TypeId,
  );
}

const subgroupOrder = ['nutrients', 'soilHealth', 'requirements', 'applications'];
function subgroupRank(typeId: number): number {
  const subgroup = typeSubgroups[typeId];
  return subgroup === undefined ? -1 : subgroupOrder.indexOf(subgroup);
}

/** Fields grouped by field group, the groups by name with 'Other fields' (no group) last. */
function fieldGroupNodes(
  parentKey: string,
  layers: readonly TreeLayer[],
  fields: ReadonlyMap<number, TreeField>,
): TreeNode[] {
  const nodes: TreeNode[] = [];
  const holdingLayers = layers.filter((layer) => layer.Scope === MapScope.Holding || layer.FieldId === null);
  const fieldLayers = layers.filter((layer) => !holdingLayers.includes(layer));
  if (holdingLayers.length > 0) {
    const key = `${parentKey}/holding`;
    nodes.push({
      key,
      kind: 'holding',
      title: { key: treeTitleKeys.holding },
      children: [...holdingLayers].sort(byLayerOrder).map((layer) => layerNode(key, layer)),
    });
  }
  const groupName = (layer: TreeLayer) => {
    const name = fields.get(layer.FieldId ?? -1)?.FieldGroup?.trim();
    return name ? name : null;
  };
  const byGroup = groupBy(fieldLayers, groupName);
  const names = [...byGroup.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : collator.compare(a, b),
  );
  for (const name of names) {
    const key = `${parentKey}/fieldGroup:${name ?? ''}`;
    const group: TreeNode = {
      key,
      kind: 'fieldGroup',
      title: name === null ? { key: treeTitleKeys.otherFields } : { text: name },
      children: [],
    };
    const byField = groupBy(byGroup.get(name) ?? [], (layer) => layer.FieldId ?? -1);
    const fieldIds = [...byField.keys()].sort(
      (a, b) => collator.compare(fields.get(a)?.Name ?? '', fields.get(b)?.Name ?? '') || a - b,
    );
    for (const fieldId of fieldIds) {
      const fieldKey = `${key}/field:${fieldId}`;
      const field = fields.get(fieldId);
      group.children.push({
        key: fieldKey,
        kind: 'field',
        title: field ? { text: field.Name } : { key: treeTitleKeys.unknownField, params: { id: fieldId } },
        children: [...(byField.get(fieldId) ?? [])]
          .sort(byLayerOrder)
          .map((layer) => layerNode(fieldKey, layer)),
      });
    }
    nodes.push(group);
  }
  return nodes;
}

const byYearTypes = new Set<number>([LayerTypeId.Yield, LayerTypeId.Biomass]);
const byPlanTypes = new Set<number>([LayerTypeId.Application, LayerTypeId.SeedRate]);

/**
 * A selector's tree: layer type group > type > field group > field > layer. Yield and biomass put a year level
 * (newest first) under the type, plan layers a plan level (by name, layers without a plan last); holding-level
 * layers (drawings) sit under a holding node beside the field groups.
 */
export function buildSelectorTree(layers: readonly TreeLayer[], fields: readonly TreeField[]): TreeNode[] {
  const fieldMap = new Map(fields.map((field) => [field.FieldId, field]));
  return buildLayerDialogTree(layers).map((group) => {
    const types = group.children.flatMap((child) => (child.kind === 'subgroup' ? child.children : [child]));
    return {
      ...group,
      children: types.map((type) => {
        const typeId = type.typeId ?? -1;
        const typeLayers = layers.filter(
          (layer) => layer.TypeId === typeId && layer.GroupId === group.groupId,
        );
        const key = `${group.key}/type:${typeId}`;
        let children: TreeNode[];
        if (byYearTypes.has(typeId)) {
          const years = [...groupBy(typeLayers, (layer) => layer.Year)].sort(([a], [b]) => b - a);
          children = years.map(([year, yearLayers]) => {
            const yearKey = `${key}/year:${year}`;
            return {
              key: yearKey,
              kind: 'year',
              title: { text: String(year) },
              children: fieldGroupNodes(yearKey, yearLayers, fieldMap),
            };
          });
        } else if (byPlanTypes.has(typeId)) {
          const plans = [...groupBy(typeLayers, (layer) => layer.PlanName?.trim() || null)].sort(
            ([a], [b]) => (a === null ? 1 : b === null ? -1 : collator.compare(a, b)),
          );
          children = plans.map(([plan, planLayers]) => {
            const planKey = `${key}/plan:${plan ?? ''}`;
            return {
              key: planKey,
              kind: 'plan',
              title: plan === null ? { key: treeTitleKeys.noPlan } : { text: plan },
              children: fieldGroupNodes(planKey, planLayers, fieldMap),
            };
          });
        } else {
          children = fieldGroupNodes(key, typeLayers, fieldMap);
        }
        return { key, kind: 'type', title: type.title, typeId, children };
      }),
    };
  });
}

/** A satellite image: its kind (NDVI, CHI, RGB...) and date. */
export interface SatelliteImage {
  id: number;
  kind: string;
  date: string;
}

/** Satellite imagery grouped by image kind (NDVI, CHI, RGB first, then others by name), then by date, newest first. */
export function groupSatelliteImages(images: readonly SatelliteImage[]): TreeNode[] {
  const kindOrder = ['NDVI', 'CHI', 'RGB'];
  const rank = (kind: string) => (kindOrder.includes(kind) ? kindOrder.indexOf(kind) : kindOrder.length);
  const kinds = [...groupBy(images, (image) => image.kind)].sort(
    ([a], [b]) => rank(a) - rank(b) || collator.compare(a, b),
  );
  return kinds.map(([kind, kindImages]) => {
    const key = `imageKind:${kind}`;
    const dates = [...groupBy(kindImages, (image) => image.date)].sort(([a], [b]) => b.localeCompare(a));
    return {
      key,
      kind: 'imageKind',
      title: { text: kind },
      children: dates.map(([date, dateImages]) => ({
        key: `${key}/date:${date}`,
        kind: 'date',
        title: { text: date },
        children: dateImages.map((image) => ({
          key: `${key}/date:${date}/layer:${image.id}`,
          kind: 'layer',
          title: { text: `${kind} ${date}` },
          children: [],
          layerId: image.id,
        })),
      })),
    };
  });
}

/** Every layer id under a node (the node itself if it is a layer). */
export function layerIdsUnder(node: TreeNode): number[] {
  return node.layerId !== undefined ? [node.layerId] : node.children.flatMap(layerIdsUnder);
}

// ---------------------------------------------------------------------------------------------------------------
// Display rules

/** §4: a layer's labels are hidden below this opacity (per cent). */
export const labelMinOpacity = 20;

/** §4: labels are hidden when the layer's opacity is below 20, and always for EC scan and biomass layers. */
export function showsLayerLabels(typeId: number, opacityPercent: number): boolean {
  if (typeId === LayerTypeId.EcScan || typeId === LayerTypeId.Biomass) return false;
  return opacityPercent >= labelMinOpacity;
}

/** §2: the opacity slider runs from 0 to 100 in whole numbers. */
export function sliderOpacity(value: number): number {
  if (!Number.isFinite(value)) return 100;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** A layer shown on the map, in stack order input (top first). */
export interface StackedLayer {
  DataLayerId: number;
  FieldId: number | null;
  TypeId: number;
  CroppingId: number | null;
  /** Per cent. */
  Opacity: number;
}

/**
 * §4 stack order: the 'topmost' flag, recomputed per field. It is true for the field's top layer and for layers
 * of the same type belonging to other croppings; any other layer of the field gets undefined when its opacity is
 * above 50 (it may still show through) and false otherwise. `stack` lists the visible layers top first.
 */
export function topmostFlags(stack: readonly StackedLayer[]): Map<number, boolean | undefined> {
  const flags = new Map<number, boolean | undefined>();
  const tops = new Map<number | null, StackedLayer>();
  for (const layer of stack) {
    const top = tops.get(layer.FieldId);
    if (!top) {
      tops.set(layer.FieldId, layer);
      flags.set(layer.DataLayerId, true);
    } else if (layer.TypeId === top.TypeId && layer.CroppingId !== top.CroppingId) {
      flags.set(layer.DataLayerId, true);
    } else {
      flags.set(layer.DataLayerId, layer.Opacity > 50 ? undefined : false);
    }
  }
  return flags;
}

/** The settings of one section (layer) of the layer options. */
export interface SectionState {
  expanded: boolean;
  visible: boolean;
}

/** §4: expanding a section forces its layer visible; collapsing leaves visibility as it is. */
export function toggleSection(state: SectionState): SectionState {
  return state.expanded ? { ...state, expanded: false } : { expanded: true, visible: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Yield preselection

/** §4: yield layers within this many years of the current year are preselected. */
export const yieldPreselectYears = 5;
/** §4: two yield layers closer than this (10 days, in ms) are not both preselected. */
export const yieldPreselectGapMs = 864e6;

export interface DatedLayer {
  DataLayerId: number;
  FieldId: number | null;
  Year: number;
  /** yyyy-mm-dd, or null (then 1 August of the year before, the start of the harvest year). */
  Date: string | null;
}

function layerTime(layer: DatedLayer): number {
  return Date.parse(`${layer.Date ?? `${layer.Year - 1}-08-01`}T00:00:00Z`);
}

/**
 * §4: the yield layers preselected: those within 5 years of `currentYear` (5 years apart still counts); per field,
 * newest first, a layer less than 10 days after or before the last preselected one is left out.
 */
export function preselectYieldLayers(layers: readonly DatedLayer[], currentYear: number): number[] {
  const chosen: number[] = [];
  const recent = layers.filter((layer) => Math.abs(currentYear - layer.Year) <= yieldPreselectYears);
  for (const fieldLayers of groupBy(recent, (layer) => layer.FieldId).values()) {
    const sorted = [...fieldLayers].sort(
      (a, b) => layerTime(b) - layerTime(a) || b.DataLayerId - a.DataLayerId,
    );
    let last: number | null = null;
    for (const layer of sorted) {
      const time = layerTime(layer);
      if (last !== null && Math.abs(last - time) < yieldPreselectGapMs) continue;
      chosen.push(layer.DataLayerId);
      last = time;
    }
  }
  return chosen;
}

/**
 * §4: the year groups shown before the user picks: the 5 nearest years to the current one (1 for biomass),
 * a later year winning a tie, newest first.
 */
export function nearestYearGroups(
  years: readonly number[],
  currentYear: number,
  kind: 'yield' | 'biomass',
): number[] {
  const count = kind === 'biomass' ? 1 : 5;
  return [...new Set(years)]
    .sort((a, b) => Math.abs(a - currentYear) - Math.abs(b - currentYear) || b - a)
    .slice(0, count)
    .sort((a, b) => b - a);
}
