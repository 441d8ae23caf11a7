import type { FeatureLike } from 'ol/Feature.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import { fieldArea } from '@headland/domain/field';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { colours, labelMaxResolution } from '../mapConstants.ts';
import { defaultCroppingLabelFlags, type CroppingLabelFlags } from '../settings/mapLayerSettings.ts';
import { buildLabelText, type LabelSubject } from '../style/croppingLabelText.ts';
import { LabelPoints } from '../style/labelPoint.ts';
import { createLabelStyle } from '../style/labelStyle.ts';
import { rgba } from '../style/PatternFills.ts';
import { coveringCropping, fieldOf, type FieldFeature } from './fieldFeatures.ts';
import { fieldWash, overviewOutline } from './fieldPaints.ts';
import { largestFirst } from './largestFirst.ts';

export interface FieldsLayerOptions {
  visible?: boolean;
  showLabels?: boolean;
  /** The label flags; of these a field label shows only field name, field number and area. */
  labelFlags?: CroppingLabelFlags;
  labelMaxResolution?: number;
  /**
   * Whether the cropping layer is drawn. The field fill then turns to a light wash under the crop colours, and
   * fields whose croppings carry labels get none of their own, so no field is labelled twice. Further out than
   * the label threshold a field with a covering cropping (`coveringCropping`) is then left to the cropping
   * layer, which draws it once with this layer's wash and outline.
   */
  croppingsShown?: boolean;
  isSelected?: (fieldId: number) => boolean;
  formatArea?: (hectares: number) => string;
}

export interface FieldsLayer {
  /** The boundaries. */
  layer: VectorLayer<VectorSource<FieldFeature>, FieldFeature>;
  /** The labels, over the same source. */
  labelLayer: VectorLayer<VectorSource<FieldFeature>, FieldFeature>;
  source: VectorSource<FieldFeature>;
  update(options: Partial<FieldsLayerOptions>): void;
  refresh(): void;
}

const noStyles: Style[] = [];

const defaults: Required<FieldsLayerOptions> = {
  visible: true,
  showLabels: true,
  labelFlags: defaultCroppingLabelFlags,
  labelMaxResolution,
  croppingsShown: true,
  isSelected: () => false,
  formatArea: (hectares) => `${hectares.toFixed(2)} ha`,
};

export function fieldLabelSubject(field: FieldResponse): LabelSubject {
  return {
    fieldName: field.Name,
    fieldNumber: field.FieldNumber,
    cropName: null,
    varietyName: null,
    croppingDescription: null,
    plotId: null,
    managementOptionCodes: [],
    area: fieldArea(field),
  };
}

/**
 * The fields layer: every field boundary, white-filled (0.5 alone, 0.15 under croppings), outlined in the
 * default field colour over a thin dark line so that it shows on imagery and on a blank map alike (a single thin
 * line when zoomed out past the label threshold, drawn by the cropping layer for fields it covers); crimson when
 * selected.
 */
