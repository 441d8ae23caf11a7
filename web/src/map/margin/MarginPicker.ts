import type OlMap from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import Feature from 'ol/Feature.js';
import type Geometry from 'ol/geom/Geometry.js';
import LineString from 'ol/geom/LineString.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import PointerInteraction from 'ol/interaction/Pointer.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import type { Coordinate } from 'ol/coordinate.js';
import { getCenter } from 'ol/extent.js';
import { toLonLat } from 'ol/proj.js';
import { defaultMarginWidthMetres } from '../mapConstants.ts';
import {
  closestRingPoint,
  computeMargin,
  shorterDirection,
  stretchAlongRing,
  type Margin,
  type RingDirection,
  type RingPoint,
} from './marginGeometry.ts';

/** Picking the first point, moving to the second (previewing), or a committed stretch. */
export type MarginStep = 'pickFirst' | 'pickSecond' | 'committed';

export interface MarginPickerState {
  step: MarginStep;
  direction: RingDirection;
  wholeRing: boolean;
  widthMetres: number;
  /** Square metres of the committed (or previewed) margin. */
  area: number | null;
  /** Metres: the stretch plus twice the width. */
  length: number | null;
}

export interface MarginPickerOptions {
  /** The field boundary in the view's projection (EPSG:3857). */
  boundary: Polygon | MultiPolygon;
  widthMetres?: number;
  /** How near the boundary (in pixels) a click must be to pick it. */
  pickTolerancePx?: number;
  onChange?: (state: MarginPickerState) => void;
}

const colour = 'rgb(255, 120, 0)';
const styles = {
  margin: new Style({
    fill: new Fill({ color: 'rgba(255, 120, 0, 0.35)' }),
    stroke: new Stroke({ color: colour, width: 1 }),
  }),
  stretch: new Style({ stroke: new Stroke({ color: colour, width: 5 }) }),
  point: new Style({
    image: new CircleStyle({
      radius: 7,
      fill: new Fill({ color: '#fff' }),
      stroke: new Stroke({ color: colour, width: 3 }),
    }),
  }),
  hover: new Style({ image: new CircleStyle({ radius: 5, fill: new Fill({ color: colour }) }) }),
};

function ringsOf(boundary: Polygon | MultiPolygon): Coordinate[][] {
  return boundary instanceof Polygon ? boundary.getCoordinates() : boundary.getCoordinates().flat();
}

/**
 * Picks a margin along a field boundary (fields-croppings-maps §4, Boundary margin selection): click a first point
 * on the boundary, move to preview the stretch, click again to commit it. The stretch goes the shorter way unless
 * flipped; its end points can be dragged; Escape clears a committed stretch or goes back a step; the whole ring can
 * be taken at once. The margin lies inside the field, `widthMetres` wide (10 m by default).
 */
