import type OlMap from 'ol/Map.js';
import Feature from 'ol/Feature.js';
import type { FeatureLike } from 'ol/Feature.js';
import Collection from 'ol/Collection.js';
import Circle from 'ol/geom/Circle.js';
import type Geometry from 'ol/geom/Geometry.js';
import MultiPoint from 'ol/geom/MultiPoint.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import Draw, { createBox, createRegularPolygon } from 'ol/interaction/Draw.js';
import type Interaction from 'ol/interaction/Interaction.js';
import Modify from 'ol/interaction/Modify.js';
import Snap from 'ol/interaction/Snap.js';
import Translate from 'ol/interaction/Translate.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { toLonLat } from 'ol/proj.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import RegularShape from 'ol/style/RegularShape.js';
import { circleToPolygon } from './circleToPolygon.ts';
import { canCommitGeometry } from './commitRule.ts';
import { cleanPolygonRings } from './gridCleaning.ts';
import { TransformInteraction } from './TransformInteraction.ts';
import { transformTolerancePx } from '../mapConstants.ts';

/** None: not editing; InEditor: drawing a new feature; EditTarget: editing an existing feature's geometry. */
export type EditMode = 'none' | 'inEditor' | 'editTarget';
export type DrawType = 'Polygon' | 'Point' | 'LineString' | 'Circle' | 'Square' | 'Box';
/** Vertices (Modify), move, rotate or resize. */
export type EditTool = 'vertices' | 'translate' | 'rotate' | 'resize';

export interface BoundaryEditorState {
  mode: EditMode;
  drawType: DrawType | null;
  /** Whether a drawing is under way (the feature does not exist yet). */
  drawing: boolean;
  tool: EditTool | null;
  /** Whether the geometry differs from the one editing began with; for a new drawing, once its first point is placed. */
  changed: boolean;
  /** Whether the geometry may be committed now (positive area, or length for lines). */
  canCommit: boolean;
}

export interface BoundaryEditorOptions {
  map: OlMap;
  /** Switches the map's own pointer behaviour (context menu, tooltip, selection) off while editing, and back. */
  setPointerTools?: (enabled: boolean) => void;
  /** Other boundaries to snap vertices to. */
  snapSources?: readonly VectorSource[];
  onChange?: (state: BoundaryEditorState) => void;
}

