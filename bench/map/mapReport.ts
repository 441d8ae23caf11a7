import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FirstRender, FrameSample } from './pageDriver.ts';

export interface PageRound {
  firstRender: FirstRender;
  frames: FrameSample[];
}

export interface FrameFigures {
  median: number;
  p95: number;
  max: number;
  count: number;
}

/** The frames of one way of moving the view (see PanZoomMode). */
export interface FrameSet {
  all: FrameFigures;
  /** The map's drawing work per frame, not rounded to display frames. */
  work: FrameFigures;
  byPhase: Record<FrameSample['phase'], FrameFigures>;
  /** Frames drawn with labels (resolution 10 or finer) and without. */
  labelled: FrameFigures;
  wide: FrameFigures;
}

/** The page loads of a run, round by round. */
export interface LoadFigures {
  /** Navigation to the first complete render with every field, per round. */
  firstRender: number[];
  /** When the page asked for the data, after navigation, per round. */
  dataAsked: number[];
  /** The data request's share of it: request start to response end, per round. */
  dataWait: number[];
  /** The rest, per round: the answer read, checked and made into features, then drawn. */
  afterData: number[];
}

export interface PageFigures extends LoadFigures {
  redraw: FrameSet;
  interaction: FrameSet;
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function frameFigures(frames: readonly FrameSample[], of: 'duration' | 'work' = 'duration'): FrameFigures {
  const durations = frames.map((frame) => frame[of]);
  return {
    median: quantile(durations, 0.5),
    p95: quantile(durations, 0.95),
    max: Math.max(...durations),
    count: durations.length,
  };
}

function frameSet(frames: readonly FrameSample[], labelMaxResolution: number): FrameSet {
  const phase = (name: FrameSample['phase']) => frameFigures(frames.filter((frame) => frame.phase === name));
  return {
    all: frameFigures(frames),
    work: frameFigures(frames, 'work'),
    byPhase: { zoomIn: phase('zoomIn'), pan: phase('pan'), zoomOut: phase('zoomOut') },
    labelled: frameFigures(frames.filter((frame) => frame.resolution <= labelMaxResolution)),
    wide: frameFigures(frames.filter((frame) => frame.resolution > labelMaxResolution)),
  };
}

export function loadFigures(rounds: readonly PageRound[]): LoadFigures {
  return {
    firstRender: rounds.map((round) => round.firstRender.renderedAt),
    dataAsked: rounds.map((round) => round.firstRender.dataRequest?.startTime ?? Number.NaN),
    dataWait: rounds.map((round) => {
      const request = round.firstRender.dataRequest;
      return request ? request.responseEnd - request.startTime : Number.NaN;
    }),
    afterData: rounds.map((round) => {
      const request = round.firstRender.dataRequest;
      return request ? round.firstRender.renderedAt - request.responseEnd : Number.NaN;
    }),
  };
}

export function pageFigures(rounds: readonly PageRound[], labelMaxResolution: number): PageFigures {
  const frames = rounds.flatMap((round) => round.frames);
  const ofMode = (mode: FrameSample['mode']) =>
    frameSet(
      frames.filter((frame) => frame.mode === mode),
      labelMaxResolution,
    );
  return {
    ...loadFigures(rounds),
    redraw: ofMode('redraw'),
    interaction: ofMode('interaction'),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '-');
const msList = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(', ');
const ratio = (app: number, bare: number) => (bare > 0 ? `${(app / bare).toFixed(2)}x` : '-');

/** The printed comparison: one line per figure, app beside bare and their ratio, and each aim met or missed. */
export function printComparison(
  app: PageFigures,
  bare: PageFigures,
  aims: { ratio: number; firstRenderMs: number },
  firstVisit: { app: LoadFigures; bare: LoadFigures; appAfterChange: LoadFigures },
) {
  const appFirst = quantile(app.firstRender, 0.5);
  const bareFirst = quantile(bare.firstRender, 0.5);
  const appWait = quantile(app.dataWait, 0.5);
  const bareWait = quantile(bare.dataWait, 0.5);
  const frameRows = (title: string, a: FrameSet, b: FrameSet): [string, number, number][] => [
    [`${title}: frame median`, a.all.median, b.all.median],
    [`${title}: frame p95`, a.all.p95, b.all.p95],
    ['  drawing work per frame, median', a.work.median, b.work.median],
    ['  drawing work per frame, p95', a.work.p95, b.work.p95],
    ['  zoom in: median / p95', a.byPhase.zoomIn.median, b.byPhase.zoomIn.median],
    ['', a.byPhase.zoomIn.p95, b.byPhase.zoomIn.p95],
    ['  pan with labels: median / p95', a.byPhase.pan.median, b.byPhase.pan.median],
    ['', a.byPhase.pan.p95, b.byPhase.pan.p95],
    ['  zoom out: median / p95', a.byPhase.zoomOut.median, b.byPhase.zoomOut.median],
    ['', a.byPhase.zoomOut.p95, b.byPhase.zoomOut.p95],
    ['  frames with labels, p95', a.labelled.p95, b.labelled.p95],
    ['  frames without labels, p95', a.wide.p95, b.wide.p95],
    ['  longest frame', a.all.max, b.all.max],
  ];
  const loadRows = (title: string, a: LoadFigures, b: LoadFigures): [string, number, number][] => [
    [`${title}: first render (median)`, quantile(a.firstRender, 0.5), quantile(b.firstRender, 0.5)],
    ['  data asked for, after navigation', quantile(a.dataAsked, 0.5), quantile(b.dataAsked, 0.5)],
    ['  waiting for the data', quantile(a.dataWait, 0.5), quantile(b.dataWait, 0.5)],
    ['  after the data', quantile(a.afterData, 0.5), quantile(b.afterData, 0.5)],
  ];
  const rows: [string, number, number][] = [
    ...loadRows('first visit after a change', firstVisit.appAfterChange, firstVisit.bare),
    ...loadRows('first visit', firstVisit.app, firstVisit.bare),
    ...loadRows('return visit', app, bare),
    ...frameRows('redraw', app.redraw, bare.redraw),
    ...frameRows('interaction', app.interaction, bare.interaction),
  ];
  console.log(
    `\n${'figure'.padEnd(42)}${'app'.padStart(10)}${'bare'.padStart(10)}${'app/bare'.padStart(10)}`,
  );
  for (const [name, appValue, bareValue] of rows) {
    console.log(
      `${name.padEnd(42)}${ms(appValue).padStart(10)}${ms(bareValue).padStart(10)}${ratio(appValue, bareValue).padStart(10)}`,
    );
  }
  for (const [title, a, b] of [
    ['first visit after a change', firstVisit.appAfterChange, firstVisit.bare],
    ['first visit', firstVisit.app, firstVisit.bare],
    ['return visit', app, bare],
  ] as const) {
    console.log(`\n${title}, per round:`);
    console.log(`  first render    app ${msList(a.firstRender)} ms; bare ${msList(b.firstRender)} ms`);
    console.log(`  data wait       app ${msList(a.dataWait)} ms; bare ${msList(b.dataWait)} ms`);
    console.log(`  after the data  app ${msList(a.afterData)} ms; bare ${msList(b.afterData)} ms`);
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  const clientRatio = (appFirst - appWait) / (bareFirst - bareWait);
  for (const mode of ['redraw', 'interaction'] as const) {
    const frameRatio = Math.max(
      app[mode].all.median / bare[mode].all.median,
      app[mode].all.p95 / bare[mode].all.p95,
    );
    const workRatio = Math.max(
      app[mode].work.median / bare[mode].work.median,
      app[mode].work.p95 / bare[mode].work.p95,
    );
    console.log(
      `${mode === 'redraw' ? '\n' : ''}aim: ${mode} frame times within ${aims.ratio}x of the bare page: ` +
        `${verdict(Number(frameRatio.toFixed(2)) <= aims.ratio)} (worse of median and p95 ratios ${frameRatio.toFixed(2)}x; ` +
        `of drawing work ${workRatio.toFixed(2)}x)`,
    );
  }
  console.log(
    `aim: first render within ${aims.ratio}x of the bare page, return visit: ` +
      `${verdict(appFirst / bareFirst <= aims.ratio)} ` +
      `(${ratio(appFirst, bareFirst)}; leaving out both pages' data wait ${clientRatio.toFixed(2)}x)`,
  );
  const firstVisitApp = quantile(firstVisit.app.firstRender, 0.5);
  const firstVisitBare = quantile(firstVisit.bare.firstRender, 0.5);
  console.log(
    `aim: first render within ${aims.ratio}x of the bare page, first visit: ` +
      `${verdict(firstVisitApp / firstVisitBare <= aims.ratio)} (${ratio(firstVisitApp, firstVisitBare)})`,
  );
  for (const [title, value, wait] of [
    [
      'first visit after a change',
      quantile(firstVisit.appAfterChange.firstRender, 0.5),
      quantile(firstVisit.appAfterChange.dataWait, 0.5),
    ],
    ['first visit', firstVisitApp, quantile(firstVisit.app.dataWait, 0.5)],
    ['return visit', appFirst, appWait],
  ] as const) {
    console.log(
      `aim: first render under ${aims.firstRenderMs} ms, ${title}: ${verdict(value < aims.firstRenderMs)} ` +
        `(${ms(value)}, of which ${ms(wait)} waiting for GET /api/fields/v1)`,
    );
  }
}

export function writeResults(path: string, results: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
