import type { BrowserContextOptions, Locator, Page, Response } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppShellPage } from '../support/appShellPage.ts';
import { newPage, screenshot, useBrowser } from '../support/browser.ts';
import { LoginPage, stepTimeoutMs } from '../support/loginPage.ts';
import { useServer } from '../support/server.ts';

// The Map layers module (fields-croppings-maps §2 Map view, §4 Map edit modes, §9 Map) against the real server
// and its demo seed, on Wold Farm as its owner. The machine has no network: no base map tile ever loads, which
// the map must say once while still drawing every field.
const running = useServer();
const chromium = useBrowser();

const testTimeoutMs = 180_000;
const owner = 'client@headland.example';
/** The demo agronomist of Wold Farm: fields rights, and the GeolocationInfo property (README, Demo logins). */
const agronomist = 'agronomist@headland.example';
const holding = 'Wold Farm';
/** The crop of the main brand's margins (domain/src/crops.ts). */
const grassMarginCropId = 1083;

/** Winter wheat, the commonest crop of Wold Farm's rotation (domain/src/crops.ts). */
const winterWheat: Rgb = [230, 190, 90];

type Rgb = [number, number, number];
type LonLat = [lon: number, lat: number];

/** A field as GET /api/fields/v1 answers it, as far as these tests read it. */
interface ApiField {
  FieldId: number;
  Name: string;
  Boundary: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
  BoundaryArea: number | null;
  Croppings: ApiCropping[];
}

/** A cropping as the fields list answers it, as far as these tests read it. */
interface ApiCropping {
  CroppingId: number;
  FieldId: number;
  YearId: number;
  CropId: number;
  Area: number | null;
  Crop: { Name: string };
  Boundary: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
}

const pages: Page[] = [];
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

/** The map page: its canvas and state, its buttons and panels, and pixels for lon/lat positions. */
class MapPage {
  /** The last field list the page loaded. */
  fields: ApiField[] = [];

  constructor(readonly page: Page) {
    page.on('response', (response) => void this.capture(response));
  }

  private async capture(response: Response): Promise<void> {
    const url = new URL(response.url());
    if (url.pathname !== '/api/fields/v1' || response.request().method() !== 'GET' || !response.ok()) return;
    try {
      this.fields = (await response.json()) as ApiField[];
    } catch {
      // A response of a page that has gone away has no body left to read.
    }
  }

  get map(): Locator {
    return this.page.getByRole('region', { name: 'Map' });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async state(): Promise<Record<string, string>> {
    return this.map.evaluate(
      (element) => ({ ...(element as HTMLElement).dataset }) as Record<string, string>,
    );
  }

  /** Waits until the map has drawn after its last change and answers its state. */
  async settled(
    check: (state: Record<string, string>) => boolean = () => true,
  ): Promise<Record<string, string>> {
    let last: Record<string, string> = {};
    await expect
      .poll(
        async () => {
          last = await this.state();
          return last.rendered === 'true' && check(last);
        },
        { timeout: stepTimeoutMs, interval: 250 },
      )
      .toBe(true);
    // The state is written 150 ms after the last frame; one more beat lets a pending frame land.
    await this.page.waitForTimeout(300);
    return this.state();
  }

  /** The page pixel of a lon/lat, from the view's centre and resolution (spherical Mercator). */
  async pixelOf([lon, lat]: LonLat): Promise<[number, number]> {
    const state = await this.state();
    const box = (await this.map.boundingBox())!;
    const radius = 6_378_137;
    const x = (radius * lon * Math.PI) / 180;
    const y = radius * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    const resolution = Number(state.resolution);
    return [
      box.x + box.width / 2 + (x - Number(state.centerX)) / resolution,
      box.y + box.height / 2 - (y - Number(state.centerY)) / resolution,
    ];
  }

  /** Metres on the ground per screen pixel at the view's centre. */
  async groundResolution(): Promise<number> {
    const state = await this.state();
    return Number(state.resolution) * Math.cos((Number(state.centerLat) * Math.PI) / 180);
  }

  /**
   * What the map's canvases hold: the share of the map covered by anything drawn, and how many pixels carry a
   * given crop colour at the cropping fill's half opacity.
   */
  async pixels(
    crop: Rgb = winterWheat,
    alphaRange: [number, number] = [100, 160],
  ): Promise<{ coverage: number; cropPixels: number }> {
    return this.page.evaluate(
      ([element, colour, [minAlpha, maxAlpha]]) => {
        const canvases = Array.from(element!.querySelectorAll('canvas')).filter((canvas) => canvas.width > 0);
        const width = Math.max(...canvases.map((canvas) => canvas.width));
        const height = Math.max(...canvases.map((canvas) => canvas.height));
        const covered = new Uint8Array(width * height);
        let cropPixels = 0;
        for (const canvas of canvases) {
          const context = canvas.getContext('2d');
          if (!context) continue;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          for (let index = 0; index < canvas.width * canvas.height; index++) {
            const alpha = data[index * 4 + 3]!;
            if (alpha < 24) continue;
            covered[index] = 1;
            const near = (offset: number) => Math.abs(data[index * 4 + offset]! - colour[offset]!) <= 24;
            if (alpha > minAlpha && alpha < maxAlpha && near(0) && near(1) && near(2)) cropPixels++;
          }
        }
        const coverage = covered.reduce((sum, value) => sum + value, 0) / (width * height);
        return { coverage, cropPixels };
      },
      [await this.map.elementHandle(), crop, alphaRange] as const,
    );
  }

  async openOptions(): Promise<Locator> {
    await this.button('Map options').click();
    const dialog = this.dialog('Map options');
    await dialog.waitFor();
    return dialog;
  }

  /** Right-clicks at a lon/lat and answers the context menu that opens. */
  async contextMenuAt(position: LonLat): Promise<Locator> {
    const [x, y] = await this.pixelOf(position);
    await this.page.mouse.click(x, y, { button: 'right' });
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }
}

async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await newPage(chromium.browser, running.server.url, options);
  page.setDefaultTimeout(stepTimeoutMs);
  page.setDefaultNavigationTimeout(stepTimeoutMs);
  pages.push(page);
  return page;
}