const editColour = 'rgb(255, 140, 0)';
const workingStyle = [
  new Style({
    fill: new Fill({ color: 'rgba(255, 140, 0, 0.18)' }),
    stroke: new Stroke({ color: editColour, width: 3 }),
    image: new CircleStyle({
      radius: 6,
      fill: new Fill({ color: editColour }),
      stroke: new Stroke({ color: '#fff' }),
    }),
  }),
  new Style({
    image: new CircleStyle({
      radius: 4,
      fill: new Fill({ color: '#fff' }),
      stroke: new Stroke({ color: editColour, width: 2 }),
    }),
    geometry: (feature: FeatureLike) => {
      const geometry = feature.getGeometry();
      if (geometry instanceof Polygon) return new MultiPoint(geometry.getCoordinates().flat());
      if (geometry instanceof MultiPolygon) return new MultiPoint(geometry.getCoordinates().flat(2));
      return undefined;
    },
  }),
];
const originalStyle = new Style({
  stroke: new Stroke({ color: 'rgba(30, 30, 30, 0.7)', width: 1.5, lineDash: [6, 4] }),
});
const handleStyle = new Style({
  image: new RegularShape({
    points: 4,
    radius: 7,
    angle: Math.PI / 4,
    fill: new Fill({ color: '#fff' }),
    stroke: new Stroke({ color: editColour, width: 2 }),
  }),
});
const rotateHandleStyle = new Style({
  image: new CircleStyle({
    radius: 8,
    fill: new Fill({ color: editColour }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
});

/** Square metres per square unit of Web Mercator at a coordinate (its scale is 1/cos(latitude)). */
function squareMetresPerUnitAt(geometry: Geometry): number {
  const extent = geometry.getExtent();
  const [, lat = 0] = toLonLat([
    ((extent[0] ?? 0) + (extent[2] ?? 0)) / 2,
    ((extent[1] ?? 0) + (extent[3] ?? 0)) / 2,
  ]);
  const cos = Math.cos((lat * Math.PI) / 180);
  return cos * cos;
}

/**
 * Draws new features and edits existing geometries on one map (fields-croppings-maps §4, Map edit modes). An
 * existing geometry is edited as a copy, the original kept beside it: Cancel gives the original back untouched,
 * commit answers the edited geometry, and only when it has a positive area (or length). Drawn circles become
 * 64-sided polygons and drawn polygons are grid-cleaned on commit. While editing, the map's context menu,
 * tooltip and selection are switched off and restored afterwards. Loaded on demand with the editing screens.
 */
export class BoundaryEditor {
  private readonly options: BoundaryEditorOptions;
  private readonly source = new VectorSource<Feature<Geometry>>();
  private readonly handleSource = new VectorSource<Feature<Geometry>>();
  private readonly layer: VectorLayer<VectorSource<Feature<Geometry>>>;
  private readonly handleLayer: VectorLayer<VectorSource<Feature<Geometry>>>;
  private working: Feature<Geometry> | null = null;
  private original: Geometry | null = null;
  private originalFeature: Feature<Geometry> | null = null;
  private interactions: Interaction[] = [];
  private state: BoundaryEditorState = {
    mode: 'none',
    drawType: null,
    drawing: false,
    tool: null,
    changed: false,
    canCommit: false,
  };
  private readonly handleKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if (this.state.drawing) this.abortDrawing();
    // A new shape already drawn (three points in a line, say) is given up to draw it again.
    else if (this.state.mode === 'inEditor' && this.state.drawType) this.draw(this.state.drawType);
  };

  constructor(options: BoundaryEditorOptions) {
    this.options = options;
    this.layer = new VectorLayer({
      source: this.source,
      style: (feature) => (feature === this.originalFeature ? originalStyle : workingStyle),
      zIndex: 40,
      properties: { name: 'editing' },
    });
    this.handleLayer = new VectorLayer({
      source: this.handleSource,
      style: (feature) => (feature.get('rotate') ? rotateHandleStyle : handleStyle),
      zIndex: 41,
      properties: { name: 'editHandles' },
    });
  }

  get current(): BoundaryEditorState {
    return this.state;
  }

  /** The geometry being edited or drawn, in the view's projection. */
  get geometry(): Geometry | null {
    return this.working?.getGeometry() ?? null;
  }

  /** Starts editing a copy of `geometry` (EditTarget) with `tool`. */
  editGeometry(geometry: Geometry, tool: EditTool = 'vertices'): void {
    this.begin('editTarget');
    this.original = geometry.clone();
    this.originalFeature = new Feature(geometry.clone());
    this.working = new Feature(geometry.clone());
    this.source.addFeatures([this.originalFeature, this.working]);
    this.working.on('change', () => this.update());
    this.setTool(tool);
  }

  /** Starts drawing a new feature of `type` (InEditor). */
  draw(type: DrawType): void {
    this.begin('inEditor');
    this.setState({ drawType: type, drawing: true, tool: null });
    const draw = new Draw({ ...drawOptions(type), source: this.source, stopClick: true });
    // A drawing under way is a change to lose: its first point counts, giving it up (Escape) undoes that.
    draw.on('drawstart', () => this.setState({ changed: true }));
    draw.on('drawabort', () => this.setState({ changed: false }));
    draw.on('drawend', (event) => {
      let geometry = event.feature.getGeometry();
      if (geometry instanceof Circle) {
        geometry = circleToPolygon(geometry);
        event.feature.setGeometry(geometry);
      }
      this.working = event.feature as Feature<Geometry>;
      this.original = null;
      this.working.on('change', () => this.update());
      this.setState({ drawing: false });
      // Once drawn, the new feature can be reshaped before it is kept.
      queueMicrotask(() => {
        this.setTool(type === 'Point' ? 'translate' : 'vertices');
        this.update();
      });
    });
    this.replaceInteractions([draw, ...this.snaps()]);
  }

  /** Switches between moving vertices, moving, rotating and resizing the feature. */
  setTool(tool: EditTool): void {
    const working = this.working;
    if (!working) return;
    const features = new Collection([working]);
    let interactions: Interaction[];
    if (tool === 'vertices') {
      interactions = [
        new Modify({ features, pixelTolerance: transformTolerancePx.resizeEdge }),
        ...this.snaps(),
      ];
    } else if (tool === 'translate') {
      interactions = [new Translate({ features, hitTolerance: transformTolerancePx.translate })];
    } else {
      interactions = [
        new TransformInteraction({ feature: working, enabled: [tool], onChange: () => this.drawHandles() }),
      ];
    }
    this.replaceInteractions(interactions);
    this.setState({ tool });
    this.drawHandles();
  }

  /** Gives up the drawing under way (Escape), staying in the editor to draw again. */
  abortDrawing(): void {
    for (const interaction of this.interactions) if (interaction instanceof Draw) interaction.abortDrawing();
  }

  /** Ends editing without keeping anything; answers the original geometry (null for a new feature). */
  cancel(): Geometry | null {
    const original = this.original;
    this.end();
    return original;
  }

  /**
   * Ends editing and answers the geometry to keep, or null (editing goes on) when it may not be committed.
   * Drawn polygons are grid-cleaned first.
   */
  commit(): Geometry | null {
    const geometry = this.result();
    if (geometry) this.end();
    return geometry;
  }

  /**
   * The geometry a commit would keep (drawn polygons grid-cleaned), without ending editing: a caller that saves
   * it keeps the editor open until the save has worked. Null when it may not be committed.
   */
  result(): Geometry | null {
    let geometry = this.geometry?.clone() ?? null;
    if (geometry && this.state.mode === 'inEditor') geometry = cleanDrawn(geometry);
    return canCommitGeometry(geometry) ? geometry : null;
  }

  dispose(): void {
    this.end();
  }

  private begin(mode: EditMode): void {
    this.end();
    const map = this.options.map;
    map.addLayer(this.layer);
    map.addLayer(this.handleLayer);
    document.addEventListener('keydown', this.handleKey);
    this.options.setPointerTools?.(false);
    this.setState({ mode, changed: false, canCommit: false, drawType: null, drawing: false, tool: null });
  }

  private end(): void {
    if (this.state.mode === 'none') return;
    this.replaceInteractions([]);
    const map = this.options.map;
    map.removeLayer(this.layer);
    map.removeLayer(this.handleLayer);
    map.getViewport()?.style.removeProperty('cursor');
    document.removeEventListener('keydown', this.handleKey);
    this.source.clear();
    this.handleSource.clear();
    this.working = null;
    this.original = null;
    this.originalFeature = null;
    this.options.setPointerTools?.(true);
    this.setState({
      mode: 'none',
      drawType: null,
      drawing: false,
      tool: null,
      changed: false,
      canCommit: false,
    });
  }

  private snaps(): Interaction[] {
    return [this.source, ...(this.options.snapSources ?? [])].map(
      (source) => new Snap({ source, pixelTolerance: transformTolerancePx.resizeEdge }),
    );
  }

  private replaceInteractions(next: Interaction[]): void {
    for (const interaction of this.interactions) this.options.map.removeInteraction(interaction);
    this.interactions = next;
    for (const interaction of next) this.options.map.addInteraction(interaction);
  }

  private drawHandles(): void {
    this.handleSource.clear();
    const tool = this.state.tool;
    const geometry = this.geometry;
    if (!geometry || (tool !== 'rotate' && tool !== 'resize')) return;
    const transform = this.interactions.find((each) => each instanceof TransformInteraction);
    const handles = transform?.handlesInMap();
    if (!handles) return;
    if (tool === 'rotate') {
      const feature = new Feature(new Point(handles.rotate));
      feature.set('rotate', true);
      this.handleSource.addFeature(feature);
    } else {
      const { rotate: _rotate, ...resize } = handles;
      this.handleSource.addFeatures(
        Object.values(resize).map((coordinate) => new Feature(new Point(coordinate))),
      );
    }
  }

  private update(): void {
    const geometry = this.geometry;
    const changed =
      this.original === null
        ? geometry !== null
        : JSON.stringify(coordinatesOf(geometry)) !== JSON.stringify(coordinatesOf(this.original));
    this.setState({ changed, canCommit: canCommitGeometry(geometry) });
    if (this.state.tool === 'rotate' || this.state.tool === 'resize') this.drawHandles();
  }

  private setState(changes: Partial<BoundaryEditorState>): void {
    this.state = { ...this.state, ...changes };
    this.options.onChange?.(this.state);
  }
}

function coordinatesOf(geometry: Geometry | null): unknown {
  return geometry && 'getCoordinates' in geometry ? (geometry as Polygon).getCoordinates() : null;
}

function drawOptions(type: DrawType): ConstructorParameters<typeof Draw>[0] {
  switch (type) {
    case 'Square':
      return { type: 'Circle', geometryFunction: createRegularPolygon(4) };
    case 'Box':
      return { type: 'Circle', geometryFunction: createBox() };
    default:
      return { type };
  }
}

/** A drawn polygon (or each part of a multipolygon) grid-cleaned; other geometries unchanged. */
function cleanDrawn(geometry: Geometry): Geometry | null {
  const squareMetresPerUnit = squareMetresPerUnitAt(geometry);
  if (geometry instanceof Polygon) {
    const rings = cleanPolygonRings(geometry.getCoordinates(), { squareMetresPerUnit });
    return rings ? new Polygon(rings) : null;
  }
  if (geometry instanceof MultiPolygon) {
    const parts = geometry
      .getCoordinates()
      .map((rings) => cleanPolygonRings(rings, { squareMetresPerUnit }))
      .filter((rings): rings is NonNullable<typeof rings> => rings !== null);
    return parts.length > 0 ? new MultiPolygon(parts) : null;
  }
  return geometry;
}
