import 'ol/ol.css';
import './fieldMap.css';
import type OlMap from 'ol/Map.js';
import type { Extent } from 'ol/extent.js';
import { buffer as bufferExtent, createEmpty, extend, isEmpty } from 'ol/extent.js';
import type { FeatureLike } from 'ol/Feature.js';
import type LayerGroup from 'ol/layer/Group.js';
import type Layer from 'ol/layer/Layer.js';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { createBasemapLayer } from './basemaps/createBasemapLayer.ts';
import type { BasemapDefinition } from './basemaps/basemapCatalogue.ts';
import { HoldingExtentControl } from './controls/HoldingExtentControl.ts';
import { PointerTooltip } from './controls/PointerTooltip.ts';
import { createMap, type MapTexts } from './createMap.ts';
import { ContextMenuTrigger, type ContextMenuRequest } from './interactions/ContextMenuTrigger.ts';
import { FieldSelection } from './interactions/FieldSelection.ts';
import { createCroppingLayer, type CroppingLayer } from './layers/createCroppingLayer.ts';
import { createFieldsLayer, type FieldsLayer } from './layers/createFieldsLayer.ts';
import { buildFieldFeatures, fieldFeatureId, type FieldFeature } from './layers/fieldFeatures.ts';
import { fitBufferMetres } from './mapConstants.ts';
import type { MapLayerSettings } from './settings/mapLayerSettings.ts';
import type { CroppingStyleEntry } from './style/croppingStyleLookup.ts';

export interface FieldMapTexts extends MapTexts {
  holdingExtent: string;
}

export interface FieldMapOptions {
  target: HTMLElement;
  texts: FieldMapTexts;
  /** Tooltip lines for a field or cropping feature. */
  describeFeature: (feature: FeatureLike) => readonly string[] | null;
  /** Hectares as labels show them, unit included. */
  formatArea: (hectares: number) => string;
  onContextMenu?: (request: ContextMenuRequest) => void;
  onSelectionChange?: (fieldIds: ReadonlySet<number>) => void;
  /** Called once per map when base map tiles cannot be loaded (no network, bad key). */
  onBasemapUnavailable?: () => void;
}

/** The page's window as the map benchmark (bench/map) reads it. */
type BenchWindow = Window & { headlandFieldMap?: FieldMap };

/**
 * The map benchmark drives the view frame by frame and waits for whole renders, which needs the map itself; it
 * asks for it with `?mapbench` in the page's address, on a build made with VITE_BENCH_HOOKS=true. A production
 * build has no such code at all (the constant condition lets the bundler drop it).
 */
function benchHookRequested(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('mapbench');
}

/**
 * One map of a holding's fields and croppings: the OpenLayers map with its base map, fields layer, cropping
 * layer, holding-extent button, tooltip, context menu trigger and selection. Everything it holds belongs to this
 * instance; the page drives it through these methods and disposes it when it unmounts.
 */
export class FieldMap {
  readonly map: OlMap;
  readonly fields: FieldsLayer;
  readonly croppings: CroppingLayer;
  readonly selection: FieldSelection;
  readonly tooltip: PointerTooltip;
  readonly contextMenu: ContextMenuTrigger;
  private readonly holdingExtentControl: HoldingExtentControl;
  private readonly options: FieldMapOptions;
  private basemapGroup: LayerGroup | null = null;
  private basemapId: string | null = null;
  private basemapReported = false;
  private fitted = false;

  constructor(options: FieldMapOptions) {
    this.options = options;
    options.target.classList.add('hl-map');
    this.map = createMap({ target: options.target, texts: options.texts });
    const isSelected = (fieldId: number) => this.selection.has(fieldId);
    this.fields = createFieldsLayer({ isSelected, formatArea: options.formatArea });
    this.croppings = createCroppingLayer({ isSelected, formatArea: options.formatArea });
    this.selection = new FieldSelection({
      fieldsSource: this.fields.source,
      layerFilter: (layer) => this.isFeatureLayer(layer),
      onChange: (ids) => {
        this.fields.refresh();
        this.croppings.refresh();
        options.onSelectionChange?.(ids);
      },
    });
    this.map.addLayer(this.fields.layer);
    this.map.addLayer(this.croppings.layer);
    this.map.addLayer(this.croppings.labelLayer);
    this.map.addLayer(this.fields.labelLayer);

    this.holdingExtentControl = new HoldingExtentControl({
      label: options.texts.holdingExtent,
      getExtent: () => this.holdingExtent(),
    });
    this.map.addControl(this.holdingExtentControl);
    this.selection.attach(this.map);
    this.contextMenu = new ContextMenuTrigger({
      layerFilter: (layer) => this.isFeatureLayer(layer),
      onOpen: (request) => {
        this.tooltip.hide();
        options.onContextMenu?.(request);
      },
    });
    this.map.addInteraction(this.contextMenu);
    this.tooltip = new PointerTooltip({
      map: this.map,
      describe: options.describeFeature,
      layerFilter: (layer) => this.isFeatureLayer(layer),
    });
    // The condition is written out at each use so that the bundler sees a constant and drops the code.
    if (import.meta.env.VITE_BENCH_HOOKS === 'true' && benchHookRequested()) {
      (window as BenchWindow).headlandFieldMap = this;
    }
  }

