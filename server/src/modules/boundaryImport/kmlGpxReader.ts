import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import {
  ImportFileError,
  wgs84Crs,
  type ImportedLayer,
  type ImportedSourceFeature,
  type PolygonCoordinates,
} from './importedLayer.ts';
import { polygonsOf, propertiesOf } from './geoJsonReader.ts';

/** Style members @tmcw/togeojson copies from KML styles: they cannot name a field. */
const styleProperties = new Set([
  'styleUrl',
  'styleHash',
  'styleMapHash',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'fill',
  'fill-opacity',
  'icon',
  'icon-opacity',
  'icon-scale',
  'icon-color',
  'icon-heading',
  'icon-offset',
  'icon-offset-units',
  'label-color',
  'label-opacity',
  'label-scale',
  'visibility',
  'timespan',
  'timestamp',
  '_gpxType',
  'coordinateProperties',
]);

/** A GPS track walked round a field ends within this many metres of where it started. */
const closedTrackMetres = 25;

function metresBetween(a: number[], b: number[]): number {
  const toRadians = Math.PI / 180;
  const x = (b[0]! - a[0]!) * toRadians * Math.cos(((a[1]! + b[1]!) / 2) * toRadians);
  const y = (b[1]! - a[1]!) * toRadians;
  return Math.hypot(x, y) * 6_371_000;
}

/** A track or route that comes back to its start is a walked boundary: its line becomes a polygon. */
function walkedBoundary(geometry: unknown): PolygonCoordinates[] {
  const line = geometry as { type?: string; coordinates?: unknown } | null;
  const lines =
    line?.type === 'LineString'
      ? [line.coordinates as number[][]]
      : line?.type === 'MultiLineString'
        ? (line.coordinates as number[][][])
        : [];
  return lines.flatMap((points) => {
    if (!Array.isArray(points) || points.length < 4) return [];
    const ring = points.map((point) => [point[0]!, point[1]!]);
    if (metresBetween(ring[0]!, ring.at(-1)!) > closedTrackMetres) return [];
    return [[[...ring, ring[0]!]]];
  });
}

/**
 * Reads KML (also from a KMZ) or GPX with @tmcw/togeojson, always longitudes and latitudes. A document type
 * declaration is refused before parsing: entities could expand a small file into a huge document.
 */
export function readKmlOrGpx(text: string, format: 'kml' | 'gpx'): ImportedLayer {
  const upper = format.toUpperCase();
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new ImportFileError('xmlFileDoctype', { kind: upper });
  }
  let wellFormed = true;
  let document: ReturnType<DOMParser['parseFromString']> | undefined;
  try {
    document = new DOMParser({
      errorHandler: (level: string, _message: string) => {
        if (level !== 'warning') wellFormed = false;
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    wellFormed = false;
  }
  if (!wellFormed || !document?.documentElement) {
    throw new ImportFileError('xmlNotWellFormed', { kind: upper });
  }
  let collection: { features: { geometry: unknown; properties: unknown }[] };
  try {
    collection = format === 'kml' ? kml(document as never) : gpx(document as never);
  } catch {
    throw new ImportFileError('xmlUnreadable', { kind: upper });
  }
  const features = collection.features.map((feature): ImportedSourceFeature => {
    const polygons = format === 'gpx' ? walkedBoundary(feature.geometry) : polygonsOf(feature.geometry);
    const properties = propertiesOf(feature.properties);
    for (const name of styleProperties) delete properties[name];
    return { properties, polygons: polygons.length > 0 ? polygons : null };
  });
  return { format, crs: wgs84Crs, features };
}
