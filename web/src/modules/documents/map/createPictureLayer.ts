import Feature from 'ol/Feature.js';
import type OlMap from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import Cluster from 'ol/source/Cluster.js';
import VectorSource from 'ol/source/Vector.js';
import { boundingExtent } from 'ol/extent.js';
import { fromLonLat } from 'ol/proj.js';
import CircleStyle from 'ol/style/Circle.js';
import Fill from 'ol/style/Fill.js';
import Stroke from 'ol/style/Stroke.js';
import Style from 'ol/style/Style.js';
import Text from 'ol/style/Text.js';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import { markerIconPx, pictureMarkerStyle } from './pictureMarker.ts';

/** At most this many pictures are drawn, the newest (fields-croppings-maps §9, point cluster cap). */
export const pictureLayerCap = 200;
/** Pictures closer than this many pixels are drawn as one cluster (§9, cluster distance). */
export const pictureClusterDistancePx = 10;

export interface PictureLayerOptions {
  map: OlMap;
  /** Called when a single picture is clicked. */
  onOpen(document: ImportDocument): void;
}

export interface PictureLayer {
  readonly layer: VectorLayer<Cluster<Feature<Point>>>;
  /** Replaces the pictures shown: the geotagged ones among `documents`, at most the cap, newest first. */
  setDocuments(documents: readonly ImportDocument[]): void;
  /** How many pictures the layer holds. */
  count(): number;
  dispose(): void;
}

/** The geotagged pictures among documents, newest first, at most the cap. */
export function geotaggedPictures(documents: readonly ImportDocument[]): ImportDocument[] {
  return documents
    .filter((document) => document.Kind === 'picture' && document.ExifLocation !== null)
    .sort((a, b) => (a.UploadDate < b.UploadDate ? 1 : a.UploadDate > b.UploadDate ? -1 : 0))
    .slice(0, pictureLayerCap);
}

function clusterStyle(size: number): Style[] {
  return [
    pictureMarkerStyle(),
    new Style({
      image: new CircleStyle({
        radius: 9,
        displacement: [markerIconPx.width / 2, markerIconPx.height],
        fill: new Fill({ color: '#b3261e' }),
        stroke: new Stroke({ color: '#ffffff', width: 1.5 }),
      }),
      text: new Text({
        text: String(size),
        offsetX: markerIconPx.width / 2,
        offsetY: -markerIconPx.height,
        font: 'bold 11px sans-serif',
        fill: new Fill({ color: '#ffffff' }),
      }),
    }),
  ];
}

/**
 * The picture layer: each geotagged picture as the marker pin at the place it was taken, clustered when pins
 * would overlap. A click on a pin opens the picture; a click on a cluster zooms to its pictures.
 */
export function createPictureLayer(options: PictureLayerOptions): PictureLayer {
  const points = new VectorSource<Feature<Point>>();
  const source = new Cluster<Feature<Point>>({ source: points, distance: pictureClusterDistancePx });
  const single = pictureMarkerStyle();
  const layer = new VectorLayer({
    source,
    zIndex: 50,
    style: (feature) => {
      const members = (feature.get('features') as Feature<Point>[] | undefined) ?? [];
      return members.length > 1 ? clusterStyle(members.length) : single;
    },
  });
  options.map.addLayer(layer);

  const handleClick = (event: MapBrowserEvent) => {
    const hit = options.map.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
      layerFilter: (candidate) => candidate === layer,
      hitTolerance: 4,
    });
    if (!hit) return;
    const members = (hit.get('features') as Feature<Point>[] | undefined) ?? [];
    if (members.length === 1) {
      options.onOpen(members[0]!.get('document') as ImportDocument);
      return;
    }
    if (members.length > 1) {
      const extent = boundingExtent(members.map((member) => member.getGeometry()!.getCoordinates()));
      options.map.getView().fit(extent, { padding: [80, 80, 80, 80], duration: 250, maxZoom: 21 });
    }
  };
  options.map.on('singleclick', handleClick);

  return {
    layer,
    setDocuments(documents) {
      points.clear(true);
      points.addFeatures(
        geotaggedPictures(documents).map((document) => {
          const feature = new Feature(
            new Point(fromLonLat([document.ExifLocation!.Lon, document.ExifLocation!.Lat])),
          );
          feature.set('document', document);
          feature.setId(document.ImportDocumentId);
          return feature;
        }),
      );
    },
    count: () => points.getFeatures().length,
    dispose() {
      options.map.un('singleclick', handleClick);
      options.map.removeLayer(layer);
      points.clear(true);
    },
  };
}
