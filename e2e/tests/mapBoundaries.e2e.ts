import type { Locator, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capture } from '../support/capture.ts';
import {
  agronomist,
  fieldNamed,
  middleOf,
  openMap,
  outerRing,
  type ApiCropping,
  type ApiField,
  type LonLat,
  type MapPage,
} from '../support/mapPage.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The map's edit modes (fields-croppings-maps §4 Map edit modes, §9 Map) against the real server and its demo
// seed, on Wold Farm: drawing a new field, editing field and cropping boundaries, and margins along a boundary.
// The tests share one server and run in order: the first and the margin cropping add fields beside the farm,
// and the last moves a cropping of Pond Field.
const pages = useAppPages();

const testTimeoutMs = 180_000;
/** The crop of the main brand's margins (domain/src/crops.ts). */
const grassMarginCropId = 1083;

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
      const mapPage = await openMap(await pages.open());
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
      const mapPage = await openMap(await pages.open());
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
      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      const field = fieldNamed(mapPage, 'Middle Field');
      const menu = await mapPage.contextMenuAt(middleOf(field));
      await menu.getByRole('menuitem', { name: 'Margin along boundary' }).click();
      const panel = mapPage.dialog('Margin along Middle Field');
      await panel.waitFor();
      expect(await panel.getByLabel('Width (m)').inputValue()).toBe('10');

      // From a third of the way along the first side to the end of that side.
      const [a, b] = outerRing(field);
      const [first, second] = await mapPage.pickMarginAlong(a!, b!, 1 / 3, 0.9);
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

function isCall(response: Response, method: string, path: RegExp): boolean {
  return response.request().method() === method && path.test(new URL(response.url()).pathname);
}

describe('the map for the demo agronomist', () => {
  it(
    'picks a 10 m margin on a new field and keeps it as a grass margin cropping that the map then shows',
    async () => {
      const mapPage = await openMap(await pages.open(), agronomist);
      const page = mapPage.page;
      const { panel: newField } = await drawFieldBesideFarm(mapPage, 'Top Margin Piece', 'east', 80);
      await newField.getByLabel('Boundary area').waitFor();
      const fieldSaved = page.waitForResponse((response) => isCall(response, 'POST', /^\/api\/fields\/v1$/));
      await newField.getByRole('button', { name: 'Save' }).click();
      const field = (await (await fieldSaved).json()) as ApiField;
      await newField.waitFor({ state: 'hidden' });
      await expect.poll(() => mapPage.fields.some((each) => each.FieldId === field.FieldId)).toBe(true);
      await mapPage.settled();

      await mapPage.zoomToFieldAndChoose(field, 'Margin along boundary');
      const panel = mapPage.dialog('Margin along Top Margin Piece');
      await panel.waitFor();
      expect(await panel.getByLabel('Width (m)').inputValue()).toBe('10');
      const create = panel.getByRole('button', { name: 'Create margin cropping' });
      expect(await create.isDisabled()).toBe(true);

      // Along the west side, from three tenths of the way to seven tenths: clear of the panels at the top.
      const ring = outerRing(field);
      await mapPage.pickMarginAlong(ring[3]!, ring[0]!, 0.3, 0.7);
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
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
    },
    testTimeoutMs,
  );

  it(
    "takes a margin out of the crop of a demo field, whose area shrinks by the margin's",
    async () => {
      const mapPage = await openMap(await pages.open(), agronomist);
      const page = mapPage.page;
      // A seeded field with one crop in 2027, not one another test here changes.
      const field = mapPage.fields.find(
        (each) =>
          each.Name !== 'Pond Field' &&
          each.Croppings.length === 1 &&
          (each.Croppings[0]!.Area ?? 0) > 2 &&
          each.Croppings[0]!.CropId !== grassMarginCropId,
      )!;
      const crop = field.Croppings[0]!;
      await mapPage.zoomToFieldAndChoose(field, 'Margin along boundary');
      const panel = mapPage.dialog(`Margin along ${field.Name}`);
      await panel.waitFor();

      // Along the field's longest side, from three tenths of the way to seven tenths.
      const ring = outerRing(field);
      const sides = ring.slice(1).map((end, index) => [ring[index]!, end] as const);
      const length = ([a, b]: readonly [LonLat, LonLat]) => Math.hypot(b[0] - a[0], b[1] - a[1]);
      const [a, b] = sides.reduce((longest, side) => (length(side) > length(longest) ? side : longest));
      await mapPage.pickMarginAlong(a, b, 0.3, 0.7);
      await panel.getByLabel('Margin dimensions').waitFor();

      const takeFrom = panel.getByLabel('Take its area from');
      expect(await takeFrom.locator('option:checked').innerText()).toBe(
        `${crop.Crop.Name} (${crop.Area!.toFixed(2)} ha)`,
      );
      const croppingSaved = page.waitForResponse((response) =>
        isCall(response, 'POST', /^\/api\/croppings\/v1$/),
      );
      await panel.getByRole('button', { name: 'Create margin cropping' }).click();
      const response = await croppingSaved;
      expect(response.status(), await response.text()).toBe(201);
      const margin = (await response.json()) as ApiCropping;
      await capture(page, 'map-16b-margin-taken-from-crop');

      // The map reloads the year: the crop gave up the margin's area.
      await expect
        .poll(() => mapPage.fields.find((each) => each.FieldId === field.FieldId)?.Croppings.length)
        .toBe(2);
      const shrunk = mapPage.fields
        .find((each) => each.FieldId === field.FieldId)!
        .Croppings.find((each) => each.CroppingId === crop.CroppingId)!;
      expect(shrunk.Area).toBeCloseTo(crop.Area! - margin.Area!, 2);
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
    },
    testTimeoutMs,
  );

  it(
    "edits a cropping's boundary, whose area the server works out, and warns when it leaves its field",
    async () => {
      const mapPage = await openMap(await pages.open(), agronomist);
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
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await panel.waitFor({ state: 'hidden' });
    },
    testTimeoutMs,
  );
});
