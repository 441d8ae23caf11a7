import type { FeatureLike } from 'ol/Feature.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import { CroppingStyleMode, type Rgb } from '@headland/domain/crops';
import { fieldArea } from '@headland/domain/field';
import { colours, croppingFillOpacity, labelMaxResolution } from '../mapConstants.ts';
import { defaultCroppingLabelFlags, type CroppingLabelFlags } from '../settings/mapLayerSettings.ts';
import { buildLabelText, type LabelSubject } from '../style/croppingLabelText.ts';
import { resolveCroppingFill, type CroppingStyleEntry } from '../style/croppingStyleLookup.ts';
import { LabelPoints } from '../style/labelPoint.ts';
import { createLabelStyle } from '../style/labelStyle.ts';
import { PatternFills, rgba } from '../style/PatternFills.ts';
import { lineUnder } from '../style/paintOver.ts';
import { coveringCropping, croppingOf, fieldOf, type CroppingFeature } from './fieldFeatures.ts';
import { fieldWash, overviewOutline } from './fieldPaints.ts';
import { largestFirst } from './largestFirst.ts';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';

export interface CroppingLayerOptions {
  /** Colours by crop (default), variety, purpose and grass management, or description. */
  styleMode?: CroppingStyleMode;
  /** User colours that win over the crop's own (§3 lookup priority). */
  styleEntries?: readonly CroppingStyleEntry[];
  showLabels?: boolean;
  labelFlags?: CroppingLabelFlags;
  /** Labels show at this resolution (metres per pixel) or finer. */
  labelMaxResolution?: number;
  /** Whether a selected cropping keeps its fill; off draws it at a tenth of the selected opacity. */
  fillSelected?: boolean;
  visible?: boolean;
  /**
   * Whether the fields layer is drawn beneath. Further out than the label threshold this layer then draws each
   * field's covering cropping with the field's wash folded into its fill and the field's outline, so that the
   * field is drawn once and the fields layer leaves it out.
   */
  fieldsShown?: boolean;
  /** Whether the field a feature belongs to is selected. */
  isSelected?: (fieldId: number) => boolean;
  /** Hectares as shown in labels, unit included. */
  formatArea?: (hectares: number) => string;
  /** A crop's name as shown in labels (the shown language's), from its id and the name the server sent. */
  cropName?: (cropId: number, serverName: string) => string;
}

export interface CroppingLayer {
  /** The crop fills. */
  layer: VectorLayer<VectorSource<CroppingFeature>, CroppingFeature>;
  /** The labels, over the same source. */
  labelLayer: VectorLayer<VectorSource<CroppingFeature>, CroppingFeature>;
  source: VectorSource<CroppingFeature>;
  /** Changes options and redraws; labels and fills are rebuilt only when what they depend on changed. */
  update(options: Partial<CroppingLayerOptions>): void;
  /** Redraws after the selection changed. */
  refresh(): void;
}

const defaults: Required<CroppingLayerOptions> = {
  styleMode: CroppingStyleMode.Crop,
  styleEntries: [],
  showLabels: true,
  labelFlags: defaultCroppingLabelFlags,
  labelMaxResolution,
  fillSelected: true,
  visible: true,
  fieldsShown: true,
  isSelected: () => false,
  formatArea: (hectares) => `${hectares.toFixed(2)} ha`,
  cropName: (_cropId, serverName) => serverName,
};

/** The fill a cropping resolved to under one revision of the style options, and its place in the drawing order. */
interface FillKey {
  revision: number;
  colour: Rgb;
  pattern: string | null;
  /** Colour, then pattern, then whether it covers its field, as one number. */
  order: number;
  /** Whether it is its field's covering cropping (`coveringCropping`). */
  covers: boolean;
  /**
   * Its styles, kept once made under this revision: a cache key built for every feature in every frame would
   * cost more than the lookup saves.
   */
  styles: { plain?: Style; selected?: Style; field?: Style };
}

