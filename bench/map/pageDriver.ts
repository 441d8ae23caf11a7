/*
 * Runs inside both pages of the map benchmark, installed before any of their scripts: it watches for the map
 * the page publishes (`headlandFieldMap` from the app with ?mapbench, `bareFieldMap` from the bare page), notes
 * the first complete render that holds every expected field, and plays the scripted pan and zoom. Both pages
 * get the same code, so they are measured alike.
 */
import type OlMap from 'ol/Map.js';
import ViewHint from 'ol/ViewHint.js';
import type VectorSource from 'ol/source/Vector.js';

/** What the driver needs of a page's map: the FieldMap class of the app has this shape, as does the bare page's. */
export interface DrivenMap {
  map: OlMap;
  fields: { source: VectorSource };
}

export interface FirstRender {
  /** Milliseconds from the navigation's start to the first complete render with every field drawn. */
  renderedAt: number;
  /** When the map's source first held every field: the answer read, checked and turned into features. */
  featuresAt: number;
  fieldsDrawn: number;
  /** The data request of the page (the fields list or the bare page's copy of it), from the page's clock. */
  dataRequest: { startTime: number; responseEnd: number; transferSize: number } | null;
  /** How many times the page asked for the data by then: more than once means the list was downloaded twice. */
  dataRequests: number;
  /** The map's frames drawn from `featuresAt` to the complete render: when each started and how long it took. */
  frames: { at: number; ms: number }[];
}

/**
 * How the view is moved: `redraw` sets centre and resolution alone, so every frame is drawn afresh from the
 * features (as a layer with updateWhileAnimating and updateWhileInteracting would); `interaction` also sets the
 * hints a wheel zoom (animating) and a drag (interacting) set, so OpenLayers may reuse the drawing of a previous
 * frame until the gesture ends, as it does for a user.
 */
export type PanZoomMode = 'redraw' | 'interaction';

export interface PanZoomPlan {
  mode: PanZoomMode;
  /** View centre in EPSG:3857 at the start, and the resolutions zoomed between. */
  centre: [number, number];
  wideResolution: number;
  closeResolution: number;
  /** Frames of each phase: zoom in, pan at the close resolution, zoom out. */
  framesPerPhase: number;
  /** Screen pixels moved per frame while panning. */
  panPixelsPerFrame: number;
}

export interface FrameSample {
  mode: PanZoomMode;
  phase: 'zoomIn' | 'pan' | 'zoomOut';
  /** Milliseconds since the previous frame: whole display frames (16.7 ms at 60 Hz), as the user sees them. */
  duration: number;
  /**
   * Milliseconds of work in the frame before the driver's own callback, which runs after the map's: the map's
   * drawing, not rounded to display frames.
   */
  work: number;
  resolution: number;
}

interface BenchState {
  expectedFields: number;
  dataPath: string;
  firstRender: FirstRender | null;
  driven: DrivenMap | null;
  panZoom: (plan: PanZoomPlan) => Promise<FrameSample[]>;
}

declare global {
  interface Window {
    mapBench: BenchState;
    mapBenchConfig: { expectedFields: number; dataPath: string };
  }
}

/** Waits for the next frame; answers its start and how long the frame's earlier callbacks took. */
function nextFrame(): Promise<{ start: number; work: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame((start) => resolve({ start, work: performance.now() - start })),
  );
}

function renderComplete(map: OlMap): Promise<void> {
  return new Promise((resolve) => {
    map.once('rendercomplete', () => resolve());
    map.render();
  });
}

function dataRequestsOf(path: string): PerformanceResourceTiming[] {
  return performance
    .getEntriesByType('resource')
    .filter((each) => new URL(each.name).pathname === path) as PerformanceResourceTiming[];
}

function dataRequestOf(path: string): FirstRender['dataRequest'] {
  const entry = dataRequestsOf(path)[0];
  return entry
    ? { startTime: entry.startTime, responseEnd: entry.responseEnd, transferSize: entry.transferSize }
    : null;
}

