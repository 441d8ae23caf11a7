import { callApi, signInByApi } from './apiSession.ts';
import { capture } from './capture.ts';
import { holding, middleOf, owner, type ApiField, type LonLat, type MapPage } from './mapPage.ts';

// Data layers made over HTTP on Wold Farm of the demo seed, for the tests that then show or edit them.

export interface FieldWithHolding extends ApiField {
  HoldingId: number;
}

/** Opens Wold Farm for the owner over HTTP: the holding session's token and the holding's id. */
export async function openHolding(baseUrl: string): Promise<{ token: string; holdingId: number }> {
  const account = await signInByApi(baseUrl, owner);
  const found = await callApi<{ HoldingId: number; TradingName: string }[]>(
    baseUrl,
    account,
    'GET',
    `/api/session/v1/holdings/query?query=${encodeURIComponent(holding)}`,
  );
  const holdingId = found.find((each) => each.TradingName === holding)!.HoldingId;
  const opened = await callApi<{ Token: string }>(
    baseUrl,
    account,
    'POST',
    '/api/session/v1/holdings/select',
    {
      holdingId,
      reuseSession: false,
    },
  );
  return { token: opened.Token, holdingId };
}

/** A lon/lat rectangle as WKT. */
export function box([west, south]: LonLat, [east, north]: LonLat): string {
  return `POLYGON((${west} ${south},${east} ${south},${east} ${north},${west} ${north},${west} ${south}))`;
}

/** Three strips side by side around the middle of a field, each about 30 m by 60 m. */
export function strips(field: ApiField): string[] {
  const [lon, lat] = middleOf(field);
  const width = 0.00045;
  const height = 0.00027;
  return [0, 1, 2].map((index) =>
    box([lon + (index - 1.5) * width, lat - height], [lon + (index - 0.5) * width, lat + height]),
  );
}

/** The first cropped field with a boundary that `pick` accepts, and the year of its first cropping. */
export async function fieldsAndYear(
  baseUrl: string,
  token: string,
  holdingId: number,
  pick: (field: ApiField) => boolean = () => true,
): Promise<{ field: FieldWithHolding; year: number }> {
  const fields = (await callApi<ApiField[]>(baseUrl, token, 'GET', '/api/fields/v1')).map((each) => ({
    ...each,
    HoldingId: holdingId,
  }));
  const field = fields.find((each) => each.Boundary && each.Croppings.length > 0 && pick(each));
  if (!field) throw new Error('Wold Farm has no cropped field with a boundary');
  return { field, year: field.Croppings[0]!.YearId };
}

/** A soil phosphorus layer of three strips on the field, valued in the given order. */
export async function createSoilLayer(
  baseUrl: string,
  token: string,
  field: FieldWithHolding,
  year: number,
  name: string,
  unit: 'Index' | 'Ppm',
  values: number[],
): Promise<{ DataLayerId: number }> {
  return callApi(baseUrl, token, 'POST', '/api/layers/v1', {
    TypeId: 11,
    Scope: 1,
    HoldingId: field.HoldingId,
    FieldId: field.FieldId,
    Year: year,
    Name: name,
    Unit: unit,
    ShowStroke: true,
    Zones: strips(field).map((wkt, index) => ({
      Number: index + 1,
      Value: values[index],
      Geometry: { WellKnownText: wkt, CoordinateSystemId: 4326 },
    })),
  });
}

/** Ticks a layer in the Data layers tree and waits for the map to draw it. */
export async function showLayer(mapPage: MapPage, name: string): Promise<void> {
  await mapPage.button('Data layers').click();
  const tree = mapPage.dialog('Data layers');
  await tree.waitFor();
  await tree.getByRole('checkbox', { name: `Show ${name}` }).check();
  await capture(mapPage.page, `layers-tree-${name.replace(/\W+/g, '-').toLowerCase()}`);
  await tree.getByRole('button', { name: 'Close', exact: true }).click();
  await tree.waitFor({ state: 'hidden' });
  await mapPage.settled((state) => Number(state.dataLayers) >= 1);
}