/** The label texts of a cropping, from its field and itself. */
export function croppingLabelSubject(
  field: FieldResponse,
  cropping: CroppingResponse,
  cropName: (cropId: number, serverName: string) => string = (_cropId, serverName) => serverName,
): LabelSubject {
  return {
    fieldName: field.Name,
    fieldNumber: field.FieldNumber,
    cropName: cropName(cropping.CropId, cropping.Crop.Name),
    varietyName: cropping.VarietyName ?? cropping.Variety?.Name ?? null,
    croppingDescription: cropping.CropDescr,
    plotId: cropping.PlotId,
    managementOptionCodes: cropping.ManagementOptions.map((option) => option.Code),
    area: cropping.Area ?? cropping.BoundaryArea ?? fieldArea(field),
  };
}

/**
 * The cropping layer: each cropping filled with its crop colour and pattern by the style mode, a crimson outline
 * when its field is selected, and decluttered labels at resolution 10 or finer. One vector source holds every
 * cropping of the year; styles are cached per colour and per feature so that 5,000 croppings draw each frame
 * without building objects.
 */
export function createCroppingLayer(options: CroppingLayerOptions = {}): CroppingLayer {
  let current: Required<CroppingLayerOptions> = { ...defaults, ...options };
  // Croppings of one colour do not overlap, or barely, so OpenLayers may fill up to 200 of them in one canvas
  // call; where two of one colour do overlap, the overlap is filled once rather than twice.
  const source = new VectorSource<CroppingFeature>({ wrapX: false, overlaps: false });
  const patterns = new PatternFills();
  const labelPoints = new LabelPoints();
  const fillStyles = new Map<string, Style>();
  // Per feature: the fill it resolved to, and its label, each under the revision it was made for.
  const fillKeys = new WeakMap<FeatureLike, FillKey>();
  // Patterns numbered as first met, so that the render order compares numbers only.
  const patternRanks = new Map<string, number>();
  const labels = new WeakMap<FeatureLike, { revision: number; text: string }>();
  const labelStyles = new WeakMap<FeatureLike, { text: string; geometry: unknown; style: Style | null }>();
  let fillRevision = 0;
  let labelRevision = 0;

  const selectedStroke = new Stroke({ color: rgba(colours.selection), width: 3 });

  function fillOf(feature: FeatureLike): FillKey {
    const cached = fillKeys.get(feature);
    if (cached && cached.revision === fillRevision) return cached;
    const cropping = croppingOf(feature);
    const resolved = cropping
      ? resolveCroppingFill(cropping, current.styleMode, current.styleEntries)
      : { colour: colours.missingCrop, pattern: null };
    let rank = 0;
    if (resolved.pattern !== null) {
      rank = patternRanks.get(resolved.pattern) ?? patternRanks.size + 1;
      patternRanks.set(resolved.pattern, rank);
    }
    const field = fieldOf(feature);
    const covers = cropping !== undefined && field !== undefined && coveringCropping(field) === cropping;
    const [red, green, blue] = resolved.colour;
    const order = (((red * 256 + green) * 256 + blue) * 1_024 + rank) * 2 + (covers ? 1 : 0);
    const entry: FillKey = { revision: fillRevision, ...resolved, order, covers, styles: {} };
    fillKeys.set(feature, entry);
    return entry;
  }

  function polygonStyle(colour: Rgb, pattern: string | null, selected: boolean): Style {
    const key = `${colour.join(',')}|${pattern ?? ''}|${selected ? 1 : 0}`;
    let style = fillStyles.get(key);
    if (!style) {
      const opacity = selected
        ? croppingFillOpacity.selected * (current.fillSelected ? 1 : croppingFillOpacity.selectedWithoutFill)
        : croppingFillOpacity.unselected;
      style = new Style({
        fill: new Fill({ color: patterns.fill(colour, opacity, pattern) }),
        // The fields layer beneath outlines every boundary; an outline per crop colour would cost a canvas call
        // per cropping and stop same-coloured fills being drawn in one batch.
        stroke: selected ? selectedStroke : undefined,
        zIndex: selected ? 2 : 1,
      });
      fillStyles.set(key, style);
    }
    return style;
  }

  /**
   * A covering cropping further out than the label threshold: its fill over the field's wash and the field's
   * outline as one style, looking as the two layers did (`paintOver`, `lineUnder`).
   */
  function fieldDrawingStyle(colour: Rgb, pattern: string | null): Style {
    const key = `${colour.join(',')}|${pattern ?? ''}|field`;
    let style = fillStyles.get(key);
    if (!style) {
      const opacity = croppingFillOpacity.unselected;
      const outline = lineUnder(overviewOutline, { colour, opacity });
      style = new Style({
        fill: new Fill({ color: patterns.fill(colour, opacity, pattern, fieldWash(true)) }),
        stroke: new Stroke({ color: rgba(outline.colour, outline.opacity), width: 1 }),
        zIndex: 1,
      });
      fillStyles.set(key, style);
    }
    return style;
  }

  function labelOf(feature: FeatureLike): Style | null {
    const field = fieldOf(feature);
    const cropping = croppingOf(feature);
    if (!field || !cropping) return null;
    let label = labels.get(feature);
    if (!label || label.revision !== labelRevision) {
      label = {
        revision: labelRevision,
        text: buildLabelText(
          croppingLabelSubject(field, cropping, current.cropName),
          current.labelFlags,
          current.formatArea,
        ),
      };
      labels.set(feature, label);
    }
    if (!label.text) return null;
    const geometry = feature.getGeometry() as MultiPolygon | undefined;
    const point = labelPoints.of(geometry);
    if (!point) return null;
    const cached = labelStyles.get(feature);
    if (cached && cached.text === label.text && cached.geometry === point) return cached.style;
    const style = createLabelStyle(label.text, point);
    labelStyles.set(feature, { text: label.text, geometry: point, style });
    return style;
  }

  const styleFunction = (feature: FeatureLike, resolution: number): Style => {
    const field = fieldOf(feature);
    const selected = field ? current.isSelected(field.FieldId) : false;
    const fill = fillOf(feature);
    const styles = fill.styles;
    if (selected) return (styles.selected ??= polygonStyle(fill.colour, fill.pattern, true));
    if (fill.covers && current.fieldsShown && resolution > current.labelMaxResolution)
      return (styles.field ??= fieldDrawingStyle(fill.colour, fill.pattern));
    return (styles.plain ??= polygonStyle(fill.colour, fill.pattern, false));
  };

  const labelStyleFunction = (feature: FeatureLike, resolution: number): Style | undefined => {
    if (!current.showLabels || resolution > current.labelMaxResolution) return undefined;
    return labelOf(feature) ?? undefined;
  };

  // Croppings drawn colour by colour: the canvas fills consecutive shapes of one style in one call, which at
  // a holding-wide view of thousands of croppings is most of the drawing time.
  const renderOrder = (a: FeatureLike, b: FeatureLike): number => fillOf(a).order - fillOf(b).order;

  // Labels are decluttered in drawing order, so they go on a layer of their own over the same source, largest
  // croppings first: the labels that give way are those of the smallest pieces, whatever their colour.
  const labelOrder = largestFirst();

  const layer = new VectorLayer<VectorSource<CroppingFeature>, CroppingFeature>({
    source,
    style: styleFunction,
    renderOrder,
    visible: current.visible,
    zIndex: 2,
    properties: { name: 'croppings' },
  });
  const labelLayer = new VectorLayer<VectorSource<CroppingFeature>, CroppingFeature>({
    source,
    style: labelStyleFunction,
    renderOrder: labelOrder,
    declutter: 'labels',
    visible: current.visible,
    // Nothing to draw further out than the label threshold, so the layer is skipped there altogether.
    maxResolution: current.labelMaxResolution * 1.000001,
    zIndex: 3,
    properties: { name: 'croppingLabels' },
  });

  return {
    layer,
    labelLayer,
    source,
    update(changes) {
      const next = { ...current, ...changes };
      if (next.styleMode !== current.styleMode || next.styleEntries !== current.styleEntries) fillRevision++;
      if (next.fillSelected !== current.fillSelected) {
        fillStyles.clear();
        fillRevision++;
      }
      if (
        next.labelFlags !== current.labelFlags ||
        next.formatArea !== current.formatArea ||
        next.cropName !== current.cropName
      )
        labelRevision++;
      current = next;
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
