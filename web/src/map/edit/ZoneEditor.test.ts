import { afterEach, describe, expect, it, vi } from 'vitest';
import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import MapBrowserEvent from 'ol/MapBrowserEvent.js';
import View from 'ol/View.js';
import Circle from 'ol/geom/Circle.js';
import type Geometry from 'ol/geom/Geometry.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import Draw, { DrawEvent } from 'ol/interaction/Draw.js';
import VectorLayer from 'ol/layer/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import { ZoneEditor, type ZoneDrawing, type ZoneEditorOptions } from './ZoneEditor.ts';

const maps: OlMap[] = [];
afterEach(() => maps.splice(0).forEach((map) => map.dispose()));

function setUp(extra: Partial<ZoneEditorOptions> = {}) {
  const map = new OlMap({ view: new View({ center: fromLonLat([-0.05, 53.33]), zoom: 15 }) });
  maps.push(map);
  const setPointerTools = vi.fn();
  const drawn: ZoneDrawing[] = [];
  const picked: number[] = [];
  const editor = new ZoneEditor({
    map,
    layerId: 7,
    setPointerTools,
    onDrawn: (drawing) => drawn.push(drawing),
    onZonePicked: (zoneId) => picked.push(zoneId),
    ...extra,
  });
  return { map, editor, setPointerTools, drawn, picked };
}

const draws = (map: OlMap) =>
  map
    .getInteractions()
    .getArray()
    .filter((interaction): interaction is Draw => interaction instanceof Draw);

function finishDrawing(map: OlMap, geometry: Geometry) {
  const [draw] = draws(map);
  draw!.dispatchEvent(new DrawEvent('drawend', new Feature(geometry)));
}

const square = () =>
  new Polygon([
    [
      fromLonLat([-0.05, 53.33]),
      fromLonLat([-0.04, 53.33]),
      fromLonLat([-0.04, 53.34]),
      fromLonLat([-0.05, 53.34]),
      fromLonLat([-0.05, 53.33]),
    ],
  ]);