function watch(state: BenchState, driven: DrivenMap): void {
  state.driven = driven;
  let featuresAt: number | null = null;
  driven.fields.source.on('change', () => {
    if (featuresAt === null && driven.fields.source.getFeatures().length >= state.expectedFields)
      featuresAt = performance.now();
  });
  const frames: { at: number; ms: number }[] = [];
  let frameStart = 0;
  driven.map.on('precompose', () => {
    frameStart = performance.now();
  });
  driven.map.on('postcompose', () => {
    if (featuresAt !== null && !state.firstRender)
      frames.push({ at: frameStart, ms: performance.now() - frameStart });
  });
  driven.map.on('rendercomplete', () => {
    if (state.firstRender) return;
    const drawn = driven.fields.source.getFeatures().length;
    if (drawn < state.expectedFields) return;
    state.firstRender = {
      renderedAt: performance.now(),
      featuresAt: featuresAt ?? Number.NaN,
      fieldsDrawn: drawn,
      dataRequest: dataRequestOf(state.dataPath),
      dataRequests: dataRequestsOf(state.dataPath).length,
      frames,
    };
  });
}

async function panZoom(state: BenchState, plan: PanZoomPlan): Promise<FrameSample[]> {
  const map = state.driven?.map;
  if (!map) throw new Error('The page has published no map');
  const view = map.getView();
  view.setRotation(0);
  view.setCenter(plan.centre);
  view.setResolution(plan.wideResolution);
  await renderComplete(map);
  await nextFrame();
  const samples: FrameSample[] = [];
  const n = plan.framesPerPhase;
  const ratio = Math.log(plan.closeResolution / plan.wideResolution);
  let [x, y] = plan.centre;
  let last = (await nextFrame()).start;
  const phases: FrameSample['phase'][] = ['zoomIn', 'pan', 'zoomOut'];
  for (const phase of phases) {
    const hint = plan.mode === 'redraw' ? null : phase === 'pan' ? ViewHint.INTERACTING : ViewHint.ANIMATING;
    if (hint !== null) view.setHint(hint, 1);
    for (let frame = 1; frame <= n; frame++) {
      let resolution: number;
      if (phase === 'zoomIn') resolution = plan.wideResolution * Math.exp((ratio * frame) / n);
      else if (phase === 'zoomOut') resolution = plan.closeResolution * Math.exp((-ratio * frame) / n);
      else resolution = plan.closeResolution;
      // A slow drift while zooming, a steady diagonal pan between the zooms.
      const step = phase === 'pan' ? plan.panPixelsPerFrame : plan.panPixelsPerFrame / 4;
      x += step * resolution;
      y += (step / 2) * resolution;
      view.setCenter([x, y]);
      view.setResolution(resolution);
      const { start: now, work } = await nextFrame();
      samples.push({ mode: plan.mode, phase, duration: now - last, work, resolution });
      last = now;
    }
    if (hint !== null) {
      // The gesture ends: the next frame draws the view afresh, and counts as the phase's last.
      view.setHint(hint, -1);
      const { start: now, work } = await nextFrame();
      samples.push({
        mode: plan.mode,
        phase,
        duration: now - last,
        work,
        resolution: view.getResolution() ?? 0,
      });
      last = now;
    }
  }
  await renderComplete(map);
  return samples;
}

const config = window.mapBenchConfig;
const state: BenchState = {
  expectedFields: config.expectedFields,
  dataPath: config.dataPath,
  firstRender: null,
  driven: null,
  panZoom: (plan) => panZoom(state, plan),
};
window.mapBench = state;
for (const name of ['headlandFieldMap', 'bareFieldMap']) {
  let value: DrivenMap | undefined;
  Object.defineProperty(window, name, {
    configurable: true,
    get: () => value,
    set: (next: DrivenMap | undefined) => {
      value = next;
      if (next) watch(state, next);
    },
  });
}