/** Signs the owner (or `email`) in to Wold Farm and opens Map layers from the main menu, once the fields are drawn. */
async function openMap(page: Page, email = owner): Promise<MapPage> {
  const mapPage = new MapPage(page);
  const login = new LoginPage(page);
  await login.open();
  const picker = await login.signInToHoldingStep(email);
  await picker.choose(holding);
  await picker.confirm();
  const shell = new AppShellPage(page);
  await shell.dashboardHeading(holding).waitFor({ timeout: stepTimeoutMs });
  await shell.menuEntry('Map layers').click();
  await mapPage.settled((state) => Number(state.fieldsInView) > 0);
  return mapPage;
}

async function capture(page: Page, name: string): Promise<void> {
  // A text id English lacks shows as '(?id)'.
  expect(await page.locator('body').innerText()).not.toMatch(/\(\?[\w.-]+\)/);
  await screenshot(page, name, { fullPage: false });
}

function outerRing(field: ApiField): LonLat[] {
  return field.Boundary!.coordinates[0]![0]!.map(([lon, lat]) => [lon!, lat!]);
}

/** The average of a field's corners: inside the demo's four-sided fields. */
function middleOf(field: ApiField): LonLat {
  const ring = outerRing(field).slice(0, -1);
  return [
    ring.reduce((sum, [lon]) => sum + lon, 0) / ring.length,
    ring.reduce((sum, [, lat]) => sum + lat, 0) / ring.length,
  ];
}

function fieldNamed(mapPage: MapPage, name: string): ApiField {
  const field = mapPage.fields.find((each) => each.Name === name);
  if (!field) throw new Error(`${name} is not among the fields`);
  return field;
}