describe('ZoneEditor', () => {
  it('owns the pointer and the selection outlines from creation until dispose', () => {
    const { map, editor, setPointerTools } = setUp();
    expect(setPointerTools).toHaveBeenLastCalledWith(false);
    expect(map.getLayers().getLength()).toBe(1);
    editor.showSelection(['POLYGON((-0.05 53.33,-0.04 53.33,-0.04 53.34,-0.05 53.33))']);
    const overlay = map.getLayers().item(0) as VectorLayer<VectorSource>;
    expect(overlay.getSource()!.getFeatures()).toHaveLength(1);
    editor.showSelection([]);
    expect(overlay.getSource()!.getFeatures()).toHaveLength(0);

    editor.setTool('drawPolygon', 0);
    editor.dispose();
    expect(setPointerTools).toHaveBeenLastCalledWith(true);
    expect(map.getLayers().getLength()).toBe(0);
    expect(draws(map)).toHaveLength(0);
    expect(editor.isPicking).toBe(false);
  });

  it('picks zones without a tool and with merge, and with split until its zone is picked', () => {
    const { map, editor } = setUp();
    expect(editor.isPicking).toBe(true);
    expect(draws(map)).toHaveLength(0);
    editor.setTool('merge', 3);
    expect([editor.isPicking, draws(map).length]).toEqual([true, 0]);
    editor.setTool('split', 0);
    expect([editor.isPicking, draws(map).length]).toEqual([true, 0]);
    editor.setTool('split', 1);
    expect([editor.isPicking, draws(map).length, editor.drawingTool]).toEqual([false, 1, 'split']);
    editor.setTool('drawCircle', 0);
    expect([editor.isPicking, draws(map).length, editor.drawingTool]).toEqual([false, 1, 'drawCircle']);
    editor.setTool(null, 0);
    expect([editor.isPicking, draws(map).length]).toEqual([true, 0]);
    editor.dispose();
  });

  it('keeps the drawing under way when the same tool is chosen again', () => {
    const { map, editor } = setUp();
    editor.setTool('drawPolygon', 0);
    const [first] = draws(map);
    editor.setTool('drawPolygon', 0);
    expect(draws(map)).toEqual([first]);
    editor.dispose();
  });

  it('hands on the zone of its own layer that was clicked', () => {
    const { map, editor, picked } = setUp();
    const filters: boolean[] = [];
    vi.spyOn(map, 'forEachFeatureAtPixel').mockImplementation((_pixel, callback, options) => {
      const own = new VectorLayer({ properties: { dataLayerId: 7 } });
      const other = new VectorLayer({ properties: { dataLayerId: 8 } });
      filters.push(options!.layerFilter!(own), options!.layerFilter!(other));
      const zone = new Feature(new Point([0, 0]));
      zone.set('zone', { DataLayerZoneId: 31 });
      return callback(zone, own, zone.getGeometry()!) as never;
    });
    const click = () => {
      const event = new MapBrowserEvent('singleclick', map, new PointerEvent('click'));
      // The map is not on screen: the clicked pixel is given rather than worked out from the mouse.
      event.pixel = [5, 5];
      map.dispatchEvent(event);
    };
    click();
    expect(picked).toEqual([31]);
    expect(filters).toEqual([true, false]);
    editor.setTool('drawPolygon', 0);
    click();
    expect(picked).toEqual([31]);
    editor.dispose();
  });

  it('gives a drawn polygon as WKT in EPSG:4326, and nothing for one without area', () => {
    const { map, editor, drawn } = setUp();
    editor.setTool('cut', 0);
    finishDrawing(map, square());
    expect(drawn).toHaveLength(1);
    const [drawing] = drawn;
    expect(drawing).toMatchObject({
      kind: 'shape',
      tool: 'cut',
      shape: { Geometry: { CoordinateSystemId: 4326 } },
    });
    const text =
      drawing?.kind === 'shape' && 'Geometry' in drawing.shape ? drawing.shape.Geometry.WellKnownText : '';
    expect(text).toMatch(/^POLYGON\(\(-0\.05 53\.33,/);

    const flat = new Polygon([
      [fromLonLat([-0.05, 53.33]), fromLonLat([-0.04, 53.33]), fromLonLat([-0.05, 53.33])],
    ]);
    finishDrawing(map, flat);
    expect(drawn).toHaveLength(1);
    editor.dispose();
  });

  it('gives a drawn circle as a regular shape in metres, and a split line as WKT', () => {
    const { map, editor, drawn } = setUp();
    editor.setTool('drawCircle', 0);
    const centre = fromLonLat([-0.05, 53.33]);
    finishDrawing(map, new Circle(centre, 100));
    const [circle] = drawn;
    expect(circle).toMatchObject({
      kind: 'shape',
      tool: 'drawCircle',
      shape: { RegularShape: { Type: 'circle', Size2: null, Angle: 0 } },
    });
    const shape =
      circle?.kind === 'shape' && 'RegularShape' in circle.shape ? circle.shape.RegularShape : null;
    expect(shape!.Center[0]).toBeCloseTo(-0.05, 6);
    expect(shape!.Center[1]).toBeCloseTo(53.33, 6);
    // 100 Web Mercator units at 53.33° N are about 60 m on the ground.
    expect(shape!.Size1).toBeGreaterThan(55);
    expect(shape!.Size1).toBeLessThan(65);

    editor.setTool('split', 1);
    finishDrawing(map, new LineString([fromLonLat([-0.05, 53.33]), fromLonLat([-0.04, 53.34])]));
    expect(drawn[1]).toMatchObject({ kind: 'line', line: { CoordinateSystemId: 4326 } });
    finishDrawing(map, new LineString([centre, centre]));
    expect(drawn).toHaveLength(2);
    editor.dispose();
  });
});
