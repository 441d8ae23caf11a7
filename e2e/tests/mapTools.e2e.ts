import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture } from '../support/capture.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { agronomist, fieldNamed, middleOf, openMap } from '../support/mapPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The map's tools (fields-croppings-maps §9 Map) against the real server and its demo seed, on Wold Farm:
// measuring, place search, and tracking a phone's position with a double-tap's context menu on the way.
const pages = useAppPages();

const testTimeoutMs = 180_000;

describe('the map of a holding', () => {
  it(
    'measures a length in whole metres and an area in hectares, then clears them',
    async () => {
      const mapPage = await openMap(await pages.open());
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
      await tools.getByRole('button', { name: 'Close', exact: true }).click();
      await tools.waitFor({ state: 'hidden' });
    },
    testTimeoutMs,
  );

  it(
    "finds 'Louth' from three characters and takes the map there",
    async () => {
      const mapPage = await openMap(await pages.open());
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

/** A phone on the farm: its user agent lets the map track (fields-croppings-maps §6), and it has a fix. */
const phone: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  hasTouch: true,
  geolocation: { latitude: 53.36712, longitude: -0.00621, accuracy: 8 },
  permissions: ['geolocation'],
};

describe('the map for the demo agronomist', () => {
  it(
    'tracks a phone with the tracking info, which the owner does not get, and opens the context menu on a double-tap',
    async () => {
      const mapPage = await openMap(await pages.open(phone), agronomist);
      const page = mapPage.page;

      // Two taps 300 ms apart: slower than a mouse double-click, still a double-tap.
      const field = fieldNamed(mapPage, 'Middle Field');
      const [x, y] = await mapPage.pixelOf(middleOf(field));
      const menu = page.getByRole('menu');
      // A loaded machine can take longer than the double-tap window to deliver the second tap; then the pair is
      // two single taps, and the next pair, a second later, is tried.
      await expect
        .poll(
          async () => {
            await page.touchscreen.tap(x, y);
            await page.waitForTimeout(300);
            await page.touchscreen.tap(x + 8, y + 6);
            return menu.waitFor({ timeout: 3_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: stepTimeoutMs, interval: 1_000 },
        )
        .toBe(true);
      expect(await menu.getAttribute('aria-label')).toBe('Actions for Middle Field');
      // Escape closes the menu once focus has moved into it, which a busy machine may take a moment to do.
      await expect
        .poll(
          async () => {
            await page.keyboard.press('Escape');
            return menu.waitFor({ state: 'hidden', timeout: 2_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: stepTimeoutMs, interval: 250 },
        )
        .toBe(true);

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
      const owners = await openMap(await pages.open(phone));
      await owners.button('Track my location').click();
      await owners.settled((each) => Math.abs(Number(each.centerLat) - 53.36712) < 0.0001);
      expect(await owners.page.getByRole('status', { name: 'Tracking info' }).count()).toBe(0);
    },
    testTimeoutMs,
  );
});
