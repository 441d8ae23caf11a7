import type OlMap from 'ol/Map.js';
import Feature from 'ol/Feature.js';
import Geolocation from 'ol/Geolocation.js';
import Point from 'ol/geom/Point.js';
import type Geometry from 'ol/geom/Geometry.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import { toLonLat } from 'ol/proj.js';
import { geolocation as constants } from '../mapConstants.ts';

/** What tracking knows of the device's position, for the tracking info panel. */
export interface TrackedPosition {
  lon: number;
  lat: number;
  /** Metres. */
  accuracy: number | null;
  /** Metres per second. */
  speed: number | null;
  /** Radians clockwise from north. */
  heading: number | null;
}

export interface GeolocationTrackerOptions {
  map: OlMap;
  onPosition?: (position: TrackedPosition) => void;
  /** Geolocation errors (refused, unavailable, timed out). */
  onError?: (error: GeolocationPositionError | Error) => void;
  /** 30 s by default. */
  timeoutMs?: number;
}

/**
 * The zoom after the first fix: a map zoomed out further than 15 goes to 17; a closer view is kept.
 */
export function zoomAfterFirstFix(currentZoom: number | undefined): number | undefined {
  if (currentZoom === undefined || currentZoom < constants.zoomBelow) return constants.zoomTo;
  return undefined;
}

/**
 * Follows the device's position with high accuracy: a dot and an accuracy circle on the map, and on the first fix
 * the view centred there (zooming in when far out). Tracking stops on stop() or dispose().
 */
export class GeolocationTracker {
  private readonly options: GeolocationTrackerOptions;
  private readonly geolocation: Geolocation;
  private readonly source = new VectorSource<Feature<Geometry>>();
  private readonly layer: VectorLayer<VectorSource<Feature<Geometry>>>;
  private readonly positionFeature = new Feature<Point>();
  private readonly accuracyFeature = new Feature<Geometry>();
  private firstFix = true;

  constructor(options: GeolocationTrackerOptions) {
    this.options = options;
    this.geolocation = new Geolocation({
      projection: options.map.getView().getProjection(),
      trackingOptions: {
        enableHighAccuracy: true,
        timeout: options.timeoutMs ?? constants.timeoutMs,
        maximumAge: 0,
      },
    });
    this.positionFeature.setStyle(
      new Style({
        image: new CircleStyle({
          radius: 7,
          fill: new Fill({ color: '#1c7ed6' }),
          stroke: new Stroke({ color: '#fff', width: 2 }),
        }),
      }),
    );
    this.accuracyFeature.setStyle(
      new Style({
        fill: new Fill({ color: 'rgba(28, 126, 214, 0.12)' }),
        stroke: new Stroke({ color: '#1c7ed6' }),
      }),
    );
    this.source.addFeatures([this.accuracyFeature, this.positionFeature]);
    this.layer = new VectorLayer({ source: this.source, zIndex: 30, properties: { name: 'geolocation' } });
    this.geolocation.on('change:position', () => this.handlePosition());
    this.geolocation.on('change:accuracyGeometry', () => {
      this.accuracyFeature.setGeometry(this.geolocation.getAccuracyGeometry() ?? undefined);
    });
    this.geolocation.on('error', (event) => {
      const error = (event as unknown as { error?: GeolocationPositionError }).error;
      this.options.onError?.(error ?? new Error('Geolocation failed'));
    });
  }

  get tracking(): boolean {
    return this.geolocation.getTracking();
  }

  start(): void {
    if (this.tracking) return;
    this.firstFix = true;
    this.options.map.addLayer(this.layer);
    this.geolocation.setTracking(true);
  }

  stop(): void {
    if (!this.tracking) return;
    this.geolocation.setTracking(false);
    this.options.map.removeLayer(this.layer);
    this.positionFeature.setGeometry(undefined);
    this.accuracyFeature.setGeometry(undefined);
  }

  dispose(): void {
    this.stop();
    this.geolocation.dispose();
  }

  private handlePosition(): void {
    const coordinate = this.geolocation.getPosition();
    if (!coordinate) return;
    this.positionFeature.setGeometry(new Point(coordinate));
    if (this.firstFix) {
      this.firstFix = false;
      const view = this.options.map.getView();
      const zoom = zoomAfterFirstFix(view.getZoom());
      view.animate(
        zoom === undefined
          ? { center: coordinate, duration: 300 }
          : { center: coordinate, zoom, duration: 300 },
      );
    }
    // OpenLayers sets a fix's speed after its position: read the fix once all of it has been set.
    queueMicrotask(() => this.reportPosition());
  }

  private reportPosition(): void {
    const coordinate = this.geolocation.getPosition();
    if (!coordinate || !this.tracking) return;
    const [lon = 0, lat = 0] = toLonLat(coordinate);
    this.options.onPosition?.({
      lon,
      lat,
      accuracy: this.geolocation.getAccuracy() ?? null,
      speed: this.geolocation.getSpeed() ?? null,
      heading: this.geolocation.getHeading() ?? null,
    });
  }
}