export function createFieldsLayer(options: FieldsLayerOptions = {}): FieldsLayer {
  let current: Required<FieldsLayerOptions> = { ...defaults, ...options };
  // A holding's fields do not overlap, or barely, so OpenLayers may fill and outline up to 200 of one style in
  // one canvas call; where two do overlap, the overlap is washed once rather than twice.
  const source = new VectorSource<FieldFeature>({ wrapX: false, overlaps: false });
  const labelPoints = new LabelPoints();
  const labels = new WeakMap<
    FeatureLike,
    { revision: number; text: string; point: unknown; style: Style | null }
  >();
  let labelRevision = 0;
  let styles = makeStyles();

  function makeStyles() {
    const wash = fieldWash(current.croppingsShown);
    const fill = new Fill({ color: rgba(wash.colour, wash.opacity) });
    const outline = new Style({
      fill,
      stroke: new Stroke({ color: rgba(colours.defaultField), width: 3 }),
      zIndex: 0,
    });
    const inner = new Style({ stroke: new Stroke({ color: 'rgba(40, 40, 40, 0.85)', width: 1 }), zIndex: 1 });
    const selected = new Style({
      fill: new Fill({ color: rgba(colours.selection, 0.08) }),
      stroke: new Stroke({ color: rgba(colours.selection), width: 3 }),
      zIndex: 2,
    });
    // Zoomed out past the label threshold a field is a few pixels across: one thin outline reads as well as the
    // two-tone one and halves the canvas work for thousands of fields.
    const overview = new Style({
      fill,
      stroke: new Stroke({ color: rgba(overviewOutline.colour, overviewOutline.opacity), width: 1 }),
      zIndex: 0,
    });
    return { normal: [outline, inner], overview: [overview], selected: [outline, selected] };
  }

  function labelOf(feature: FeatureLike, field: FieldResponse): Style | null {
    // Croppings label their own fields; only a field with nothing on it this year gets a field label then.
    if (current.croppingsShown && field.Croppings.length > 0) return null;
    const point = labelPoints.of(feature.getGeometry() as never);
    const cached = labels.get(feature);
    if (cached && cached.revision === labelRevision && cached.point === point) return cached.style;
    const flags: CroppingLabelFlags = {
      ...defaultCroppingLabelFlags,
      fieldName: current.labelFlags.fieldName,
      fieldNumber: current.labelFlags.fieldNumber,
      area: current.labelFlags.area,
      cropName: false,
    };
    const text = buildLabelText(fieldLabelSubject(field), flags, current.formatArea);
    const style = text && point ? createLabelStyle(text, point) : null;
    labels.set(feature, { revision: labelRevision, text, point, style });
    return style;
  }

  const styleFunction = (feature: FeatureLike, resolution: number): Style[] => {
    const field = fieldOf(feature);
    if (field && current.isSelected(field.FieldId)) return styles.selected;
    if (resolution <= current.labelMaxResolution) return styles.normal;
    // Drawn by the cropping layer: two fills and two passes over every boundary would double the canvas work
    // of the holding-wide view.
    if (field && current.croppingsShown && coveringCropping(field)) return noStyles;
    return styles.overview;
  };

  const labelStyleFunction = (feature: FeatureLike, resolution: number): Style | undefined => {
    const field = fieldOf(feature);
    if (!field || !current.showLabels || resolution > current.labelMaxResolution) return undefined;
    return labelOf(feature, field) ?? undefined;
  };

  // Boundaries are drawn in any order: sorting thousands of fields for every redraw of a zoom would cost more
  // than drawing them. Labels go on a layer of their own, decluttered with the crop labels (one group) and
  // largest fields first, so the labels that give way are the smallest fields'; further out than the label
  // threshold that layer is skipped altogether.
  const layer = new VectorLayer<VectorSource<FieldFeature>, FieldFeature>({
    source,
    style: styleFunction,
    visible: current.visible,
    zIndex: 1,
    properties: { name: 'fields' },
  });
  const labelLayer = new VectorLayer<VectorSource<FieldFeature>, FieldFeature>({
    source,
    style: labelStyleFunction,
    renderOrder: largestFirst(),
    declutter: 'labels',
    visible: current.visible,
    maxResolution: current.labelMaxResolution * 1.000001,
    zIndex: 3,
    properties: { name: 'fieldLabels' },
  });

  return {
    layer,
    labelLayer,
    source,
    update(changes) {
      const next = { ...current, ...changes };
      const restyle = next.croppingsShown !== current.croppingsShown;
      if (
        next.labelFlags !== current.labelFlags ||
        next.formatArea !== current.formatArea ||
        next.croppingsShown !== current.croppingsShown
      )
        labelRevision++;
      current = next;
      if (restyle) styles = makeStyles();
      for (const each of [layer, labelLayer]) {
        each.setVisible(current.visible);
        each.changed();
      }
      labelLayer.setMaxResolution(current.labelMaxResolution * 1.000001);
    },
    refresh() {
      layer.changed();
    },
  };
}