describe('the map of a holding', () => {
  it(
    'draws every field and cropping of the year, and says once that the base map is unavailable',
    async () => {
      const mapPage = await openMap(await openPage());
      const state = await mapPage.settled();
      const withBoundary = mapPage.fields.filter((field) => field.Boundary !== null);
      expect(withBoundary.length).toBeGreaterThan(20);
      expect(Number(state.fieldsInView)).toBe(withBoundary.length);
      expect(Number(state.croppingsInView)).toBe(withBoundary.flatMap((field) => field.Croppings).length);

      // The canvases, not only the DOM: most of the map is covered, and winter wheat shows in its colour.
      const { coverage, cropPixels } = await mapPage.pixels(winterWheat);
      expect(coverage).toBeGreaterThan(0.4);
      expect(cropPixels).toBeGreaterThan(5_000);

      // No tiles load here: one notice, however many tiles failed.
      const notice = mapPage.page.getByRole('status').filter({ hasText: 'The base map is unavailable' });
      await notice.waitFor();
      expect(await notice.count()).toBe(1);
      expect(await mapPage.button('Holding extent').isVisible()).toBe(true);
      expect(await mapPage.button('Reset rotation').count()).toBe(1);
      await capture(mapPage.page, 'map-01-holding');
    },
    testTimeoutMs,
  );

  it(
    'shows a tooltip with name, crop and area, and a context menu for the field under the pointer',
    async () => {
      const mapPage = await openMap(await openPage());
      const field = mapPage.fields.find((each) => each.Croppings.length === 1 && each.Boundary)!;
      const [x, y] = await mapPage.pixelOf(middleOf(field));
      await mapPage.page.mouse.move(x, y);
      const tooltip = mapPage.page.getByRole('tooltip');
      await tooltip.waitFor();
      const text = await tooltip.innerText();
      expect(text).toContain(field.Name);
      expect(text).toMatch(/\d+\.\d\d ha/);
      await capture(mapPage.page, 'map-02-tooltip');

      const menu = await mapPage.contextMenuAt(middleOf(field));
      expect(await menu.getAttribute('aria-label')).toBe(`Actions for ${field.Name}`);
      const items = await menu.getByRole('menuitem').allInnerTexts();
      // Over the cropping layer: the cropping's own boundary can be edited too.
      expect(items).toEqual([
        'Zoom to field',
        'Edit boundary',
        `Edit boundary of ${field.Croppings[0]!.Crop.Name}`,
        'Margin along boundary',
        'Field details',
      ]);
      await capture(mapPage.page, 'map-03-context-menu');
      await menu.getByRole('menuitem', { name: 'Zoom to field' }).click();
      const zoomed = await mapPage.settled((state) => Number(state.fieldsInView) < 10);
      expect(Number(zoomed.zoom)).toBeGreaterThan(15);
    },
    testTimeoutMs,
  );

  it(
    'selects fields by click, Shift-click and a Shift-drag box, and turns the map back north with the compass',
    async () => {
      const mapPage = await openMap(await openPage());
      const page = mapPage.page;
      const badge = page.getByText(/^\d+ fields? selected$/);
      const [first, second] = ['Middle Field', 'Pond Field'].map((name) => fieldNamed(mapPage, name));
      await page.mouse.click(...(await mapPage.pixelOf(middleOf(first!))));
      await badge.waitFor();
      expect(await badge.textContent()).toBe('1 field selected');
      await page.keyboard.down('Shift');
      await page.mouse.click(...(await mapPage.pixelOf(middleOf(second!))));
      await page.keyboard.up('Shift');
      await expect.poll(() => badge.textContent()).toBe('2 fields selected');
      // The selected outlines are drawn in crimson.
      await mapPage.settled();
      expect((await mapPage.pixels([220, 20, 60], [200, 256])).cropPixels).toBeGreaterThan(200);

      // A box dragged with Shift across the whole farm adds every field.
      const box = (await mapPage.map.boundingBox())!;
      await page.keyboard.down('Shift');
      await page.mouse.move(box.x + 40, box.y + 110);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
      await page.mouse.move(box.x + box.width - 10, box.y + box.height - 10, { steps: 5 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      const withBoundary = mapPage.fields.filter((field) => field.Boundary).length;
      await expect.poll(() => badge.textContent()).toBe(`${withBoundary} fields selected`);
      await capture(page, 'map-04-selection');
      await page.getByRole('button', { name: 'Clear selection' }).click();
      await badge.waitFor({ state: 'hidden' });

      // Alt+Shift drag turns the map; the compass turns it back.
      await page.keyboard.down('Alt');
      await page.keyboard.down('Shift');
      await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 150, { steps: 8 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      await page.keyboard.up('Alt');
      const turned = await mapPage.settled((state) => Math.abs(Number(state.rotation)) > 0.1);
      expect(Math.abs(Number(turned.rotation))).toBeGreaterThan(0.1);
      await mapPage.button('Reset rotation').click();
      await mapPage.settled((state) => Number(state.rotation) === 0);
    },
    testTimeoutMs,
  );

  it(
    'switches layers, labels and base map in Map options, and remembers the choice',
    async () => {
      const page = await openPage();
      let mapPage = await openMap(page);
      const saves: unknown[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/service/settings/save')) saves.push(request.postDataJSON());
      });
      const options = await mapPage.openOptions();
      expect(await options.getByRole('combobox', { name: 'Base map' }).inputValue()).toBe('Street map');
      // The client role may not set label options (roles 1 and 2 only).
      expect(await options.getByRole('checkbox', { name: 'Area' }).isDisabled()).toBe(true);
      expect(await options.getByRole('checkbox', { name: 'Crop name' }).isChecked()).toBe(true);
      await capture(page, 'map-05-options');

      await options.getByRole('switch', { name: 'Croppings' }).uncheck({ force: true });
      let state = await mapPage.settled((each) => each.croppingsInView === '0');
      expect((await mapPage.pixels(winterWheat)).cropPixels).toBe(0);
      expect(Number(state.fieldsInView)).toBeGreaterThan(0);

      await options.getByRole('switch', { name: 'Fields' }).uncheck({ force: true });
      state = await mapPage.settled((each) => each.fieldsInView === '0');
      expect((await mapPage.pixels(winterWheat)).coverage).toBeLessThan(0.01);
      await capture(page, 'map-06-layers-off');

      await options.getByRole('switch', { name: 'Fields' }).check({ force: true });
      await options.getByRole('switch', { name: 'Show labels' }).uncheck({ force: true });
      await mapPage.settled((each) => Number(each.fieldsInView) > 0);
      await options.getByRole('button', { name: 'Close' }).click();
      await options.waitFor({ state: 'hidden' });
      await expect.poll(() => saves.length).toBeGreaterThanOrEqual(4);
      expect(saves.at(-1)).toMatchObject({ Key: 'map.layers', HoldingId: expect.any(Number) });

      // A new visit to the map keeps the choices.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Fields' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Map layers' })
        .click();
      mapPage = new MapPage(page);
      state = await mapPage.settled((each) => Number(each.fieldsInView) > 0);
      expect(state.croppingsInView).toBe('0');
      const again = await mapPage.openOptions();
      expect(await again.getByRole('switch', { name: 'Croppings' }).isChecked()).toBe(false);
      expect(await again.getByRole('switch', { name: 'Show labels' }).isChecked()).toBe(false);
      await again.getByRole('switch', { name: 'Croppings' }).check({ force: true });
      await again.getByRole('switch', { name: 'Show labels' }).check({ force: true });
      await mapPage.settled((each) => Number(each.croppingsInView) > 0);
    },
    testTimeoutMs,
  );

  it(
    'measures a length in whole metres and an area in hectares, then clears them',
    async () => {
      const mapPage = await openMap(await openPage());
      const page = mapPage.page;
      const box = (await mapPage.map.boundingBox())!;
      await mapPage.button('Tools').click();
      const tools = mapPage.dialog('Tools');
      await tools.waitFor();
      expect(await tools.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
      const metresPerPixel = await mapPage.groundResolution();

      // A 300 px line and a 200 px square, well clear of the panels.
      const left = box.x + 150;
      const top = box.y + 250;
      await tools.getByRole('button', { name: 'Measure length' }).click();
      await page.mouse.click(left, top);
      await page.mouse.click(left + 300, top);
      await page.mouse.dblclick(left + 300, top);
      const list = tools.getByRole('list', { name: 'Measures' });
      await list.waitFor();
      const lengthText = await list.getByRole('listitem').first().innerText();
      const metres = Number(/Length 1: (\d+) m$/.exec(lengthText)?.[1]);
      expect(metres).toBeGreaterThan(0);
      expect(Math.abs(metres - 300 * metresPerPixel) / (300 * metresPerPixel)).toBeLessThan(0.01);

      await tools.getByRole('button', { name: 'Measure area' }).click();
      // A new measure cannot start while one is being drawn.
      expect(await tools.getByRole('button', { name: 'Measure length' }).isDisabled()).toBe(true);
      await page.mouse.click(left, top + 60);
      await page.mouse.click(left + 200, top + 60);
      await page.mouse.click(left + 200, top + 260);
      await page.mouse.click(left, top + 260);
      await page.mouse.dblclick(left, top + 260);
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
      const areaText = await list.getByRole('listitem').nth(1).innerText();
      const hectares = Number(/Area 1: (\d+\.\d\d) ha$/.exec(areaText)?.[1]);
      const expected = (200 * metresPerPixel) ** 2 / 10_000;
      expect(Math.abs(hectares - expected) / expected).toBeLessThan(0.02);
      await capture(page, 'map-07-measures');

      await tools.getByRole('button', { name: 'Clear' }).click();
      expect(await list.count()).toBe(0);
      expect(await tools.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
      await tools.getByRole('button', { name: 'Close' }).click();
      await tools.waitFor({ state: 'hidden' });
    },
    testTimeoutMs,
  );

  it(
    "finds 'Louth' from three characters and takes the map there",
    async () => {
      const mapPage = await openMap(await openPage());
      const search = mapPage.page.getByRole('combobox', { name: 'Type the name of a place or postcode' });
      expect(await search.getAttribute('placeholder')).toBe('Type the name of a place or postcode');
      await search.fill('Lo');
      await mapPage.page.waitForTimeout(600);
      expect(await mapPage.page.getByRole('option').count()).toBe(0);

      await search.fill('Lou');
      const louth = mapPage.page.getByRole('option', { name: 'Louth, Lincolnshire, England' });
      await louth.waitFor();
      expect(await mapPage.page.getByRole('option').count()).toBeLessThanOrEqual(10);
      await search.fill('Louth');
      await louth.waitFor();
      await capture(mapPage.page, 'map-08-search');
      await louth.click();
      const state = await mapPage.settled((each) => Math.abs(Number(each.centerLat) - 53.367) < 0.01);
      expect(Number(state.centerLon)).toBeCloseTo(-0.006, 2);
    },
    testTimeoutMs,
  );
});

/**
 * Zooms out once and draws a new field of `size` px square just beyond the farm's westernmost or easternmost
 * corner, level with the middle of the farm (clear of the panels), in the New field panel; Save is left to the
 * caller.
 */
async function drawFieldBesideFarm(
  mapPage: MapPage,
  name: string,
  side: 'west' | 'east',
  size = 60,
): Promise<{ panel: Locator; size: number }> {
  const page = mapPage.page;
  const { zoom } = await mapPage.settled();
  await mapPage.button('Zoom out').click();
  // Pixels are worked out from the view: wait for the zoomed-out one, not a frame of the old.
  await mapPage.settled((state) => state.zoom !== zoom);
  const corners = mapPage.fields.flatMap((field) => (field.Boundary ? outerRing(field) : []));
  const longitudes = corners.map(([lon]) => lon);
  const latitudes = corners.map(([, lat]) => lat);
  const [edgeX, middleY] = await mapPage.pixelOf([
    side === 'west' ? Math.min(...longitudes) : Math.max(...longitudes),
    (Math.min(...latitudes) + Math.max(...latitudes)) / 2,
  ]);
  const [left, right] = side === 'west' ? [edgeX - 20 - size, edgeX - 20] : [edgeX + 20, edgeX + 20 + size];
  const [top, bottom] = [middleY - size / 2, middleY + size / 2];
  const square: [number, number][] = [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
  await mapPage.button('New field').click();
  const panel = mapPage.dialog('New field');
  await panel.waitFor();
  await panel.getByLabel('Field name').fill(name);
  for (const [x, y] of square.slice(0, 3)) await page.mouse.click(x, y);
  await page.mouse.dblclick(...square[3]!);
  return { panel, size };
}

describe('boundary editing', () => {
  it(
    'draws a new field boundary and saves it through the fields API',
    async () => {
      const mapPage = await openMap(await openPage());
      const page = mapPage.page;
      const before = mapPage.fields.length;
      const { panel, size } = await drawFieldBesideFarm(mapPage, 'Beck Corner', 'west');
      const area = panel.getByLabel('Boundary area');
      await area.waitFor();
      const metresPerPixel = await mapPage.groundResolution();
      const expected = (size * metresPerPixel) ** 2 / 10_000;
      const shown = Number(/Area (\d+\.\d\d) ha/.exec(await area.innerText())?.[1]);
      expect(Math.abs(shown - expected) / expected).toBeLessThan(0.03);
      await capture(page, 'map-09-new-field');

      const created = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/fields/v1' && response.request().method() === 'POST',
      );
      await panel.getByRole('button', { name: 'Save' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const field = (await response.json()) as ApiField;
      expect(field.Name).toBe('Beck Corner');
      expect(field.Boundary?.type).toBe('MultiPolygon');
      // Four corners and the closing point: the double-click's repeated corner was cleaned away.
      expect(outerRing(field)).toHaveLength(5);
      expect(Math.abs(field.BoundaryArea! - expected) / expected).toBeLessThan(0.03);
      await panel.waitFor({ state: 'hidden' });
      await expect.poll(() => mapPage.fields.length).toBe(before + 1);
      await mapPage.settled((state) => Number(state.fieldsInView) === before + 1);
      await capture(page, 'map-10-new-field-saved');
    },
    testTimeoutMs,
  );

  it(
    'edits a vertex of a boundary, and Cancel gives the boundary back unchanged',
    async () => {
      const mapPage = await openMap(await openPage());
      const page = mapPage.page;
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/fields/v1') && request.method() !== 'GET')
          writes.push(request.method());
      });
      const field = fieldNamed(mapPage, 'Middle Field');
      const menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: 'Edit boundary', exact: true }).click();
      const panel = mapPage.dialog('Boundary of Middle Field');
      await panel.waitFor();
      const area = panel.getByLabel('Boundary area');
      await area.waitFor();
      const original = await area.innerText();
      expect(await panel.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // Drag the first corner 40 px out and 30 px up.
      const [x, y] = await mapPage.pixelOf(outerRing(field)[0]!);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 20, y - 15, { steps: 4 });
      await page.mouse.move(x - 40, y - 30, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => area.innerText()).not.toBe(original);
      expect(await panel.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
      await capture(page, 'map-11-vertex-moved');

      // The context menu stays shut while editing.
      const [cx, cy] = await mapPage.pixelOf(middleOf(field));
      await page.mouse.click(cx, cy, { button: 'right' });
      await page.waitForTimeout(300);
      expect(await page.getByRole('menu').count()).toBe(0);

      await panel.getByRole('button', { name: 'Cancel' }).click();
      await panel.waitFor({ state: 'hidden' });
      expect(writes).toEqual([]);

      // Opening the editor again starts from the boundary as it was.
      const again = await mapPage.contextMenuAt(middleOf(field));
      await again.getByRole('menuitem', { name: 'Edit boundary', exact: true }).click();
      await panel.waitFor();
      expect(await panel.getByLabel('Boundary area').innerText()).toBe(original);
      await panel.getByRole('button', { name: 'Cancel' }).click();
    },
    testTimeoutMs,
  );

  it(
    'picks a 10 m margin along a stretch of boundary and shows its area and length',
    async () => {
      const mapPage = await openMap(await openPage());
      const page = mapPage.page;
      const field = fieldNamed(mapPage, 'Middle Field');
      const menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: 'Margin along boundary' }).click();
      const panel = mapPage.dialog('Margin along Middle Field');
      await panel.waitFor();
      expect(await panel.getByLabel('Width (m)').inputValue()).toBe('10');

      // From a third of the way along the first side to the end of that side.
      const [a, b] = outerRing(field);
      const along = (t: number): LonLat => [a![0] + (b![0] - a![0]) * t, a![1] + (b![1] - a![1]) * t];
      const first = await mapPage.pixelOf(along(1 / 3));
      const second = await mapPage.pixelOf(along(0.9));
      await page.mouse.move(...first);
      await page.mouse.click(...first);
      await page.mouse.move(...second, { steps: 5 });
      await page.mouse.click(...second);
      const dimensions = panel.getByLabel('Margin dimensions');
      await dimensions.waitFor();
      const text = await dimensions.innerText();
      const length = Number(/Length (\d+) m/.exec(text)?.[1]);
      const area = Number(/Area (\d+\.\d\d) ha/.exec(text)?.[1]);
      const stretchPixels = Math.hypot(second[0] - first[0], second[1] - first[1]);
      const stretchMetres = stretchPixels * (await mapPage.groundResolution());
      // The length adds twice the width to the stretch; the area is about stretch × width.
      expect(Math.abs(length - (stretchMetres + 20))).toBeLessThan(stretchMetres * 0.02 + 2);
      expect(Math.abs(area - (stretchMetres * 10) / 10_000)).toBeLessThan(0.03);
      await capture(page, 'map-12-margin');

      await panel.getByRole('switch', { name: 'Whole boundary' }).check({ force: true });
      await expect.poll(async () => dimensions.innerText()).not.toBe(text);
      await page.keyboard.press('Escape');
      await dimensions.waitFor({ state: 'hidden' });
    },
    testTimeoutMs,
  );
});

/** A phone on the farm: its user agent lets the map track (fields-croppings-maps §6), and it has a fix. */
const phone: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  hasTouch: true,
  geolocation: { latitude: 53.36712, longitude: -0.00621, accuracy: 8 },
  permissions: ['geolocation'],
};

