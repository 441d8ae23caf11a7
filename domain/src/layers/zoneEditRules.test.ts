import { describe, expect, it } from 'vitest';
import { LayerTypeId } from './layerTypes';
import {
  canCommitDrawing,
  cancelZoneEdit,
  canResetZone,
  changedZoneIds,
  keepsSplitPart,
  layerZonesChanged,
  mergeDecision,
  parseRate,
  parseZoneValue,
  parseZoneNumber,
  resetTarget,
  splitOutcome,
  startZoneEdit,
  zoneEditChanged,
  zoneLayerKind,
  zoneToolEnabled,
  zoneUserDefined,
  type ResettableZone,
  type ZoneSnapshot,
} from './zoneEditRules';

const zone: ZoneSnapshot = {
  Geometry: 'POLYGON((0 0,1 0,1 1,0 0))',
  Value: 10,
  Number: 1,
  Label: 'A',
  DocumentId: null,
};

describe('change tracking and Cancel', () => {
  it.each<[string, Partial<ZoneSnapshot>, boolean]>([
    ['nothing', {}, false],
    ['value', { Value: 11 }, true],
    ['value cleared', { Value: null }, true],
    ['label', { Label: 'B' }, true],
    ['label emptied to nothing', { Label: null }, true],
    ['picture', { DocumentId: 4 }, true],
    ['geometry', { Geometry: 'POLYGON((0 0,2 0,2 2,0 0))' }, true],
    ['number alone', { Number: 2 }, false],
  ])('a change of %s counts: %s', (_name, change, changed) => {
    const edit = startZoneEdit(zone);
    expect(zoneEditChanged({ ...edit, current: { ...edit.current, ...change } })).toBe(changed);
  });
  it('Cancel restores geometry, value, number, label and picture', () => {
    const edit = startZoneEdit(zone);
    const edited = {
      ...edit,
      current: { Geometry: 'POLYGON((0 0,2 0,2 2,0 0))', Value: 3, Number: 7, Label: 'X', DocumentId: 9 },
    };
    expect(cancelZoneEdit(edited).current).toEqual(zone);
    expect(zoneEditChanged(cancelZoneEdit(edited))).toBe(false);
  });
  it('lists the changed zones', () => {
    const a = startZoneEdit(zone);
    const b = startZoneEdit(zone);
    expect(
      changedZoneIds(
        new Map([
          [1, a],
          [2, { ...b, current: { ...b.current, Value: 1 } }],
        ]),
      ),
    ).toEqual([2]);
  });
});

describe('change tracking over the layer', () => {
  const start = [
    { Id: 1, ...zone },
    { Id: 2, ...zone, Geometry: 'POLYGON((1 0,2 0,2 1,1 0))', Value: 30 },
  ];

  it('is unchanged while every zone is as it began, whatever the order or the number', () => {
    expect(layerZonesChanged(start, [start[1]!, { ...start[0]!, Number: 7 }])).toBe(false);
  });

  it.each<[string, (zones: typeof start) => typeof start]>([
    ['a cut changed a geometry', ([a, b]) => [{ ...a!, Geometry: 'POLYGON((0 0,0.5 0,0.5 1,0 0))' }, b!]],
    ['a merge removed a zone', ([a]) => [{ ...a!, Geometry: 'POLYGON((0 0,2 0,2 1,0 0))' }]],
    ['a split added a zone', ([a, b]) => [a!, b!, { ...b!, Id: 3 }]],
    ['a zone was replaced by another', ([a, b]) => [a!, { ...b!, Id: 4 }]],
    ['a value changed', ([a, b]) => [a!, { ...b!, Value: 31 }]],
    ['a label changed', ([a, b]) => [{ ...a!, Label: 'B' }, b!]],
    ['a picture changed', ([a, b]) => [{ ...a!, DocumentId: 5 }, b!]],
  ])('is changed when %s', (_name, change) => {
    expect(layerZonesChanged(start, change(start))).toBe(true);
  });
});

describe('zone number: empty or positive', () => {
  it.each<[string, number | null, boolean]>([
    ['', null, true],
    ['  ', null, true],
    ['abc', null, true],
    ['1', 1, true],
    ['0', 0, false],
    ['-1', -1, false],
    ['1.5', 1.5, false],
    ['12', 12, true],
  ])('%j gives %s, accepted %s', (text, value, accepted) => {
    const result = parseZoneNumber(text);
    expect(result.value).toBe(value);
    expect(result.problem === null).toBe(accepted);
  });
});

describe('rates', () => {
  it.each<[string, number | null, string | null]>([
    ['120', 120, null],
    ['0', 0, null],
    ['12,5', 12.5, null],
    ['', null, 'required'],
    ['x', null, 'required'],
    ['-0.1', -0.1, 'negative'],
  ])('%j', (text, value, problem) => {
    expect(parseRate(text)).toEqual({ value, problem });
  });
});

