import Feature from 'ol/Feature.js';
import type OlMap from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import WKT from 'ol/format/WKT.js';
import type Circle from 'ol/geom/Circle.js';
import type Geometry from 'ol/geom/Geometry.js';
import type LineString from 'ol/geom/LineString.js';
import type Polygon from 'ol/geom/Polygon.js';
import Draw, { createBox, createRegularPolygon, type DrawEvent } from 'ol/interaction/Draw.js';
import VectorLayer from 'ol/layer/Vector.js';
import { toLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import { getDistance } from 'ol/sphere.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import type { GeometryInput, LayerZone, RegularShape } from '@headland/domain/api/layersApi';
import { canCommitDrawing, type ZoneTool } from '@headland/domain/layers/zoneEditRules';
import { dataProjection, viewProjection } from '../projections.ts';

/** What a finished drawing gives the zone editor: a shape to add or cut, or a line to split a zone with. */
export type ZoneDrawing =
  | { kind: 'shape'; tool: ZoneTool; shape: { RegularShape: RegularShape } | { Geometry: GeometryInput } }
  | { kind: 'line'; line: GeometryInput };

export interface ZoneEditorOptions {
  map: OlMap;
  /** The data layer whose zones are edited: its map layer carries `dataLayerId`, its features `zone`. */
  layerId: number;
  /** Switches the map's own pointer behaviour (context menu, tooltip, selection) off while editing, and back. */
  setPointerTools?: (enabled: boolean) => void;
  /** A zone of the layer was clicked while zones are picked (no tool, merge, or split before its zone). */
  onZonePicked?: (zoneId: number) => void;
  /** A drawing was finished that may be committed (positive area, positive length, or a circle). */
  onDrawn?: (drawing: ZoneDrawing) => void;
  /** Outline of the selected zones; default a 3 px crimson line. */
  selectionStyle?: Style;
  /** Where the selection outlines sit among the map's layers; default 100, above the data layers. */
  selectionZIndex?: number;
}

const defaultSelectionStyle = new Style({ stroke: new Stroke({ color: 'rgb(220, 20, 60)', width: 3 }) });
const wkt = new WKT();

/** A geometry as the server takes it: WKT in EPSG:4326, to 8 decimals. */
function geometryInput(geometry: Geometry): GeometryInput {
  return {
    WellKnownText: wkt.writeGeometry(geometry, {
      dataProjection,
      featureProjection: viewProjection,
      decimals: 8,
    }),
    CoordinateSystemId: 4326,
  };
}

/** A drawn circle as the regular shape the server turns into a 64-sided polygon. */
function circleShape(circle: Circle): RegularShape {
  const center = circle.getCenter();
  const edge = [center[0]! + circle.getRadius(), center[1]!];
  const lonLat = toLonLat(center, viewProjection);
  return {
    Type: 'circle',
    Center: [lonLat[0]!, lonLat[1]!],
    Size1: Math.max(0.01, getDistance(lonLat, toLonLat(edge, viewProjection))),
    Size2: null,
    Angle: 0,
  };
}

function drawFor(tool: ZoneTool): Draw {
  switch (tool) {
    case 'drawCircle':
      return new Draw({ type: 'Circle' });
    case 'drawRectangle':
      return new Draw({ type: 'Circle', geometryFunction: createBox() });
    case 'drawSquare':
      return new Draw({ type: 'Circle', geometryFunction: createRegularPolygon(4) });
    case 'split':
      return new Draw({ type: 'LineString' });
    default:
      return new Draw({ type: 'Polygon' });
  }
}

/**
 * The map side of a data layer's zone editor (data-layers §4): the outlines of the selected zones, picking a
 * zone by clicking it, and drawing the shape or line of the chosen tool. It decides no geometry: every drawing
 * goes to `onDrawn` as WKT or a regular shape, for the server to make. The map's own pointer tools are off from
 * construction until `dispose`.
 */
export class ZoneEditor {
  private readonly options: ZoneEditorOptions;
  private readonly source = new VectorSource<Feature<Geometry>>();
  private readonly overlay: VectorLayer<VectorSource<Feature<Geometry>>>;
  private tool: ZoneTool | null = null;
  private selectedCount = 0;
  private picking = false;
  private draw: Draw | null = null;
  private drawTool: ZoneTool | null = null;
  private disposed = false;
  private readonly handleClick = (event: MapBrowserEvent) => {
    let zoneId: number | null = null;
    this.options.map.forEachFeatureAtPixel(
      event.pixel,
      (feature) => {
        zoneId = (feature.get('zone') as LayerZone).DataLayerZoneId;
        return true;
      },
      { layerFilter: (candidate) => candidate.get('dataLayerId') === this.options.layerId },
    );
    if (zoneId !== null) this.options.onZonePicked?.(zoneId);
  };

  constructor(options: ZoneEditorOptions) {
    this.options = options;
    this.overlay = new VectorLayer({
      source: this.source,
      style: options.selectionStyle ?? defaultSelectionStyle,
      zIndex: options.selectionZIndex ?? 100,
    });
    options.setPointerTools?.(false);
    options.map.addLayer(this.overlay);
    this.update();
  }

  /**
   * The chosen tool (null: none) and how many zones are selected. Zones are picked with no tool and with merge,
   * and with split until its zone is picked; the drawing tools draw, and split draws its line once one zone is
   * selected.
   */
  setTool(tool: ZoneTool | null, selectedCount: number): void {
    this.tool = tool;
    this.selectedCount = selectedCount;
    this.update();
  }

  /** Outlines the selected zones, given as WKT in EPSG:4326. */
  showSelection(geometries: readonly string[]): void {
    this.source.clear();
    this.source.addFeatures(
      geometries.map(
        (text) => new Feature(wkt.readGeometry(text, { dataProjection, featureProjection: viewProjection })),
      ),
    );
  }

  /** Whether clicks pick zones now. */
  get isPicking(): boolean {
    return this.picking;
  }

  /** The tool whose drawing is under way or awaited, if any. */
  get drawingTool(): ZoneTool | null {
    return this.drawTool;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.setPicking(false);
    this.setDrawing(null);
    this.options.map.removeLayer(this.overlay);
    this.overlay.dispose();
    this.options.setPointerTools?.(true);
  }

  private update(): void {
    if (this.disposed) return;
    const tool = this.tool;
    this.setPicking(tool === null || tool === 'merge' || (tool === 'split' && this.selectedCount === 0));
    const draws = tool !== null && tool !== 'merge' && (tool !== 'split' || this.selectedCount === 1);
    this.setDrawing(draws ? tool : null);
  }

  private setPicking(picking: boolean): void {
    if (picking === this.picking) return;
    this.picking = picking;
    if (picking) this.options.map.on('singleclick', this.handleClick);
    else this.options.map.un('singleclick', this.handleClick);
  }

  private setDrawing(tool: ZoneTool | null): void {
    if (tool === this.drawTool) return;
    if (this.draw) this.options.map.removeInteraction(this.draw);
    this.draw = null;
    this.drawTool = tool;
    if (tool === null) return;
    const draw = drawFor(tool);
    draw.on('drawend', (event: DrawEvent) => this.finish(tool, event.feature.getGeometry()));
    this.draw = draw;
    this.options.map.addInteraction(draw);
  }

  private finish(tool: ZoneTool, geometry: Geometry | undefined): void {
    if (!geometry) return;
    const type = geometry.getType();
    if (type === 'LineString') {
      if (!canCommitDrawing('LineString', { length: (geometry as LineString).getLength() })) return;
      this.options.onDrawn?.({ kind: 'line', line: geometryInput(geometry) });
      return;
    }
    if (type === 'Circle') {
      this.options.onDrawn?.({
        kind: 'shape',
        tool,
        shape: { RegularShape: circleShape(geometry as Circle) },
      });
      return;
    }
    if (!canCommitDrawing('Polygon', { area: (geometry as Polygon).getArea() })) return;
    this.options.onDrawn?.({ kind: 'shape', tool, shape: { Geometry: geometryInput(geometry) } });
  }
}