function isCall(response: Response, method: string, path: RegExp): boolean {
  return response.request().method() === method && path.test(new URL(response.url()).pathname);
}

describe('the map for the demo agronomist', () => {
  it(
    'tracks a phone with the tracking info, which the owner does not get, and opens the context menu on a double-tap',
    async () => {
      const mapPage = await openMap(await openPage(phone), agronomist);
      const page = mapPage.page;

      // Two taps 300 ms apart: slower than a mouse double-click, still a double-tap.
      const field = fieldNamed(mapPage, 'Middle Field');
      const [x, y] = await mapPage.pixelOf(middleOf(field));
      await page.touchscreen.tap(x, y);
      await page.waitForTimeout(300);
      await page.touchscreen.tap(x + 8, y + 6);
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getAttribute('aria-label')).toBe('Actions for Middle Field');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await mapPage.button('Track my location').click();
      const info = page.getByRole('status', { name: 'Tracking info' });
      await info.waitFor();
      await expect.poll(() => info.innerText()).toContain('Latitude 53.367120, longitude -0.006210');
      expect(await info.innerText()).toContain('Accuracy 8 m');
      // The first fix centres the map there, zoomed in to 17.
      const state = await mapPage.settled((each) => Math.abs(Number(each.centerLat) - 53.36712) < 0.0001);
      expect(Number(state.centerLon)).toBeCloseTo(-0.00621, 4);
      expect(Number(state.zoom)).toBeCloseTo(17, 1);
      await capture(page, 'map-15-tracking-info');

      // The owner may track on the same phone, without the info.
      const owners = await openMap(await openPage(phone));
      await owners.button('Track my location').click();
      await owners.settled((each) => Math.abs(Number(each.centerLat) - 53.36712) < 0.0001);
      expect(await owners.page.getByRole('status', { name: 'Tracking info' }).count()).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    'picks a 10 m margin on a new field and keeps it as a grass margin cropping that the map then shows',
    async () => {
      const mapPage = await openMap(await openPage(), agronomist);
      const page = mapPage.page;
      const { panel: newField } = await drawFieldBesideFarm(mapPage, 'Top Margin Piece', 'east', 80);
      await newField.getByLabel('Boundary area').waitFor();
      const fieldSaved = page.waitForResponse((response) => isCall(response, 'POST', /^\/api\/fields\/v1$/));
      await newField.getByRole('button', { name: 'Save' }).click();
      const field = (await (await fieldSaved).json()) as ApiField;
      await newField.waitFor({ state: 'hidden' });
      await expect.poll(() => mapPage.fields.some((each) => each.FieldId === field.FieldId)).toBe(true);
      await mapPage.settled();

      const zoom = await mapPage.contextMenuAt(middleOf(field));
      await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.settled((state) => Number(state.zoom) > 15);
      const menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: 'Margin along boundary' }).click();
      const panel = mapPage.dialog('Margin along Top Margin Piece');
      await panel.waitFor();
      expect(await panel.getByLabel('Width (m)').inputValue()).toBe('10');
      const create = panel.getByRole('button', { name: 'Create margin cropping' });
      expect(await create.isDisabled()).toBe(true);

      // Along the west side, from three tenths of the way to seven tenths: clear of the panels at the top.
      const ring = outerRing(field);
      const [a, b] = [ring[3]!, ring[0]!];
      const along = (t: number): LonLat => [a![0] + (b![0] - a![0]) * t, a![1] + (b![1] - a![1]) * t];
      const first = await mapPage.pixelOf(along(0.3));
      const second = await mapPage.pixelOf(along(0.7));
      await page.mouse.move(...first);
      await page.mouse.click(...first);
      await page.mouse.move(...second, { steps: 5 });
      await page.mouse.click(...second);
      const dimensions = panel.getByLabel('Margin dimensions');
      await dimensions.waitFor();
      const shownArea = Number(/Area (\d+\.\d\d) ha/.exec(await dimensions.innerText())?.[1]);
      expect(shownArea).toBeGreaterThan(0);
      expect(
        await panel.getByText('Keeps the margin as a Grass margin cropping of 2027 on this field.').count(),
      ).toBe(1);

      const before = await mapPage.settled();
      const croppingSaved = page.waitForResponse((response) =>
        isCall(response, 'POST', /^\/api\/croppings\/v1$/),
      );
      await create.click();
      const response = await croppingSaved;
      expect(response.status()).toBe(201);
      const cropping = (await response.json()) as ApiCropping;
      expect(cropping).toMatchObject({ FieldId: field.FieldId, YearId: 2027, CropId: grassMarginCropId });
      // The cropping's area is its boundary's, the margin the panel measured.
      expect(Math.abs(cropping.Area! - shownArea)).toBeLessThanOrEqual(0.011);
      expect(cropping.Boundary?.type).toBe('MultiPolygon');
      await panel
        .getByRole('status')
        .filter({ hasText: `Grass margin cropping of 2027 created: ${cropping.Area!.toFixed(2)} ha.` })
        .waitFor();
      await capture(page, 'map-16-margin-cropping');

      // The map reloads the year: the field now has the cropping, drawn on the cropping layer.
      await expect
        .poll(() => mapPage.fields.find((each) => each.FieldId === field.FieldId)?.Croppings.length)
        .toBe(1);
      const shown = mapPage.fields.find((each) => each.FieldId === field.FieldId)!.Croppings[0]!;
      expect(shown).toMatchObject({ CroppingId: cropping.CroppingId, CropId: grassMarginCropId });
      expect(shown.Crop.Name).toBe('Grass margin');
      await mapPage.settled((state) => Number(state.croppingsInView) === Number(before.croppingsInView) + 1);
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    testTimeoutMs,
  );

  it(
    "edits a cropping's boundary, whose area the server works out, and warns when it leaves its field",
    async () => {
      const mapPage = await openMap(await openPage(), agronomist);
      const page = mapPage.page;
      const field = fieldNamed(mapPage, 'Pond Field');
      const cropping = field.Croppings.find((each) => each.Boundary)!;
      const title = `Boundary of ${cropping.Crop.Name} on Pond Field`;
      const zoom = await mapPage.contextMenuAt(middleOf(field));
      await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.settled((state) => Number(state.zoom) > 15);

      // A corner pulled a third of the way in to the middle.
      let menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: `Edit boundary of ${cropping.Crop.Name}` }).click();
      let panel = mapPage.dialog(title);
      await panel.waitFor();
      await panel.getByLabel('Boundary area').waitFor();
      const [x, y] = await mapPage.pixelOf(outerRing(field)[0]!);
      const [mx, my] = await mapPage.pixelOf(middleOf(field));
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + (mx - x) / 6, y + (my - y) / 6, { steps: 4 });
      await page.mouse.move(x + (mx - x) / 3, y + (my - y) / 3, { steps: 4 });
      await page.mouse.up();
      let saved = page.waitForResponse((response) =>
        isCall(response, 'PUT', new RegExp(`^/api/croppings/v1/${cropping.CroppingId}$`)),
      );
      await panel.getByRole('button', { name: 'Save' }).click();
      let response = await saved;
      expect(response.status()).toBe(200);
      const smaller = (await response.json()) as ApiCropping;
      expect(smaller.Area!).toBeLessThan(cropping.Area! - 0.05);
      // Inside its field: no warning, and the panel closes.
      await panel.waitFor({ state: 'hidden' });
      await expect
        .poll(
          () =>
            fieldNamed(mapPage, 'Pond Field').Croppings.find(
              (each) => each.CroppingId === cropping.CroppingId,
            )?.Area,
        )
        .toBe(smaller.Area);
      await mapPage.settled();

      // Moved 40 px west, partly off its field: saved, with the holding validation's warning.
      menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: `Edit boundary of ${cropping.Crop.Name}` }).click();
      panel = mapPage.dialog(title);
      await panel.waitFor();
      await panel.getByLabel('Boundary area').waitFor();
      await panel.getByText('Move', { exact: true }).click();
      await page.mouse.move(mx, my);
      await page.mouse.down();
      await page.mouse.move(mx - 20, my, { steps: 4 });
      await page.mouse.move(mx - 40, my, { steps: 4 });
      await page.mouse.up();
      saved = page.waitForResponse((response) =>
        isCall(response, 'PUT', new RegExp(`^/api/croppings/v1/${cropping.CroppingId}$`)),
      );
      await panel.getByRole('button', { name: 'Save' }).click();
      response = await saved;
      expect(response.status()).toBe(200);
      const warning = panel.getByRole('alert');
      await warning.waitFor();
      expect(await warning.innerText()).toContain("The cropping's boundary lies outside the field boundary.");
      await capture(page, 'map-17-cropping-outside-field');
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'hidden' });
    },
    testTimeoutMs,
  );
});

