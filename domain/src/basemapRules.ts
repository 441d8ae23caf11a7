/**
 * A holding's custom base maps (fields-croppings-maps §3 Custom basemap: Name, Url, Extent, ZoomMin, ZoomMax; §6:
 * Master and above see them). The rules of one base map, as codes with parameters, used by the form and by the
 * server alike; the translations (`map.basemapForm.problems.*`) and `basemapProblemText` give the words.
 */

export const basemapNameMaxLength = 100;
export const basemapUrlMaxLength = 2000;
/** The zoom levels a base map may be limited to: those the map can show. */
export const basemapZoomMin = 0;
export const basemapZoomMax = 22;
/** Base maps a holding may keep. */
export const basemapsPerHolding = 20;

/** How the map reads a base map's tiles: an {x}/{y}/{z} tile template, or a WMS GetMap address. */
export type CustomBasemapKind = 'xyz' | 'wms';

/** The kind of tile address `url` is, or null when it is neither an https tile template nor an https WMS. */
export function customBasemapKind(url: string): CustomBasemapKind | null {
  let parsed: URL;
  try {
    // The placeholders are not valid in a host name; they are checked on the text, not the parsed address.
    parsed = new URL(url.replace(/\{[xyz-]+\}/g, '0'));
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return null;
  if (url.includes('{x}') && (url.includes('{y}') || url.includes('{-y}')) && url.includes('{z}'))
    return 'xyz';
  const query = new Map([...parsed.searchParams].map(([key, value]) => [key.toLowerCase(), value]));
  if (query.get('service')?.toUpperCase() === 'WMS' && query.get('layers')) return 'wms';
  return null;
}

export type BasemapField = 'Name' | 'Url' | 'Extent' | 'ZoomMin' | 'ZoomMax';

export type BasemapProblemCode =
  | 'nameRequired'
  | 'nameTooLong'
  | 'urlRequired'
  | 'urlTooLong'
  | 'urlNotTemplate'
  | 'extentInvalid'
  | 'zoomOutOfRange'
  | 'zoomOrder'
  | 'tooManyBasemaps';

export interface BasemapProblem {
  field: BasemapField;
  code: BasemapProblemCode;
  params: Record<string, number>;
}

/** A base map as the form and the API give it. */
export interface CustomBasemapValues {
  Name: string;
  Url: string;
  /** [west, south, east, north] in EPSG:4326 degrees, or null for the whole world. */
  Extent: readonly number[] | null;
  ZoomMin: number | null;
  ZoomMax: number | null;
}

const isZoom = (value: number | null) =>
  value === null || (Number.isInteger(value) && value >= basemapZoomMin && value <= basemapZoomMax);

/** Whether `extent` is [west, south, east, north] in degrees, west of east and south of north. */
export function isValidExtent(extent: readonly number[]): boolean {
  if (extent.length !== 4 || extent.some((value) => !Number.isFinite(value))) return false;
  const [west, south, east, north] = extent as [number, number, number, number];
  const lonOk = (lon: number) => lon >= -180 && lon <= 180;
  const latOk = (lat: number) => lat >= -90 && lat <= 90;
  return lonOk(west) && lonOk(east) && latOk(south) && latOk(north) && west < east && south < north;
}

/** Every problem of a base map, in form order; none means it may be saved. */
export function validateCustomBasemap(values: CustomBasemapValues): BasemapProblem[] {
  const problems: BasemapProblem[] = [];
  const add = (field: BasemapField, code: BasemapProblemCode, params: Record<string, number> = {}) =>
    problems.push({ field, code, params });
  const name = values.Name.trim();
  if (!name) add('Name', 'nameRequired');
  else if (name.length > basemapNameMaxLength) add('Name', 'nameTooLong', { max: basemapNameMaxLength });
  const url = values.Url.trim();
  if (!url) add('Url', 'urlRequired');
  else if (url.length > basemapUrlMaxLength) add('Url', 'urlTooLong', { max: basemapUrlMaxLength });
  else if (customBasemapKind(url) === null) add('Url', 'urlNotTemplate');
  if (values.Extent !== null && !isValidExtent(values.Extent)) add('Extent', 'extentInvalid');
  const zoomRange = { min: basemapZoomMin, max: basemapZoomMax };
  if (!isZoom(values.ZoomMin)) add('ZoomMin', 'zoomOutOfRange', zoomRange);
  if (!isZoom(values.ZoomMax)) add('ZoomMax', 'zoomOutOfRange', zoomRange);
  else if (
    isZoom(values.ZoomMin) &&
    values.ZoomMin !== null &&
    values.ZoomMax !== null &&
    values.ZoomMin > values.ZoomMax
  )
    add('ZoomMax', 'zoomOrder');
  return problems;
}

/** The English words of a problem, as the API answers them. */
export function basemapProblemText(problem: Pick<BasemapProblem, 'code' | 'params'>): string {
  const { params } = problem;
  switch (problem.code) {
    case 'nameRequired':
      return 'Name is required.';
    case 'nameTooLong':
      return `Name cannot be longer than ${params.max} characters.`;
    case 'urlRequired':
      return 'Url is required.';
    case 'urlTooLong':
      return `Url cannot be longer than ${params.max} characters.`;
    case 'urlNotTemplate':
      return 'Url must be an https tile address with {x}, {y} and {z}, or an https WMS address with its LAYERS.';
    case 'extentInvalid':
      return 'Extent must be four numbers in degrees: west, south, east and north, west of east and south of north.';
    case 'zoomOutOfRange':
      return `Zoom levels must be whole numbers from ${params.min} to ${params.max}.`;
    case 'zoomOrder':
      return 'ZoomMax cannot be lower than ZoomMin.';
    case 'tooManyBasemaps':
      return `A holding can keep at most ${params.max} base maps.`;
  }
}
