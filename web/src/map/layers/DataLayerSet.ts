import Feature, { type FeatureLike } from 'ol/Feature.js';
import type OlMap from 'ol/Map.js';
import type { Pixel } from 'ol/pixel.js';
import WKT from 'ol/format/WKT.js';
import type Geometry from 'ol/geom/Geometry.js';
import Point from 'ol/geom/Point.js';
import type Polygon from 'ol/geom/Polygon.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import type { LayerZone } from '@headland/domain/api/layersApi';
import { colourFor, type ColourScale, type Rgb } from '@headland/domain/layers/colourScales';
import { dataProjection, viewProjection } from '../projections.ts';
import { createLabelStyle } from '../style/labelStyle.ts';

/** A zone on the map: the feature carries the zone it draws. */
export type ZoneFeature = Feature<Geometry> & { get(key: 'zone'): LayerZone; get(key: 'layerId'): number };

export interface DataLayerDrawing {
  layerId: number;
  zones: readonly LayerZone[];
  scale: ColourScale;
  /** Per cent, 0 to 100. */
  opacity: number;
  showLabels: boolean;
  showStroke: boolean;
  showZoneNumbers: boolean;
  /** The label text of a zone (its own label, else its value in the reader's format). */
  labelOf: (zone: LayerZone) => string;
  /** Stack position: higher draws above. */
  zIndex: number;
}

interface Drawn {
  layer: VectorLayer<VectorSource<ZoneFeature>, ZoneFeature>;
  drawing: DataLayerDrawing;
}

/** §9: a zone without a colour is filled at alpha 0.75. */
const unsetFillAlpha = 0.75;
const unsetColour: Rgb = [221, 221, 221];
const wkt = new WKT();

function rgba(colour: Rgb, alpha: number): string {
  return `rgba(${colour[0]}, ${colour[1]}, ${colour[2]}, ${alpha})`;
}

function interiorPoint(geometry: Geometry): Point | null {
  const type = geometry.getType();
  if (type === 'Polygon')
    return new Point((geometry as Polygon).getInteriorPoint().getCoordinates().slice(0, 2));
  if (type === 'MultiPolygon') {
    const polygons = (geometry as MultiPolygon).getPolygons();
    const largest = polygons.sort((a, b) => b.getArea() - a.getArea())[0];
    return largest ? new Point(largest.getInteriorPoint().getCoordinates().slice(0, 2)) : null;
  }
  if (type === 'Point') return geometry as Point;
  return null;
}

/**
 * The data layers shown on one map: one vector layer per data layer, its zones filled by the layer's colour
 * scale, outlined when the layer asks for it, labelled unless labels are off for it (§4: under 20 % opacity,
 * EC scan and biomass). The layer's opacity is the OpenLayers layer's. Everything belongs to this instance.
 */
export class DataLayerSet {
  private readonly map: OlMap;
  private readonly drawn = new Map<number, Drawn>();

  constructor(options: { map: OlMap }) {
    this.map = options.map;
  }

  /** Draws or redraws a data layer. */
  show(drawing: DataLayerDrawing): void {
    const existing = this.drawn.get(drawing.layerId);
    if (existing && existing.drawing.zones === drawing.zones) {
      existing.drawing = drawing;
      existing.layer.setOpacity(drawing.opacity / 100);
      existing.layer.setZIndex(drawing.zIndex);
      existing.layer.changed();
      return;
    }
    if (existing) this.hide(drawing.layerId);
    const source = new VectorSource<ZoneFeature>();
    source.addFeatures(
      drawing.zones.flatMap((zone) => {
        const text = zone.Geometry?.WellKnownText;
        if (!text) return [];
        const geometry = wkt.readGeometry(text, { dataProjection, featureProjection: viewProjection });
        const feature = new Feature<Geometry>({ geometry }) as ZoneFeature;
        feature.setId(`zone-${zone.DataLayerZoneId}`);
        feature.set('zone', zone, true);
        feature.set('layerId', drawing.layerId, true);
        return [feature];
      }),
    );
    const entry: Drawn = {
      drawing,
      // Zone labels are decluttered with the field and crop labels (one group) from above them in the stack, so
      // that where they meet, the field's name gives way rather than covering the zone's value.
      layer: new VectorLayer<VectorSource<ZoneFeature>, ZoneFeature>({ source, declutter: 'labels' }),
    };
    entry.layer.setStyle((feature) => this.styleOf(entry, feature));
    entry.layer.setOpacity(drawing.opacity / 100);
    // Above the fields (0) and croppings; data layers stack by their own order.
    entry.layer.setZIndex(drawing.zIndex);
    entry.layer.set('dataLayerId', drawing.layerId);
    this.map.addLayer(entry.layer);
    this.drawn.set(drawing.layerId, entry);
  }

  private styleOf(entry: Drawn, feature: FeatureLike): Style[] {
    const zone = feature.get('zone') as LayerZone;
    const { drawing } = entry;
    const colour = colourFor(drawing.scale, zone.ProductRate ?? zone.Value);
    const fillColour = zone.Style?.FillColor ?? colour;
    const fill = new Fill({ color: fillColour ? rgba(fillColour, 1) : rgba(unsetColour, unsetFillAlpha) });
    const stroke = drawing.showStroke ? new Stroke({ color: 'rgba(40, 40, 40, 0.8)', width: 1 }) : undefined;
    const geometry = feature.getGeometry() as Geometry | undefined;
    const styles: Style[] =
      geometry?.getType() === 'Point'
        ? [new Style({ image: new CircleStyle({ radius: 5, fill, stroke }) })]
        : [new Style({ fill, stroke })];
    if (drawing.showLabels && geometry) {
      const point = interiorPoint(geometry);
      const label = drawing.labelOf(zone);
      const text = drawing.showZoneNumbers && zone.Number !== null ? `${zone.Number}: ${label}` : label;
      if (point && text) styles.push(createLabelStyle(text, point));
    }
    return styles;
  }

  hide(layerId: number): void {
    const entry = this.drawn.get(layerId);
    if (!entry) return;
    this.map.removeLayer(entry.layer);
    entry.layer.dispose();
    this.drawn.delete(layerId);
  }

  /** The ids of the layers drawn. */
  shown(): number[] {
    return [...this.drawn.keys()];
  }

  /** How many zones of the drawn layers carry a label now. */
  labelledZoneCount(): number {
    let count = 0;
    for (const { drawing, layer } of this.drawn.values()) {
      if (drawing.showLabels) count += layer.getSource()?.getFeatures().length ?? 0;
    }
    return count;
  }

  /** The topmost zone under a pixel, with its layer. */
  zoneAt(pixel: Pixel): { layerId: number; zone: LayerZone } | null {
    let found: { layerId: number; zone: LayerZone } | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature) => {
        found = { layerId: feature.get('layerId') as number, zone: feature.get('zone') as LayerZone };
        return true;
      },
      { layerFilter: (layer) => typeof layer.get('dataLayerId') === 'number', hitTolerance: 2 },
    );
    return found;
  }

  /** The extent of a drawn layer's zones in the view projection, or null. */
  extentOf(layerId: number): number[] | null {
    const source = this.drawn.get(layerId)?.layer.getSource();
    if (!source || source.getFeatures().length === 0) return null;
    return source.getExtent();
  }

  dispose(): void {
    for (const id of [...this.drawn.keys()]) this.hide(id);
  }
}