  private isFeatureLayer(layer: Layer): boolean {
    return layer === this.fields.layer || layer === this.croppings.layer;
  }

  /** Replaces the fields and croppings shown. The first time there are boundaries, the view fits the holding. */
  setFields(fields: readonly FieldResponse[]): void {
    const built = buildFieldFeatures(fields);
    this.fields.source.clear(true);
    this.croppings.source.clear(true);
    this.fields.source.addFeatures(built.fields);
    this.croppings.source.addFeatures(built.croppings);
    const known = new Set(fields.map((field) => field.FieldId));
    const kept = [...this.selection.fieldIds].filter((id) => known.has(id));
    if (kept.length !== this.selection.fieldIds.size) this.selection.set(kept);
    if (!this.fitted && built.fields.length > 0) {
      this.fitted = true;
      this.fitHoldingExtent(0);
    }
  }

  /** Applies visibility, labels and style mode. */
  setLayerSettings(settings: MapLayerSettings, styleEntries: readonly CroppingStyleEntry[] = []): void {
    this.croppings.update({
      visible: settings.croppings.visible,
      showLabels: settings.croppings.showLabels,
      labelFlags: settings.croppings.croppingLabels,
      styleMode: settings.croppings.croppingStyleMode,
      styleEntries,
      fieldsShown: settings.fields.visible,
    });
    this.fields.update({
      visible: settings.fields.visible,
      showLabels: settings.fields.showLabels,
      labelFlags: settings.croppings.croppingLabels,
      croppingsShown: settings.croppings.visible,
    });
  }

  /** Shows `basemap` (rebuilding its layers only when it changed) or hides the base map. */
  setBasemap(basemap: BasemapDefinition, visible: boolean): void {
    if (this.basemapId !== basemap.id) {
      if (this.basemapGroup) this.map.removeLayer(this.basemapGroup);
      this.basemapGroup = createBasemapLayer({
        basemap,
        visible,
        onUnavailable: () => {
          if (this.basemapReported) return;
          this.basemapReported = true;
          this.options.onBasemapUnavailable?.();
        },
      });
      this.basemapId = basemap.id;
      // Beyond its own maximum zoom a base map's tiles are enlarged; the view keeps zooming to 22 for the fields.
      this.map.getLayers().insertAt(0, this.basemapGroup);
    }
    this.basemapGroup?.setVisible(visible);
  }

  /** The extent of every field boundary in the view's projection, or null when no field has one. */
  holdingExtent(): Extent | null {
    const extent = createEmpty();
    this.fields.source.forEachFeature((feature) => {
      const geometry = feature.getGeometry();
      if (geometry) extend(extent, geometry.getExtent());
    });
    return isEmpty(extent) ? null : bufferExtent(extent, fitBufferMetres);
  }

  /**
   * Shows `extent` (the holding's, remembered from an earlier visit) until the fields arrive, so that the base map
   * loads for the right place while the list is on its way; the fields' own extent is fitted when they arrive.
   */
  previewExtent(extent: Extent): void {
    if (this.fitted) return;
    // The view needs the map's size to fit, and a map that has not drawn yet has not measured its target.
    this.map.updateSize();
    this.map.getView().fit(extent, { padding: [20, 20, 20, 20] });
  }

  fitHoldingExtent(duration = 300): void {
    const extent = this.holdingExtent();
    if (extent) this.map.getView().fit(extent, { duration, padding: [20, 20, 20, 20] });
  }

  fieldFeature(fieldId: number): FieldFeature | null {
    return this.fields.source.getFeatureById(fieldFeatureId(fieldId)) as FieldFeature | null;
  }

  zoomToField(fieldId: number, duration = 300): void {
    const geometry = this.fieldFeature(fieldId)?.getGeometry();
    if (geometry) {
      this.map.getView().fit(bufferExtent(geometry.getExtent(), fitBufferMetres), {
        duration,
        padding: [20, 20, 20, 20],
      });
    }
  }

  /**
   * Switches the map's own pointer behaviour (tooltip, context menu, selection) off while a tool owns the
   * pointer, and back on afterwards.
   */
  setPointerTools(enabled: boolean): void {
    this.tooltip.setEnabled(enabled);
    this.contextMenu.setActive(enabled);
    this.selection.setActive(enabled);
  }

  /** How many field and cropping features of the visible layers lie in the current view. */
  featureCountInView(): { fields: number; croppings: number } {
    const extent = this.map.getView().calculateExtent(this.map.getSize());
    const count = (layer: FieldsLayer | CroppingLayer) =>
      layer.layer.getVisible() ? layer.source.getFeaturesInExtent(extent).length : 0;
    return { fields: count(this.fields), croppings: count(this.croppings) };
  }

  dispose(): void {
    if (import.meta.env.VITE_BENCH_HOOKS === 'true') {
      const benchWindow = typeof window === 'undefined' ? undefined : (window as BenchWindow);
      if (benchWindow?.headlandFieldMap === this) delete benchWindow.headlandFieldMap;
    }
    this.tooltip.dispose();
    this.selection.detach(this.map);
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
