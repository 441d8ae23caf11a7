import type Feature from 'ol/Feature.js';
import type Geometry from 'ol/geom/Geometry.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import PointerInteraction from 'ol/interaction/Pointer.js';
import type { Coordinate } from 'ol/coordinate.js';
import { getCenter, type Extent } from 'ol/extent.js';
import type { Pixel } from 'ol/pixel.js';
import {
  anchorOf,
  boxHandles,
  hitTestTransform,
  resizeFactors,
  rotationAngle,
  type ResizeHandle,
  type TransformHit,
  type TransformKind,
} from './transformHandles.ts';
import { transformTolerancePx } from '../mapConstants.ts';

export interface TransformInteractionOptions {
  /** The feature being edited; its geometry is replaced as it is dragged. */
  feature: Feature<Geometry>;
  /** What dragging may do. */
  enabled: readonly TransformKind[];
  /** Distance of the rotate handle above the box, in pixels. */
  rotateHandleOffsetPx?: number;
  /** Called after each change of the geometry. */
  onChange?: () => void;
}

interface Drag {
  hit: Exclude<TransformHit, null>;
  start: Coordinate;
  original: Geometry;
  extent: Extent;
}

/**
 * Moves, rotates and resizes one feature with handles (fields-croppings-maps §4): the rotate handle turns it
 * about its box's centre (Shift snaps to 5°), corner and side handles scale it from the opposite handle (Shift
 * keeps proportions), and dragging the shape moves it. The hit tolerances are those of §9.
 */
export class TransformInteraction extends PointerInteraction {
  private readonly options: Required<TransformInteractionOptions>;
  private drag: Drag | null = null;

  constructor(options: TransformInteractionOptions) {
    super();
    this.options = { rotateHandleOffsetPx: 30, onChange: () => {}, ...options };
  }

  /** The handles in map coordinates for the current view, for drawing them. */
  handlesInMap(): Record<ResizeHandle | 'rotate', Coordinate> | null {
    const map = this.getMap();
    const geometry = this.options.feature.getGeometry();
    if (!map || !geometry) return null;
    const resolution = map.getView().getResolution() ?? 1;
    return boxHandles(geometry.getExtent(), this.options.rotateHandleOffsetPx * resolution);
  }

  private hitAt(event: MapBrowserEvent): TransformHit {
    const map = event.map;
    const geometry = this.options.feature.getGeometry();
    const handles = this.handlesInMap();
    if (!geometry || !handles) return null;
    const pixels = Object.fromEntries(
      Object.entries(handles).map(([name, coordinate]) => [name, map.getPixelFromCoordinate(coordinate)]),
    ) as Record<ResizeHandle | 'rotate', Pixel>;
    const closest = geometry.getClosestPoint(event.coordinate);
    const closestPixel = map.getPixelFromCoordinate(closest);
    return hitTestTransform({
      pointer: event.pixel,
      handles: pixels,
      overShape: geometry.intersectsCoordinate(event.coordinate),
      distanceToShapePx: Math.hypot(
        (closestPixel[0] ?? 0) - (event.pixel[0] ?? 0),
        (closestPixel[1] ?? 0) - (event.pixel[1] ?? 0),
      ),
      enabled: this.options.enabled,
      tolerances: transformTolerancePx,
    });
  }

  protected override handleDownEvent(event: MapBrowserEvent): boolean {
    const hit = this.hitAt(event);
    const geometry = this.options.feature.getGeometry();
    if (!hit || !geometry) return false;
    this.drag = { hit, start: event.coordinate, original: geometry.clone(), extent: geometry.getExtent() };
    return true;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    const drag = this.drag;
    if (!drag) return;
    const shift = (event.originalEvent as PointerEvent).shiftKey;
    const next = drag.original.clone();
    const [sx = 0, sy = 0] = drag.start;
    const [x = 0, y = 0] = event.coordinate;
    switch (drag.hit.kind) {
      case 'translate':
        next.translate(x - sx, y - sy);
        break;
      case 'rotate': {
        const centre = getCenter(drag.extent);
        next.rotate(rotationAngle(centre, drag.start, event.coordinate, shift), centre);
        break;
      }
      case 'resize': {
        const handles = boxHandles(drag.extent, 0);
        const anchor = handles[anchorOf(drag.hit.handle)];
        const [fx, fy] = resizeFactors(
          drag.hit.handle,
          anchor,
          handles[drag.hit.handle],
          event.coordinate,
          shift,
        );
        next.scale(fx, fy, anchor);
        break;
      }
    }
    this.options.feature.setGeometry(next);
    this.options.onChange();
  }

  protected override handleUpEvent(): boolean {
    this.drag = null;
    return false;
  }

  protected override handleMoveEvent(event: MapBrowserEvent): void {
    const viewport = event.map.getViewport();
    if (!viewport) return;
    const hit = this.drag?.hit ?? this.hitAt(event);
    viewport.style.cursor = !hit
      ? ''
      : hit.kind === 'translate'
        ? 'move'
        : hit.kind === 'rotate'
          ? 'grab'
          : `${hit.handle}-resize`;
  }
}
