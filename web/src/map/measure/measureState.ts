export type MeasureKind = 'length' | 'area';

/** One finished measure: metres for a length, square metres for an area. */
export interface MeasureResult {
  id: number;
  kind: MeasureKind;
  value: number;
  method: 'nationalGrid' | 'geodesic';
}

/**
 * The measuring tool's state (fields-croppings-maps §4): idle before anything is measured (and after Clear),
 * drawing while a length or area is being drawn, finished once at least one measure exists and none is drawn.
 */
export type MeasureState =
  | { status: 'idle'; measures: readonly MeasureResult[] }
  | { status: 'drawing'; kind: MeasureKind; measures: readonly MeasureResult[] }
  | { status: 'finished'; measures: readonly MeasureResult[] };

export type MeasureEvent =
  | { type: 'start'; kind: MeasureKind }
  | { type: 'finish'; result: MeasureResult }
  | { type: 'abort' }
  | { type: 'clear' };

export const initialMeasureState: MeasureState = { status: 'idle', measures: [] };

const settled = (measures: readonly MeasureResult[]): MeasureState =>
  measures.length > 0 ? { status: 'finished', measures } : { status: 'idle', measures };

/**
 * The next state. A new measure cannot start while one is being drawn; a finish or abort outside drawing
 * changes nothing; Clear removes every measure (and abandons one being drawn).
 */
export function nextMeasureState(state: MeasureState, event: MeasureEvent): MeasureState {
  switch (event.type) {
    case 'start':
      return state.status === 'drawing'
        ? state
        : { status: 'drawing', kind: event.kind, measures: state.measures };
    case 'finish':
      return state.status === 'drawing' ? settled([...state.measures, event.result]) : state;
    case 'abort':
      return state.status === 'drawing' ? settled(state.measures) : state;
    case 'clear':
      return initialMeasureState;
  }
}

/** Clear is enabled only when measures exist (a first measure still being drawn is not one yet). */
export function canClearMeasures(state: MeasureState): boolean {
  return state.measures.length > 0;
}

export function canStartMeasure(state: MeasureState): boolean {
  return state.status !== 'drawing';
}
