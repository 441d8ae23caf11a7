import Rotate from 'ol/control/Rotate.js';
import { rotateResetDurationMs } from '../mapConstants.ts';

export interface CompassOptions {
  /** The tip and accessible name of the button, e.g. 'Reset rotation'. */
  tipLabel: string;
  /** Animation of the reset to north. */
  duration?: number;
  /** Keep the compass while the map points north. */
  alwaysShown?: boolean;
}

/**
 * A compass needle drawn inline (north red, south grey) so that it needs no image download. OpenLayers turns the
 * element with the view.
 */
function compassNeedle(): HTMLElement {
  const needle = document.createElement('span');
  needle.className = 'ol-compass hl-compass';
  needle.innerHTML =
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">' +
    '<polygon points="12,2 16,12 8,12" fill="#dc143c"/>' +
    '<polygon points="12,22 16,12 8,12" fill="#7a7a7a"/>' +
    '<circle cx="12" cy="12" r="1.6" fill="#fff"/></svg>';
  return needle;
}

/** The compass: shows the view's rotation and turns it back to north in 500 ms when clicked. */
export function createCompass(options: CompassOptions): Rotate {
  const needle = compassNeedle();
  const control = new Rotate({
    label: needle,
    tipLabel: options.tipLabel,
    duration: options.duration ?? rotateResetDurationMs,
    autoHide: !(options.alwaysShown ?? true),
  });
  // The button's title is its tip; screen readers need a name too, since its label is an image.
  needle.parentElement?.setAttribute('aria-label', options.tipLabel);
  return control;
}
