import { describe, expect, it } from 'vitest';
import {
  canClearMeasures,
  canStartMeasure,
  initialMeasureState,
  nextMeasureState,
  type MeasureEvent,
  type MeasureResult,
  type MeasureState,
} from './measureState.ts';

const length: MeasureResult = { id: 1, kind: 'length', value: 523.4, method: 'nationalGrid' };
const area: MeasureResult = { id: 2, kind: 'area', value: 12_345, method: 'geodesic' };
const drawingArea: MeasureState = { status: 'drawing', kind: 'area', measures: [length] };
const finished: MeasureState = { status: 'finished', measures: [length] };

describe('nextMeasureState', () => {
  it.each<[string, MeasureState, MeasureEvent, MeasureState]>([
    [
      'idle starts a length',
      initialMeasureState,
      { type: 'start', kind: 'length' },
      { status: 'drawing', kind: 'length', measures: [] },
    ],
    ['a drawing refuses a new start', drawingArea, { type: 'start', kind: 'length' }, drawingArea],
    [
      'a finished drawing keeps its measure',
      drawingArea,
      { type: 'finish', result: area },
      { status: 'finished', measures: [length, area] },
    ],
    [
      'an aborted first drawing goes back to idle',
      { status: 'drawing', kind: 'length', measures: [] },
      { type: 'abort' },
      initialMeasureState,
    ],
    ['an aborted later drawing stays finished', drawingArea, { type: 'abort' }, finished],
    [
      'finished starts another',
      finished,
      { type: 'start', kind: 'area' },
      { status: 'drawing', kind: 'area', measures: [length] },
    ],
    ['a finish outside drawing is ignored', finished, { type: 'finish', result: area }, finished],
    ['clear empties everything', drawingArea, { type: 'clear' }, initialMeasureState],
  ])('%s', (_case, state, event, expected) => {
    expect(nextMeasureState(state, event)).toEqual(expected);
  });
});

describe('measure buttons', () => {
  it.each<[MeasureState, boolean, boolean]>([
    [initialMeasureState, true, false],
    [drawingArea, false, true],
    [{ status: 'drawing', kind: 'length', measures: [] }, false, false],
    [finished, true, true],
  ])('in %o start is %s and clear is %s', (state, start, clear) => {
    expect(canStartMeasure(state)).toBe(start);
    expect(canClearMeasures(state)).toBe(clear);
  });
});