/**
 * Fields laid out in a grid of about 215 m by 210 m plots south-west of Lincoln, each with a cropping, in the
 * shape GET /api/fields/v1 answers.
 */
function syntheticFields(count: number, columns = 100): unknown[] {
  const crops = [1, 2, 4, 13, 18, 54, 161, 1001, 1020, 1023, 1081, 1083];
  const fields: unknown[] = [];
  for (let index = 0; index < count; index++) {
    const west = -0.6 + (index % columns) * 0.0032;
    const south = 53.0 + Math.floor(index / columns) * 0.0019;
    const wobble = (k: number) => (Math.abs(Math.sin(index * 12.9898 + k * 78.233)) % 1) * 0.0002;
    const ring = [
      [west + wobble(1), south + wobble(2)],
      [west + 0.0016, south + wobble(3)],
      [west + 0.003 + wobble(4), south + wobble(5)],
      [west + 0.003, south + 0.00095 + wobble(6)],
      [west + 0.003 + wobble(7), south + 0.0018],
      [west + 0.0016 + wobble(8), south + 0.0018],
      [west, south + 0.0018 + wobble(9)],
      [west + wobble(10), south + 0.00095],
    ];
    ring.push(ring[0]!);
    const cropId = crops[index % crops.length]!;
    const fieldId = 100_000 + index;
    fields.push({
      FieldId: fieldId,
      Name: `Plot ${index + 1}`,
      FieldNumber: String(index + 1),
      FieldGroup: null,
      AreaType: 'Boundary',
      BoundaryArea: 4.2,
      WorkingArea: null,
      WholeArea: null,
      ManureSpreadArea: null,
      Years: [],
      IgnoreBoundary: false,
      Boundary: { type: 'MultiPolygon', coordinates: [[ring]] },
      Croppings: [
        {
          CroppingId: 200_000 + index,
          YearId: 2027,
          FieldId: fieldId,
          PlotId: null,
          BatchId: null,
          StartDate: null,
          EndDate: null,
          SowingDate: null,
          HarvestDate: null,
          DestructionDate: null,
          Destroyed: false,
          CropId: cropId,
          CropName: null,
          CropDescr: null,
          VarietyId: null,
          VarietyName: null,
          Market: null,
          Purpose: null,
          Area: 4.2,
          ManureSpreadArea: null,
          ManagementOptions: [],
          InSeedsPlan: false,
          InNutritionPlan: false,
          PreviousIds: [],
          NextIds: [],
          ProtectionStatus: null,
          GrassManagement: null,
          GrassCuts: null,
          GrowingSeasonLength: null,
          NCropGroup: null,
          BiomassLevel: null,
          NLeafAnalysis: null,
          Residue: null,
          TargetYield: null,
          StrawMulch: null,
          Undersown: null,
          TargetpH: null,
          FieldName: `Plot ${index + 1}`,
          FieldGroup: null,
          Boundary: null,
          BoundaryArea: null,
          Crop: {
            Name: `Crop ${cropId}`,
            Perennial: false,
            Hidden: false,
            CoverCrop: false,
            Residue: false,
            Purposes: { UserSelection: false, List: [] },
          },
          Variety: null,
          PreviousCroppings: [],
          NextCroppings: [],
          Style: { Colour: [(cropId * 37) % 256, (cropId * 91) % 256, (cropId * 53) % 256], Pattern: null },
          CssColor: 'rgb(0, 0, 0)',
          SpreadArea: 4.2,
        },
      ],
    });
  }
  return fields;
}

