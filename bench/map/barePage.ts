/*
 * The bare page of the map benchmark: the same fields list drawn as a plain OpenLayers page would draw it. One
 * vector layer, the boundaries read with the stock GeoJSON reader, one fill style per crop, and the app's default
 * labels (field name and crop name) decluttered at resolution 10 or finer through one shared text style, as
 * OpenLayers' own label examples do. No base map, controls or interactions beyond the defaults.
 */
import 'ol/ol.css';
import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import Text from 'ol/style/Text.js';
import type { DrivenMap } from './pageDriver.ts';

interface ApiField {
  Name: string;
  Boundary: unknown;
  Croppings: { CropId: number; Crop: { Name: string } }[];
}

const palette = ['#e6be5a', '#c8a04b', '#8fbf5a', '#5aa0c8', '#b45ac8', '#c85a5a', '#5ac8a0', '#d2d250'];
const labelMaxResolution = 10;

const params = new URLSearchParams(window.location.search);
const target = document.getElementById('map')!;
target.style.width = `${params.get('width') ?? 1280}px`;
target.style.height = `${params.get('height') ?? 800}px`;

const source = new VectorSource<Feature<MultiPolygon>>();
const stroke = new Stroke({ color: 'rgba(40, 40, 40, 0.85)', width: 1 });
const fills = new Map<number, Style>();
const label = new Style({
  text: new Text({
    font: `600 14px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
    fill: new Fill({ color: '#1b1b1b' }),
    stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 }),
    overflow: true,
  }),
});

function fillOf(cropId: number): Style {
  let style = fills.get(cropId);
  if (!style) {
    const colour = palette[Math.abs(cropId) % palette.length]!;
    style = new Style({ fill: new Fill({ color: `${colour}80` }), stroke });
    fills.set(cropId, style);
  }
  return style;
}

const layer = new VectorLayer({
  source,
  declutter: true,
  style: (feature, resolution) => {
    const fill = fillOf(feature.get('cropId') as number);
    if (resolution > labelMaxResolution) return fill;
    label.getText()!.setText(feature.get('label') as string);
    return [fill, label];
  },
});

const map = new OlMap({
  target,
  layers: [layer],
  view: new View({ center: [0, 0], zoom: 5, minZoom: 5, maxZoom: 22 }),
});

const fields = { source } as unknown as DrivenMap['fields'];
window.bareFieldMap = { map, fields };

const reader = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
const response = await fetch(params.get('data') ?? 'fields.json');
const list = (await response.json()) as ApiField[];
const features: Feature<MultiPolygon>[] = [];
for (const field of list) {
  if (!field.Boundary) continue;
  const geometry = reader.readGeometry(field.Boundary) as MultiPolygon;
  const croppings = field.Croppings.length > 0 ? field.Croppings : [null];
  for (const cropping of croppings) {
    const feature = new Feature(geometry);
    feature.setProperties(
      {
        cropId: cropping?.CropId ?? 0,
        label: cropping ? `${field.Name}\n${cropping.Crop.Name}` : field.Name,
      },
      true,
    );
    features.push(feature);
  }
}
source.addFeatures(features);
map.getView().fit(source.getExtent()!, { padding: [20, 20, 20, 20] });

declare global {
  interface Window {
    bareFieldMap?: DrivenMap;
  }
}
