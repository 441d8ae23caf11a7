import proj4 from 'proj4';
import Projection from 'ol/proj/Projection.js';
import { addCoordinateTransforms, addProjection, get as getProjection, transformExtent } from 'ol/proj.js';
import type { Extent } from 'ol/extent.js';

/** The projection the map is drawn in (Web Mercator). */
export const viewProjection = 'EPSG:3857';
/** The projection the API reads and writes boundaries in (WGS 84, lon/lat degrees). */
export const dataProjection = 'EPSG:4326';
/** The British National Grid, the main brand's coordinate system and its measuring grid. */
export const nationalGridProjection = 'EPSG:27700';

/**
 * EPSG:27700 with the OSGB36 datum shift to WGS 84 (the seven-parameter Helmert transformation published by
 * Ordnance Survey), good to a few metres: enough for measuring, not for surveying.
 */
const nationalGridDefinition =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

/** The grid's own bounds in metres (false origin to the far north of Shetland). */
const nationalGridBounds: Extent = [0, 0, 700_000, 1_300_000];

/**
 * Makes EPSG:27700 known to OpenLayers, with its transforms to and from the data and view projections.
 * Projections live in one registry per page (OpenLayers' and proj4's), so this is idempotent rather than per
 * map. OpenLayers' `register(proj4)` is not used: it pairs every one of proj4's 130 built-in definitions with
 * every other, which took a few hundred milliseconds of the map's first render for two transforms.
 */
export function registerProjections(): void {
  if (getProjection(nationalGridProjection)) return;
  proj4.defs(nationalGridProjection, nationalGridDefinition);
  addProjection(new Projection({ code: nationalGridProjection, units: 'm', extent: nationalGridBounds }));
  for (const code of [dataProjection, viewProjection]) {
    const converter = proj4(code, nationalGridProjection);
    addCoordinateTransforms(
      code,
      nationalGridProjection,
      (coordinate) => converter.forward(coordinate),
      (coordinate) => converter.inverse(coordinate),
    );
  }
}

/** A [west, south, east, north] extent in EPSG:4326 as an extent of the view (EPSG:3857). */
export function viewExtentFromLonLat(extent: readonly [number, number, number, number]): Extent {
  return transformExtent([...extent], dataProjection, viewProjection);
}