export class MarginPicker extends PointerInteraction {
  private readonly options: Required<Omit<MarginPickerOptions, 'onChange'>> &
    Pick<MarginPickerOptions, 'onChange'>;
  private readonly rings: Coordinate[][];
  private readonly metresPerUnit: number;
  private readonly source = new VectorSource<Feature<Geometry>>();
  private readonly layer = new VectorLayer({
    source: this.source,
    zIndex: 45,
    properties: { name: 'margin' },
  });
  private ringIndex: number | null = null;
  private first: RingPoint | null = null;
  private second: RingPoint | null = null;
  private hover: RingPoint | null = null;
  private step: MarginStep = 'pickFirst';
  private flipped = false;
  private direction: RingDirection = 1;
  private wholeRing = false;
  private widthMetres: number;
  private dragging: 'first' | 'second' | null = null;
  private margin: Margin | null = null;
  private readonly handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.escape();
  };

  constructor(options: MarginPickerOptions) {
    super();
    this.options = { widthMetres: defaultMarginWidthMetres, pickTolerancePx: 15, ...options };
    this.widthMetres = this.options.widthMetres;
    this.rings = ringsOf(options.boundary);
    const [, lat = 0] = toLonLat(getCenter(options.boundary.getExtent()));
    this.metresPerUnit = Math.cos((lat * Math.PI) / 180);
  }

  override setMap(map: OlMap | null): void {
    this.getMap()?.removeLayer(this.layer);
    if (!map) document.removeEventListener('keydown', this.handleKey);
    super.setMap(map);
    if (map) {
      map.addLayer(this.layer);
      document.addEventListener('keydown', this.handleKey);
    }
  }

  get state(): MarginPickerState {
    return {
      step: this.step,
      direction: this.direction,
      wholeRing: this.wholeRing,
      widthMetres: this.widthMetres,
      area: this.margin?.area ?? null,
      length: this.margin?.length ?? null,
    };
  }

  /** The margin strip in the view's projection, once there is one. */
  marginPolygon(): Polygon | null {
    return this.margin ? new Polygon(this.margin.rings) : null;
  }

  setWidth(metres: number): void {
    this.widthMetres = metres;
    this.refresh();
  }

  /** Takes the stretch the other way round between the same two points. */
  flipDirection(): void {
    this.flipped = !this.flipped;
    this.direction = this.direction === 1 ? -1 : 1;
    this.refresh();
  }

  /** Selects the whole ring picked (the outer ring of the largest part when none is), or goes back to a stretch. */
  setWholeRing(whole: boolean): void {
    this.wholeRing = whole;
    if (whole) {
      this.ringIndex ??= this.largestOuterRing();
      this.step = 'committed';
    } else if (!this.first || !this.second) {
      this.step = this.first ? 'pickSecond' : 'pickFirst';
      if (!this.first) this.ringIndex = null;
    }
    this.refresh();
  }

  /** Escape: a committed selection is cleared; a half-picked one goes back to picking the first point. */
  escape(): void {
    this.first = null;
    this.second = null;
    this.ringIndex = null;
    this.flipped = false;
    this.wholeRing = false;
    this.step = 'pickFirst';
    this.refresh();
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type === 'click') {
      this.pick(event);
      return false;
    }
    // Two quick picks make a double-click, which would otherwise zoom the map in under the picker.
    if (event.type === 'dblclick') return false;
    if (event.type === 'pointermove' && !this.dragging) this.moveHover(event);
    return super.handleEvent(event);
  }

  protected override handleDownEvent(event: MapBrowserEvent): boolean {
    if (this.step !== 'committed' || this.wholeRing) return false;
    const near = (point: RingPoint | null) => {
      if (!point) return false;
      const pixel = event.map.getPixelFromCoordinate(point.coordinate);
      return (
        Math.hypot((pixel[0] ?? 0) - (event.pixel[0] ?? 0), (pixel[1] ?? 0) - (event.pixel[1] ?? 0)) <=
        this.options.pickTolerancePx
      );
    };
    this.dragging = near(this.second) ? 'second' : near(this.first) ? 'first' : null;
    return this.dragging !== null;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    if (!this.dragging || this.ringIndex === null) return;
    const point = closestRingPoint(this.rings[this.ringIndex]!, event.coordinate);
    this[this.dragging] = point;
    this.refresh();
  }

  protected override handleUpEvent(): boolean {
    this.dragging = null;
    return false;
  }

  private nearestRing(coordinate: Coordinate): { index: number; point: RingPoint } | null {
    let best: { index: number; point: RingPoint } | null = null;
    this.rings.forEach((ring, index) => {
      const point = closestRingPoint(ring, coordinate);
      if (!best || point.offset < best.point.offset) best = { index, point };
    });
    return best;
  }

  private withinTolerance(point: RingPoint): boolean {
    const resolution = this.getMap()?.getView().getResolution() ?? 1;
    return point.offset / resolution <= this.options.pickTolerancePx;
  }

  private moveHover(event: MapBrowserEvent): void {
    if (this.step === 'committed') return;
    if (this.ringIndex !== null) {
      const point = closestRingPoint(this.rings[this.ringIndex]!, event.coordinate);
      this.hover = this.withinTolerance(point) || this.step === 'pickSecond' ? point : null;
    } else {
      const found = this.nearestRing(event.coordinate);
      this.hover = found && this.withinTolerance(found.point) ? found.point : null;
    }
    this.refresh();
  }

  private pick(event: MapBrowserEvent): void {
    if (this.step === 'committed') return;
    if (this.step === 'pickFirst') {
      const found = this.nearestRing(event.coordinate);
      if (!found || !this.withinTolerance(found.point)) return;
      this.ringIndex = found.index;
      this.first = found.point;
      this.flipped = false;
      this.step = 'pickSecond';
    } else if (this.ringIndex !== null) {
      const point = closestRingPoint(this.rings[this.ringIndex]!, event.coordinate);
      if (!this.withinTolerance(point) || !this.first || point.along === this.first.along) return;
      this.second = point;
      this.step = 'committed';
    }
    this.refresh();
  }

  private largestOuterRing(): number {
    let best = 0;
    let bestArea = -1;
    this.rings.forEach((ring, index) => {
      const area = new Polygon([ring]).getArea();
      if (area > bestArea) {
        best = index;
        bestArea = area;
      }
    });
    return best;
  }

  private refresh(): void {
    this.source.clear();
    const ring = this.ringIndex === null ? null : this.rings[this.ringIndex]!;
    const end = this.step === 'committed' ? this.second : this.hover;
    this.margin = null;
    if (ring && this.wholeRing) {
      this.margin = computeMargin(ring, 'wholeRing', this.widthMetres, this.metresPerUnit);
    } else if (ring && this.first && end) {
      if (this.step === 'pickSecond') {
        const shorter = shorterDirection(ring, this.first.along, end.along);
        this.direction = this.flipped ? (shorter === 1 ? -1 : 1) : shorter;
      }
      this.margin = computeMargin(
        ring,
        { from: this.first.along, to: end.along, direction: this.direction },
        this.widthMetres,
        this.metresPerUnit,
      );
    }
    const features: Feature<Geometry>[] = [];
    if (this.margin) {
      features.push(new Feature({ geometry: new Polygon(this.margin.rings) }));
      features.at(-1)!.setStyle(styles.margin);
      features.push(new Feature({ geometry: new LineString(this.margin.stretch) }));
      features.at(-1)!.setStyle(styles.stretch);
    } else if (ring && this.first && end && !this.wholeRing) {
      const stretch = stretchAlongRing(ring, this.first.along, end.along, this.direction);
      if (stretch.length > 1) {
        features.push(new Feature({ geometry: new LineString(stretch) }));
        features.at(-1)!.setStyle(styles.stretch);
      }
    }
    if (!this.wholeRing) {
      for (const point of [this.first, this.step === 'committed' ? this.second : null]) {
        if (!point) continue;
        features.push(new Feature({ geometry: new Point(point.coordinate) }));
        features.at(-1)!.setStyle(styles.point);
      }
      if (this.hover && this.step !== 'committed') {
        features.push(new Feature({ geometry: new Point(this.hover.coordinate) }));
        features.at(-1)!.setStyle(styles.hover);
      }
    }
    this.source.addFeatures(features);
    this.options.onChange?.(this.state);
  }
}
