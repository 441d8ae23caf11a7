import { afterEach, describe, expect, it, vi } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Polygon from 'ol/geom/Polygon.js';
import Modify from 'ol/interaction/Modify.js';
import Translate from 'ol/interaction/Translate.js';
import { fromLonLat } from 'ol/proj.js';
import { BoundaryEditor, type BoundaryEditorState } from './BoundaryEditor.ts';
import { TransformInteraction } from './TransformInteraction.ts';

const maps: OlMap[] = [];
afterEach(() => maps.splice(0).forEach((map) => map.dispose()));

function setUp() {
  const map = new OlMap({ view: new View({ center: fromLonLat([-0.05, 53.33]), zoom: 15 }) });
  maps.push(map);
  const setPointerTools = vi.fn();
  const states: BoundaryEditorState[] = [];
  const editor = new BoundaryEditor({ map, setPointerTools, onChange: (state) => states.push(state) });
  return { map, editor, setPointerTools, states };
}

const square = () =>
  new MultiPolygon([
    [
      [
        fromLonLat([-0.05, 53.33]),
        fromLonLat([-0.04, 53.33]),
        fromLonLat([-0.04, 53.34]),
        fromLonLat([-0.05, 53.33]),
      ],
    ],
  ]);

describe('BoundaryEditor', () => {
  it('edits a copy, keeps the original, and gives the original back on Cancel', () => {
    const { editor, map, setPointerTools } = setUp();
    const target = square();
    const before = JSON.stringify(target.getCoordinates());
    editor.editGeometry(target);
    expect(editor.current).toMatchObject({ mode: 'editTarget', tool: 'vertices', changed: false });
    expect(setPointerTools).toHaveBeenLastCalledWith(false);
    expect(
      map
        .getInteractions()
        .getArray()
        .some((interaction) => interaction instanceof Modify),
    ).toBe(true);

    editor.geometry!.translate(100, 0);
    expect(editor.current.changed).toBe(true);
    expect(JSON.stringify(target.getCoordinates())).toBe(before);

    const restored = editor.cancel();
    expect(JSON.stringify((restored as MultiPolygon).getCoordinates())).toBe(before);
    expect(editor.current.mode).toBe('none');
    expect(setPointerTools).toHaveBeenLastCalledWith(true);
    expect(
      map
        .getInteractions()
        .getArray()
        .some((interaction) => interaction instanceof Modify),
    ).toBe(false);
  });

  it('commits an edited geometry with area and ends editing', () => {
    const { editor } = setUp();
    editor.editGeometry(square());
    editor.geometry!.translate(0, 50);
    const committed = editor.commit();
    expect(committed).toBeInstanceOf(MultiPolygon);
    expect(committed!.getExtent()[1]).toBeCloseTo(square().getExtent()[1]! + 50, 6);
    expect(editor.current.mode).toBe('none');
  });

  it('refuses to commit a geometry without area and keeps editing', () => {
    const { editor } = setUp();
    editor.editGeometry(
      new Polygon([
        [
          [0, 0],
          [10, 0],
          [20, 0],
          [0, 0],
        ],
      ]),
    );
    expect(editor.current.canCommit).toBe(false);
    expect(editor.commit()).toBeNull();
    expect(editor.current.mode).toBe('editTarget');
  });

  it.each([
    ['translate', Translate],
    ['rotate', TransformInteraction],
    ['resize', TransformInteraction],
  ] as const)('switches to the %s tool', (tool, kind) => {
    const { editor, map } = setUp();
    editor.editGeometry(square());
    editor.setTool(tool);
    const interactions = map.getInteractions().getArray();
    expect(interactions.some((interaction) => interaction instanceof kind)).toBe(true);
    expect(interactions.some((interaction) => interaction instanceof Modify)).toBe(false);
    expect(editor.current.tool).toBe(tool);
  });

  it('starts a drawing in the editor', () => {
    const { editor, setPointerTools } = setUp();
    editor.draw('Circle');
    expect(editor.current).toMatchObject({
      mode: 'inEditor',
      drawType: 'Circle',
      drawing: true,
      canCommit: false,
    });
    expect(editor.commit()).toBeNull();
    expect(editor.cancel()).toBeNull();
    expect(setPointerTools).toHaveBeenLastCalledWith(true);
  });
});
