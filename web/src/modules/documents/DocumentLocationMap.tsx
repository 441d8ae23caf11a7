import { useEffect, useRef } from 'react';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import OSM from 'ol/source/OSM.js';
import VectorSource from 'ol/source/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import { pictureMarkerStyle } from './map/pictureMarker.ts';

export interface DocumentLocationMapProps {
  /** Where the picture was taken, in degrees (EPSG:4326). */
  lon: number;
  lat: number;
  label: string;
}

/** The map is centred on the picture at this resolution (metres per pixel), 100 ms after it opens (§2). */
export const photoMapResolution = 15;
export const photoMapCentreDelayMs = 100;

/** A small map of where a picture was taken, on a basemap with labels, with the picture marker. */
export function DocumentLocationMap({ lon, lat, label }: DocumentLocationMapProps) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!target.current) return;
    const place = fromLonLat([lon, lat]);
    const marker = new VectorLayer({
      source: new VectorSource({ features: [new Feature(new Point(place))] }),
      style: pictureMarkerStyle(),
    });
    const view = new View({ center: place, resolution: photoMapResolution });
    const map = new OlMap({
      target: target.current,
      layers: [new TileLayer({ source: new OSM() }), marker],
      view,
    });
    // The popup is still being laid out when the map starts: centre again once it has its size.
    const timer = window.setTimeout(() => {
      map.updateSize();
      view.setCenter(place);
      view.setResolution(photoMapResolution);
    }, photoMapCentreDelayMs);
    return () => {
      window.clearTimeout(timer);
      map.setTarget(undefined);
      map.dispose();
    };
  }, [lon, lat]);
  // A group rather than a picture: the map holds its zoom buttons and the basemap's attribution, which a
  // picture may not contain (axe: nested-interactive).
  return (
    <div
      ref={target}
      role="group"
      aria-label={label}
      data-lon={lon}
      data-lat={lat}
      style={{ height: 180, width: '100%' }}
    />
  );
}
