import Icon from 'ol/style/Icon.js';
import Style from 'ol/style/Style.js';

/** The marker icon's size in pixels (fields-croppings-maps §9). */
export const markerIconPx = { width: 32, height: 44 } as const;

const markerSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="44" viewBox="0 0 32 44">
<path d="M16 43C16 43 2 26 2 16a14 14 0 0 1 28 0c0 10-14 27-14 27z" fill="#2f7d32" stroke="#fff" stroke-width="2"/>
<rect x="8" y="10" width="16" height="12" rx="2" fill="#fff"/><circle cx="16" cy="16" r="3.5" fill="#2f7d32"/>
<rect x="11" y="8" width="5" height="3" fill="#fff"/></svg>`;

/** The picture marker: a pin 32 × 44 px whose tip is the place the picture was taken. */
export function pictureMarkerStyle(): Style {
  return new Style({
    image: new Icon({
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markerSvg)}`,
      width: markerIconPx.width,
      height: markerIconPx.height,
      anchor: [0.5, 1],
    }),
  });
}
