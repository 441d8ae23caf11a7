import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, signInByApi } from '../support/apiSession.ts';
import { useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import {
  holding,
  middleOf,
  openMap,
  owner,
  type ApiField,
  type LonLat,
  type MapPage,
} from '../support/mapPage.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// Data layers on the map (fields-croppings-maps §2, §4, §9) against the real server, on Wold Farm of the demo
// seed: the layers are made through the API by the test, then shown, read and edited in the browser.
const running = useServer();
const pages = usePages(useBrowser(), running);
const testTimeoutMs = 240_000;

interface FieldWithHolding extends ApiField {
  HoldingId: number;
}

/** Opens Wold Farm for the owner over HTTP: the holding session's token and the holding's id. */
async function openHolding(): Promise<{ token: string; holdingId: number }> {
  const account = await signInByApi(running.server.url, owner);
  const found = await callApi<{ HoldingId: number; TradingName: string }[]>(
    running.server.url,
    account,
    'GET',
    `/api/session/v1/holdings/query?query=${encodeURIComponent(holding)}`,
  );
  const holdingId = found.find((each) => each.TradingName === holding)!.HoldingId;
  const opened = await callApi<{ Token: string }>(
    running.server.url,
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
function box([west, south]: LonLat, [east, north]: LonLat): string {
  return `POLYGON((${west} ${south},${east} ${south},${east} ${north},${west} ${north},${west} ${south}))`;
}

/** Three strips side by side around the middle of a field, each about 30 m by 60 m. */
function strips(field: ApiField): string[] {
  const [lon, lat] = middleOf(field);
  const width = 0.00045;
  const height = 0.00027;
  return [0, 1, 2].map((index) =>
    box([lon + (index - 1.5) * width, lat - height], [lon + (index - 0.5) * width, lat + height]),
  );
}

async function fieldsAndYear(
  token: string,
  holdingId: number,
): Promise<{ field: FieldWithHolding; year: number }> {
  const fields = (await callApi<ApiField[]>(running.server.url, token, 'GET', '/api/fields/v1')).map(
    (each) => ({
      ...each,
      HoldingId: holdingId,
    }),
  );
  const field = fields.find((each) => each.Boundary && each.Croppings.length > 0);
  if (!field) throw new Error('Wold Farm has no cropped field with a boundary');
  return { field, year: field.Croppings[0]!.YearId };
}

async function createSoilLayer(
  token: string,
  field: FieldWithHolding,
  year: number,
  name: string,
  unit: 'Index' | 'Ppm',
  values: number[],
): Promise<{ DataLayerId: number }> {
  return callApi(running.server.url, token, 'POST', '/api/layers/v1', {
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

async function showLayer(mapPage: MapPage, name: string): Promise<void> {
  await mapPage.button('Data layers').click();
  const tree = mapPage.dialog('Data layers');
  await tree.waitFor();
  await tree.getByRole('checkbox', { name: `Show ${name}` }).check();
  await capture(mapPage.page, `layers-tree-${name.replace(/\W+/g, '-').toLowerCase()}`);
  await tree.getByRole('button', { name: 'Close' }).click();
  await tree.waitFor({ state: 'hidden' });
  await mapPage.settled((state) => Number(state.dataLayers) >= 1);
}

function legend(page: Page): Locator {
  return page.getByRole('region', { name: 'Key legend' });
}

/** Sets a Mantine slider by keyboard: Home, then the arrow as many times as the value. */
async function setSlider(slider: Locator, value: number): Promise<void> {
  await slider.focus();
  await slider.press('Home');
  for (let step = 0; step < value; step += 1) await slider.press('ArrowRight');
}

describe('data layers on the map', () => {
  it(
    "shows a field's P index layer with its legend bands, and hides its labels under 20 % opacity",
    async () => {
      const { token, holdingId } = await openHolding();
      const { field, year } = await fieldsAndYear(token, holdingId);
      await createSoilLayer(token, field, year, 'P index test', 'Index', [0, 2, 4]);

      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      await showLayer(mapPage, 'P index test');
      const key = legend(page);
      await key.waitFor();
      const bands = key.getByRole('list', { name: 'P index test' }).getByRole('listitem');
      expect(await bands.allInnerTexts()).toEqual(['0', '1', '2', '3', '4', '5+']);
      await expect.poll(async () => Number((await mapPage.state()).zoneLabels)).toBe(3);
      await capture(page, 'layers-01-p-index');

      // Hovering a zone shows its details.
      const [x, y] = await mapPage.pixelOf(middleOf(field));
      await page.mouse.move(x + 5, y + 5);
      const details = page.getByRole('status', { name: 'Details' });
      await details.waitFor();
      expect(await details.innerText()).toContain('P index test');

      await setSlider(key.getByRole('slider', { name: 'Opacity' }), 15);
      expect(await key.getByText('Opacity: 15 %').count()).toBe(1);
      await expect.poll(async () => Number((await mapPage.state()).zoneLabels)).toBe(0);
      await capture(page, 'layers-02-opacity-15');

      await setSlider(key.getByRole('slider', { name: 'Opacity' }), 20);
      await expect.poll(async () => Number((await mapPage.state()).zoneLabels)).toBe(3);
    },
    testTimeoutMs,
  );
});
