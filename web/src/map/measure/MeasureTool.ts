import type OlMap from 'ol/Map.js';
import type Feature from 'ol/Feature.js';
import type { FeatureLike } from 'ol/Feature.js';
import type Geometry from 'ol/geom/Geometry.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import type Polygon from 'ol/geom/Polygon.js';
import Draw from 'ol/interaction/Draw.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import Text from 'ol/style/Text.js';
import { unByKey } from 'ol/Observable.js';
import type { EventsKey } from 'ol/events.js';
import { measureArea, measureLength, type Measurement } from './measureGeometry.ts';
import {
  initialMeasureState,
  nextMeasureState,
  type MeasureEvent,
  type MeasureKind,
  type MeasureState,
} from './measureState.ts';

export interface MeasureToolOptions {
  map: OlMap;
  /** Measure on the British National Grid when every point lies inside it (the main brand). */
  nationalGrid: boolean;
  /** A measure's text on the map, unit included, e.g. '523 m' or '1.23 ha'. */
  formatMeasure: (kind: MeasureKind, value: number) => string;
  onChange?: (state: MeasureState, live: Measurement | null) => void;
}

const lineColour = 'rgba(20, 60, 140, 0.95)';
const measureStroke = new Stroke({ color: lineColour, width: 2.5, lineDash: [8, 6] });
const measureFill = new Fill({ color: 'rgba(20, 60, 140, 0.12)' });

/**
 * Measures lengths and areas on one map. Each measure stays on the map with its value until Clear; while one
 * is drawn its value is reported live. The tool adds its own layer and draw interaction and removes them on
 * dispose; its state is its own.
 */
export class MeasureTool {
  private readonly options: MeasureToolOptions;
  private readonly source = new VectorSource<Feature<Geometry>>();
  private readonly layer: VectorLayer<VectorSource<Feature<Geometry>>>;
  private draw: Draw | null = null;
  private sketchKey: EventsKey | null = null;
  private state: MeasureState = initialMeasureState;
  private nextId = 1;
  private readonly handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.state.status === 'drawing') this.abort();
  };

  constructor(options: MeasureToolOptions) {
    this.options = options;
    this.layer = new VectorLayer({
      source: this.source,
      style: (feature) => this.styleOf(feature),
      zIndex: 20,
      properties: { name: 'measures' },
    });
    options.map.addLayer(this.layer);
    document.addEventListener('keydown', this.handleKey);
  }

  get current(): MeasureState {
    return this.state;
  }

  /** Starts drawing a length or an area; refused (false) while another measure is being drawn. */
  start(kind: MeasureKind): boolean {
    if (this.state.status === 'drawing') return false;
    this.dispatch({ type: 'start', kind });
    const draw = new Draw({
      source: this.source,
      type: kind === 'length' ? 'LineString' : 'Polygon',
      stopClick: true,
    });
    draw.on('drawstart', (event) => {
      const geometry = event.feature.getGeometry();
      if (!geometry) return;
      this.sketchKey = geometry.on('change', () => this.report(this.measure(kind, geometry)));
    });
    draw.on('drawend', (event) => {
      const geometry = event.feature.getGeometry();
      this.stopDrawing();
      if (!geometry) return;
      const measurement = this.measure(kind, geometry);
      const id = this.nextId++;
      event.feature.setProperties({ measureId: id, kind, value: measurement.value }, true);
      this.dispatch({
        type: 'finish',
        result: { id, kind, value: measurement.value, method: measurement.method },
      });
    });
    this.draw = draw;
    this.options.map.addInteraction(draw);
    return true;
  }

  /** Abandons the measure being drawn. */
  abort(): void {
    if (this.state.status !== 'drawing') return;
    this.draw?.abortDrawing();
    this.stopDrawing();
    this.dispatch({ type: 'abort' });
  }

  /** Removes every measure from the map. */
  clear(): void {
    this.draw?.abortDrawing();
    this.stopDrawing();
    this.source.clear();
    this.dispatch({ type: 'clear' });
  }

  dispose(): void {
    this.stopDrawing();
    document.removeEventListener('keydown', this.handleKey);
    this.options.map.removeLayer(this.layer);
  }

  private measure(kind: MeasureKind, geometry: Geometry): Measurement {
    const options = { nationalGrid: this.options.nationalGrid };
    return kind === 'length'
      ? measureLength(geometry as LineString, options)
      : measureArea(geometry as Polygon, options);
  }

  private stopDrawing(): void {
    if (this.sketchKey) unByKey(this.sketchKey);
    this.sketchKey = null;
    if (this.draw) this.options.map.removeInteraction(this.draw);
    this.draw = null;
  }

  private dispatch(event: MeasureEvent): void {
    this.state = nextMeasureState(this.state, event);
    this.report(null);
  }

  private report(live: Measurement | null): void {
    this.options.onChange?.(this.state, live);
  }

  private styleOf(feature: FeatureLike): Style[] {
    const geometry = feature.getGeometry() as LineString | Polygon | undefined;
    const kind = feature.get('kind') as MeasureKind | undefined;
    const value = feature.get('value') as number | undefined;
    const styles = [new Style({ stroke: measureStroke, fill: measureFill })];
    if (!geometry || !kind || value === undefined) return styles;
    const anchor =
      geometry instanceof LineString
        ? new Point(geometry.getLastCoordinate())
        : (geometry as Polygon).getInteriorPoint();
    styles.push(
      new Style({
        geometry: anchor,
        image: new CircleStyle({ radius: 3, fill: new Fill({ color: lineColour }) }),
        text: new Text({
          text: this.options.formatMeasure(kind, value),
          font: '600 13px system-ui, sans-serif',
          offsetY: -14,
          fill: new Fill({ color: '#fff' }),
          backgroundFill: new Fill({ color: lineColour }),
          padding: [2, 5, 2, 5],
        }),
      }),
    );
    return styles;
  }
}
