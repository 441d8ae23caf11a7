import Control from 'ol/control/Control.js';
import type { Extent } from 'ol/extent.js';
import { isEmpty } from 'ol/extent.js';

export interface HoldingExtentControlOptions {
  /** The button's text and accessible name. */
  label: string;
  /** The extent to show, in the view's projection; null when the holding has nothing to show. */
  getExtent: () => Extent | null;
  /** Room left around the extent, in pixels. */
  padding?: number;
  duration?: number;
  className?: string;
}

/** A button that fits the view to the holding's fields. */
export class HoldingExtentControl extends Control {
  private readonly options: Required<HoldingExtentControlOptions>;

  constructor(options: HoldingExtentControlOptions) {
    const element = document.createElement('div');
    super({ element });
    this.options = { padding: 40, duration: 300, className: 'hl-holding-extent', ...options };
    element.className = `${this.options.className} ol-unselectable ol-control`;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = options.label;
    button.title = options.label;
    button.setAttribute('aria-label', options.label);
    button.addEventListener('click', () => this.fit());
    element.appendChild(button);
  }

  /** Fits the view to the holding; does nothing while the holding has no boundaries. */
  fit(): void {
    const map = this.getMap();
    const extent = this.options.getExtent();
    if (!map || !extent || isEmpty(extent)) return;
    const padding = this.options.padding;
    map
      .getView()
      .fit(extent, { padding: [padding, padding, padding, padding], duration: this.options.duration });
  }
}
