import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import Text from 'ol/style/Text.js';
import type Point from 'ol/geom/Point.js';
import { labelFontPx } from '../mapConstants.ts';

const labelFill = new Fill({ color: '#1b1b1b' });
const labelHalo = new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 });

/** A label drawn at `point` in the map's label font, with a white halo so it reads on any fill or imagery. */
export function createLabelStyle(text: string, point: Point, zIndex = 10): Style {
  return new Style({
    geometry: point,
    zIndex,
    text: new Text({
      text,
      font: `600 ${labelFontPx}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
      fill: labelFill,
      stroke: labelHalo,
      overflow: true,
      textAlign: 'center',
      textBaseline: 'middle',
    }),
  });
}
