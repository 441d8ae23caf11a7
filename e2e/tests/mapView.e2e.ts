import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture } from '../support/capture.ts';
import { fieldNamed, MapPage, middleOf, openMap, winterWheat } from '../support/mapPage.ts';
import { useAppPages } from '../support/pageFixture.ts';
import { syntheticFields } from '../support/syntheticFields.ts';

// The Map layers module's view (fields-croppings-maps §2 Map view, §9 Map) against the real server and its demo
// seed, on Wold Farm as its owner: the fields drawn, tooltip and context menu, selection and rotation, Map
// options, and a holding of 5,000 fields. The machine has no network: no base map tile ever loads, which the map
// must say once while still drawing every field. No test here changes the holding's fields, so the selection
// box over the whole farm meets the demo seed's fields only.
const pages = useAppPages();

const testTimeoutMs = 180_000;

describe('the map of a holding', () => {
  it(
    'draws every field and cropping of the year, and says once that the base map is unavailable',
    async () => {
      const mapPage = await openMap(await pages.open());
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
      const mapPage = await openMap(await pages.open());
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
      const mapPage = await openMap(await pages.open());
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
      const page = await pages.open();
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
      await options.getByRole('button', { name: 'Close', exact: true }).click();
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
});

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
      const page = await pages.open();
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
