import type Map from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import DragBox from 'ol/interaction/DragBox.js';
import Interaction from 'ol/interaction/Interaction.js';
import { shiftKeyOnly } from 'ol/events/condition.js';
import type Layer from 'ol/layer/Layer.js';
import type VectorSource from 'ol/source/Vector.js';
import type { FieldFeature } from '../layers/fieldFeatures.ts';
import { fieldOf } from '../layers/fieldFeatures.ts';

export interface FieldSelectionOptions {
  /** The fields the drag box selects from. */
  fieldsSource: VectorSource<FieldFeature>;
  /** Which layers a click looks in (fields and croppings). */
  layerFilter: (layer: Layer) => boolean;
  /** Whether more than one field may be selected (Shift or Ctrl click, Shift drag box). */
  multiselect?: boolean;
  onChange?: (fieldIds: ReadonlySet<number>) => void;
}

/**
 * The selected fields of one map, by field id. A click selects the field under the pointer (or clears the
 * selection on empty ground); Shift or Ctrl click adds or removes one; dragging a box with Shift held adds every
 * field the box touches.
 */
export class FieldSelection {
  private readonly options: Required<FieldSelectionOptions>;
  private selected = new Set<number>();
  readonly click: Interaction;
  readonly dragBox: DragBox;

  constructor(options: FieldSelectionOptions) {
    this.options = { multiselect: true, onChange: () => {}, ...options };
    this.click = new Interaction({ handleEvent: (event) => this.handleClick(event) });
    this.dragBox = new DragBox({ condition: shiftKeyOnly, className: 'hl-drag-box' });
    this.dragBox.on('boxend', () => this.selectInBox());
  }

  /** Adds the interactions to `map`. */
  attach(map: Map): void {
    map.addInteraction(this.dragBox);
    map.addInteraction(this.click);
  }

  detach(map: Map): void {
    map.removeInteraction(this.dragBox);
    map.removeInteraction(this.click);
  }

  setActive(active: boolean): void {
    this.click.setActive(active);
    this.dragBox.setActive(active && this.options.multiselect);
  }

  has = (fieldId: number): boolean => this.selected.has(fieldId);

  get fieldIds(): ReadonlySet<number> {
    return this.selected;
  }

  set(fieldIds: Iterable<number>): void {
    this.selected = new Set(fieldIds);
    this.options.onChange(this.selected);
  }

  clear(): void {
    if (this.selected.size > 0) this.set([]);
  }

  private handleClick(event: MapBrowserEvent): boolean {
    if (event.type !== 'singleclick') return true;
    const feature = event.map.forEachFeatureAtPixel(event.pixel, (found) => found, {
      layerFilter: this.options.layerFilter,
    });
    const fieldId = feature ? fieldOf(feature)?.FieldId : undefined;
    const original = event.originalEvent as PointerEvent;
    const adding = this.options.multiselect && (original.shiftKey || original.ctrlKey || original.metaKey);
    if (fieldId === undefined) {
      if (!adding) this.clear();
      return true;
    }
    if (adding) {
      const next = new Set(this.selected);
      if (next.has(fieldId)) next.delete(fieldId);
      else next.add(fieldId);
      this.set(next);
    } else {
      this.set([fieldId]);
    }
    return true;
  }

  private selectInBox(): void {
    const box = this.dragBox.getGeometry();
    const extent = box.getExtent();
    const next = new Set(this.selected);
    this.options.fieldsSource.forEachFeatureIntersectingExtent(extent, (feature) => {
      const field = fieldOf(feature);
      if (field && feature.getGeometry()?.intersectsExtent(extent)) next.add(field.FieldId);
    });
    this.set(next);
  }
}
