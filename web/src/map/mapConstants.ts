import type { Rgb } from '@headland/domain/crops';

/**
 * The map constants of fields-croppings-maps §9, in one place so that layers, controls and tests agree.
 * Pixel values are CSS pixels; resolutions are metres per pixel of the EPSG:3857 view.
 */
export const mapZoom = { min: 5, max: 22 } as const;

/** The UK and Ireland, [west, south, east, north] in EPSG:4326 degrees: the view's first extent. */
export const ukExtentLonLat: readonly [number, number, number, number] = [-10.8, 49.8, 2.0, 60.9];

/**
 * Where the British National Grid (EPSG:27700) is valid, [west, south, east, north] in EPSG:4326 degrees (the
 * EPSG area of use). Measurements between points that all fall inside it are taken on the grid.
 */
export const nationalGridExtentLonLat: readonly [number, number, number, number] = [
  -9.01, 49.75, 2.01, 61.01,
];

/** Crop and field labels show at this map resolution or finer. */
export const labelMaxResolution = 10;
export const labelFontPx = 14;

export const tooltipDelayMs = 100;
export const tooltipOffsetPx = 10;
export const contextMenuOffsetPx = 15;
/** Two taps of a finger or pen count as a double-tap when this close in time and on screen. */
export const doubleTap = { withinMs: 500, withinPx: 30 } as const;
export const rotateResetDurationMs = 500;

/** Fitting a holding or field leaves this much room around it, in metres. */
export const fitBufferMetres = 100;

export const colours = {
  selection: [220, 20, 60] as Rgb,
  fieldFill: [255, 255, 255] as Rgb,
  defaultField: [221, 221, 221] as Rgb,
  missingCrop: [255, 255, 255] as Rgb,
} as const;

/** Cropping fill opacity: 0.3 selected, 0.5 otherwise; a selected fill is scaled by 0.1 when fill-selected is off. */
export const croppingFillOpacity = { selected: 0.3, unselected: 0.5, selectedWithoutFill: 0.1 } as const;
/** Field fill opacity: 0.5 on its own, 0.15 under the cropping layer. */
export const fieldFillOpacity = { alone: 0.5, underCroppings: 0.15 } as const;
/** Soil layers over a base map are drawn at 70%. */
export const soilBasemapOpacity = 0.7;

/** Hit tolerances of the transform tools, in pixels. */
export const transformTolerancePx = { resizeEdge: 10, handle: 15, rotateHandle: 20, translate: 5 } as const;
export const rotationSnapDegrees = 5;

export const circleSegments = 64;
/** Segments when a circle becomes a line. */
export const circleLineSegments = 12;

export const defaultMarginWidthMetres = 10;

export const geolocation = {
  timeoutMs: 30_000,
  /** On the first fix a map zoomed out further than this... */
  zoomBelow: 15,
  /** ...is zoomed in to this. */
  zoomTo: 17,
} as const;

export const basemapMaxZoom = { default: 19, ordnanceSurvey: 17 } as const;