/** Frame gaps (ms) while `action` runs, from requestAnimationFrame. */
async function frameGaps(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const state = window as unknown as { gaps: number[]; measuring: boolean };
    state.gaps = [];
    state.measuring = true;
    let last = performance.now();
    const tick = (now: number) => {
      state.gaps.push(now - last);
      last = now;
      if (state.measuring) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  const gaps = await page.evaluate(() => {
    const state = window as unknown as { gaps: number[]; measuring: boolean };
    state.measuring = false;
    return state.gaps;
  });
  return gaps.slice(1).sort((a, b) => a - b);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

describe('a holding of 5,000 fields', () => {
  it(
    'draws them all with labels, and pans and zooms without stalling',
    async () => {
      const page = await openPage();
      const body = JSON.stringify(syntheticFields(5_000));
      await page.route('**/api/fields/v1?*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
      const started = Date.now();
      const mapPage = await openMap(page);
      const overview = await mapPage.settled((state) => state.fieldsInView === '5000');
      const firstDraw = Date.now() - started;
      expect(overview.croppingsInView).toBe('5000');
      expect((await mapPage.pixels(winterWheat)).coverage).toBeGreaterThan(0.2);
      await capture(page, 'map-13-5000-fields');

      // Into label range (resolution 10 or finer), a zoom step at a time.
      const box = (await mapPage.map.boundingBox())!;
      let close = overview;
      for (let step = 0; step < 5 && Number(close.resolution) > 10; step++) {
        await mapPage.button('Zoom in').click();
        const before = close.resolution;
        close = await mapPage.settled((state) => state.resolution !== before);
      }
      expect(Number(close.resolution)).toBeLessThanOrEqual(10);
      expect(Number(close.fieldsInView)).toBeGreaterThan(200);

      const pan = await frameGaps(page, async () => {
        await page.mouse.move(box.x + 700, box.y + 450);
        await page.mouse.down();
        for (let step = 1; step <= 40; step++)
          await page.mouse.move(box.x + 700 - step * 8, box.y + 450 - step * 4);
        await page.mouse.up();
        await page.waitForTimeout(1_000);
      });
      const zoom = await frameGaps(page, async () => {
        await page.mouse.move(box.x + 500, box.y + 400);
        await page.mouse.wheel(0, 240);
        await page.waitForTimeout(1_200);
        await page.mouse.wheel(0, -240);
        await page.waitForTimeout(1_200);
      });
      await mapPage.settled();
      await capture(page, 'map-14-5000-fields-labels');
      const summary = (gaps: number[]) => ({
        frames: gaps.length,
        medianMs: Math.round(quantile(gaps, 0.5)),
        p75Ms: Math.round(quantile(gaps, 0.75)),
        worstMs: Math.round(gaps.at(-1) ?? 0),
      });
      const figures = { firstDrawMs: firstDraw, pan: summary(pan), zoom: summary(zoom) };
      console.log('5,000 fields:', JSON.stringify(figures));
      // Smooth while moving, and no stall of a second when the map redraws at the end of a gesture. Measured on
      // a shared two-core machine drawing without a GPU, where a quiet run gives a median and 75th percentile of
      // 17 ms and a worst frame of 150-300 ms; the limits leave room for a busy machine.
      expect(figures.pan.p75Ms).toBeLessThanOrEqual(70);
      expect(figures.zoom.p75Ms).toBeLessThanOrEqual(70);
      expect(figures.pan.worstMs).toBeLessThan(1_000);
      expect(figures.zoom.worstMs).toBeLessThan(1_000);
      expect(firstDraw).toBeLessThan(60_000);
    },
    testTimeoutMs,
  );
});