describe('zone values', () => {
  it.each<[string, number, number | null, string | null]>([
    ['', LayerTypeId.Drawing, null, null],
    ['  ', LayerTypeId.Drawing, null, null],
    ['4', LayerTypeId.Drawing, 4, null],
    ['-1', LayerTypeId.Drawing, -1, 'negative'],
    ['', LayerTypeId.EcScan, null, 'required'],
    ['31,5', LayerTypeId.EcScan, 31.5, null],
  ])('%j for type %i', (text, typeId, value, problem) => {
    expect(parseZoneValue(text, typeId)).toEqual({ value, problem });
  });
});

describe('reset and user-defined', () => {
  const base: ResettableZone = {
    Value: 50,
    InitValue: 50,
    ProductRate: 100,
    InitProductRate: 100,
    UserDefined: false,
  };
  it('a requirement zone resets to its calculated value, an application zone to its initial rate', () => {
    expect(resetTarget('requirement', { ...base, Value: 70 })).toEqual({ field: 'Value', value: 50 });
    expect(resetTarget('application', { ...base, ProductRate: 130 })).toEqual({
      field: 'ProductRate',
      value: 100,
    });
    expect(resetTarget('other', base)).toBeNull();
  });
  it.each<[string, 'requirement' | 'application', Partial<ResettableZone>, boolean]>([
    ['as calculated', 'requirement', {}, false],
    ['flagged', 'requirement', { UserDefined: true }, true],
    ['value changed', 'requirement', { Value: 51 }, true],
    ['rate as initial', 'application', { Value: 1 }, false],
    ['rate changed', 'application', { ProductRate: 0 }, true],
  ])('%s: user-defined %s', (_name, kind, change, expected) => {
    expect(zoneUserDefined(kind, { ...base, ...change })).toBe(expected);
    expect(canResetZone(kind, { ...base, ...change })).toBe(expected);
  });
  it('other layers cannot reset', () => {
    expect(canResetZone('other', { ...base, UserDefined: true })).toBe(false);
  });
  it('kind by layer type', () => {
    expect(zoneLayerKind(LayerTypeId.NutrientRequirement)).toBe('requirement');
    expect(zoneLayerKind(LayerTypeId.Application)).toBe('application');
    expect(zoneLayerKind(LayerTypeId.SoilPh)).toBe('other');
  });
});

describe('drawing commit rule', () => {
  it.each<[Parameters<typeof canCommitDrawing>[0], { area?: number; length?: number }, boolean]>([
    ['Polygon', { area: 0.0001 }, true],
    ['Polygon', { area: 0 }, false],
    ['Box', { area: 0 }, false],
    ['Square', { area: 5 }, true],
    ['LineString', { length: 0 }, false],
    ['LineString', { length: 1 }, true],
    ['Point', {}, true],
    ['Circle', {}, true],
  ])('%s %j: %s', (type, measure, expected) => {
    expect(canCommitDrawing(type, measure)).toBe(expected);
  });
});

describe('split and merge', () => {
  it.each<[boolean, number, boolean]>([
    [true, 0.1, true],
    [true, 0.0999, false],
    [false, 100, false],
    [true, 100, true],
  ])('part valid %s of %s m² kept: %s', (valid, areaSquareMetres, kept) => {
    expect(keepsSplitPart({ valid, areaSquareMetres })).toBe(kept);
  });
  it('a split needs two kept parts', () => {
    expect(
      splitOutcome([
        { valid: true, areaSquareMetres: 50 },
        { valid: true, areaSquareMetres: 0.05 },
      ]),
    ).toBe('unchanged');
    expect(
      splitOutcome([
        { valid: true, areaSquareMetres: 50 },
        { valid: true, areaSquareMetres: 0.1 },
      ]),
    ).toBe('split');
  });
  it('merge needs two zones, valid inputs and one polygon, retrying once with a 0.01 buffer', () => {
    const one = { inputsValid: true, valid: true, polygonCount: 1 };
    const two = { inputsValid: true, valid: true, polygonCount: 2 };
    expect(mergeDecision(1, one, false)).toEqual({ action: 'tooFewZones' });
    expect(mergeDecision(2, one, false)).toEqual({ action: 'merge' });
    expect(mergeDecision(2, two, false)).toEqual({ action: 'retryWithBuffer', bufferMetres: 0.01 });
    expect(mergeDecision(2, two, true)).toEqual({ action: 'invalidMerge' });
    expect(mergeDecision(2, { ...one, valid: false }, false)).toEqual({
      action: 'retryWithBuffer',
      bufferMetres: 0.01,
    });
    expect(mergeDecision(3, { ...one, inputsValid: false }, false)).toEqual({ action: 'invalidMerge' });
    expect(mergeDecision(2, null, false)).toEqual({ action: 'invalidMerge' });
  });
  it('tools: merge needs two zones selected, split one', () => {
    expect(zoneToolEnabled('merge', 1)).toBe(false);
    expect(zoneToolEnabled('merge', 2)).toBe(true);
    expect(zoneToolEnabled('split', 1)).toBe(true);
    expect(zoneToolEnabled('split', 2)).toBe(false);
    expect(zoneToolEnabled('drawPolygon', 0)).toBe(true);
  });
});
