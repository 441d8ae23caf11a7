import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from '../support/apiSession.ts';
import { createSoilLayer, fieldsAndYear, openHolding, showLayer } from '../support/dataLayers.ts';
import { useBrowser } from '../support/browser.ts';
import { capture } from '../support/capture.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';
import { middleOf, openMap } from '../support/mapPage.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';
import { writeZippedPointShapefile } from '../../server/src/testing/pointShapefile.ts';
import { wgs84Prj } from '../../server/src/testing/shapefileWriter.ts';

// Data layers on the map (fields-croppings-maps §2, §4, §9) against the real server, on Wold Farm of the demo
// seed: the layers are made through the API by the test, then shown, read and edited in the browser.
const running = useServer();
const pages = usePages(useBrowser(), running);
const testTimeoutMs = 240_000;

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
      const { token, holdingId } = await openHolding(running.server.url);
      const { field, year } = await fieldsAndYear(running.server.url, token, holdingId);
      await createSoilLayer(running.server.url, token, field, year, 'P index test', 'Index', [0, 2, 4]);

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

  it(
    'makes a requirement layer and an application layer of TSP, edits a zone rate, resets it and reads the field total',
    async () => {
      const { token, holdingId } = await openHolding(running.server.url);
      // A field of winter wheat, whose P requirement the recommendations give.
      const { field, year } = await fieldsAndYear(
        running.server.url,
        token,
        holdingId,
        (each) => each.Croppings[0]?.CropId === 1,
      );
      await createSoilLayer(running.server.url, token, field, year, 'P mg test', 'Ppm', [10, 30, 12]);

      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      await mapPage.button('New requirement layer').click();
      const requirement = mapPage.dialog('New nutrient requirement layer');
      await requirement.waitFor();
      await requirement.getByRole('combobox', { name: 'Soil layer' }).click();
      await page.getByRole('option', { name: 'P mg test' }).click();
      expect(await requirement.getByRole('textbox', { name: 'Nutrient' }).inputValue()).toBe('P₂O₅');
      await requirement.getByRole('textbox', { name: 'Layer name' }).fill('P need test');
      await capture(page, 'layers-03-requirement');
      await requirement.getByRole('button', { name: 'Create' }).click();
      await requirement.waitFor({ state: 'hidden' });

      await mapPage.button('New application layer').click();
      const application = mapPage.dialog('New application layer');
      await application.waitFor();
      await application.getByRole('combobox', { name: 'Requirement layer' }).click();
      await page.getByRole('option', { name: 'P need test' }).click();
      expect(await application.getByRole('combobox', { name: 'Product' }).inputValue()).toContain('TSP');
      await application.getByRole('textbox', { name: 'Plan name' }).fill('Spring P test');
      await application.getByRole('textbox', { name: 'Layer name' }).fill('TSP test');
      await application.getByRole('button', { name: 'Create' }).click();
      await application.waitFor({ state: 'hidden' });
      await mapPage.settled((state) => Number(state.dataLayers) >= 2);

      const zoom = await mapPage.contextMenuAt(middleOf(field));
      await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.button('Edit zones').click();
      const editor = page.getByRole('dialog', { name: 'Zones of TSP test' });
      await editor.waitFor();
      const rows = editor.getByRole('table', { name: 'Zones' }).getByRole('row');
      await expect.poll(() => rows.count()).toBe(4);
      // 10 and 12 mg/l are P index 1, 30 mg/l index 3 (none). The demo's milling wheat expects 9.5 t/ha with its
      // straw baled: 90 kg/ha of P₂O₅ at the standard 8 t/ha, plus the offtake of the extra grain and of the
      // straw, is 107 kg/ha of P₂O₅, or 233 kg/ha of TSP (46 %).
      expect(await rows.nth(1).getByRole('cell').nth(1).innerText()).toBe('233');
      expect(await rows.nth(2).getByRole('cell').nth(1).innerText()).toBe('0');
      const fieldTotal = editor.getByLabel('Field total');
      await fieldTotal.waitFor();
      const totalBefore = await fieldTotal.innerText();
      expect(totalBefore).toMatch(/^Field total: [\d,.]+ kg over [\d.]+ ha$/);

      await rows.nth(1).getByRole('button', { name: '1' }).click();
      const zone = editor.getByRole('group', { name: 'Zone 1' });
      const rate = zone.getByRole('textbox', { name: 'Rate (kg/ha)' });
      await rate.fill('-5');
      expect(await zone.getByText('A rate cannot be negative.').count()).toBe(1);
      await rate.fill('250');
      await zone.getByRole('button', { name: 'Cancel' }).click();
      expect(await rate.inputValue()).toBe('233');
      await rate.fill('250');
      await zone.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => rows.nth(1).getByRole('cell').nth(1).innerText()).toBe('250 *');
      await expect.poll(() => fieldTotal.innerText()).not.toBe(totalBefore);
      await capture(page, 'layers-04-rate-edited');

      await rows.nth(1).getByRole('button', { name: '1' }).click();
      await editor.getByRole('group', { name: 'Zone 1' }).getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => rows.nth(1).getByRole('cell').nth(1).innerText()).toBe('233');
      await expect.poll(() => fieldTotal.innerText()).toBe(totalBefore);
      expect(await editor.getByLabel('Plan total').innerText()).toMatch(/^Plan total: [\d,.]+ kg over/);
    },
    testTimeoutMs,
  );

  it(
    'imports a soil CSV and a yield shapefile made here, and finds them by type and by field',
    async () => {
      const { token, holdingId } = await openHolding(running.server.url);
      const { field, year } = await fieldsAndYear(running.server.url, token, holdingId);
      const [lon, lat] = middleOf(field);
      const csv = [
        'Sample,Longitude,Latitude,pH,P mg/l,K mg/l',
        `1,${lon - 0.0004},${lat - 0.0003},6.1,12,150`,
        `2,${lon + 0.0004},${lat - 0.0003},6.8,28,210`,
        `3,${lon - 0.0004},${lat + 0.0003},5.9,9,95`,
        `4,${lon + 0.0004},${lat + 0.0003},7.0,40,260`,
      ].join('\n');
      const points = [];
      for (let row = 0; row < 12; row += 1) {
        for (let column = 0; column < 12; column += 1) {
          points.push({
            x: lon - 0.0006 + column * 0.0001,
            y: lat - 0.0004 + row * 0.00007,
            values: [7 + ((row + column) % 5), 3.5, 6, 90],
          });
        }
      }
      const shapefile = writeZippedPointShapefile({
        name: 'combine',
        columns: ['Yield', 'Flow', 'Speed', 'Heading'],
        points,
        prj: wgs84Prj,
      });

      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      const importOne = async (kind: string, name: string, mimeType: string, buffer: Buffer) => {
        await mapPage.button('Import layer').click();
        const dialog = mapPage.dialog('Import a data layer');
        await dialog.waitFor();
        await dialog
          .getByRole('radiogroup', { name: 'What the file holds' })
          .getByText(kind, { exact: true })
          .click();
        await dialog.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType, buffer });
        await dialog.getByRole('button', { name: 'Preview' }).click();
        await dialog.getByRole('table', { name: 'Preview' }).waitFor();
        return dialog;
      };

      const soil = await importOne('Soil analysis', 'lab.csv', 'text/csv', Buffer.from(csv));
      expect(await soil.getByText('4 rows').count()).toBe(1);
      expect(await soil.getByRole('combobox', { name: 'Column P mg/l' }).inputValue()).toBe('P (phosphorus)');
      await soil.getByRole('combobox', { name: 'Field', exact: true }).click();
      await page.getByRole('option', { name: field.Name, exact: true }).click();
      await capture(page, 'layers-05-soil-import');
      await soil.getByRole('button', { name: 'Import' }).click();
      await soil.getByRole('status').filter({ hasText: 'Imported' }).waitFor();
      expect(await soil.getByText('Import progress: 100 %').count()).toBe(1);
      await soil.getByRole('button', { name: 'Close', exact: true }).first().click();

      const yieldImport = await importOne('Yield', 'combine.zip', 'application/zip', Buffer.from(shapefile));
      expect(await yieldImport.getByText('144 rows').count()).toBe(1);
      await yieldImport.getByRole('combobox', { name: 'Field', exact: true }).click();
      await page.getByRole('option', { name: field.Name, exact: true }).click();
      await yieldImport.getByRole('button', { name: 'Import' }).click();
      await yieldImport.getByRole('status').filter({ hasText: 'Imported' }).waitFor();
      await yieldImport.getByRole('button', { name: 'Close', exact: true }).first().click();

      await mapPage.button('Data layers').click();
      const tree = mapPage.dialog('Data layers');
      await tree.waitFor();
      await tree
        .getByRole('group', { name: 'Soil analysis' })
        .getByRole('group', { name: 'Phosphorus (P)' })
        .waitFor();
      await tree
        .getByRole('radiogroup', { name: 'Layers shown by' })
        .getByText('By field', { exact: true })
        .click();
      const yieldType = tree.getByRole('group', { name: 'Yield' }).getByRole('group', { name: 'Yield' });
      const yieldField = yieldType
        .getByRole('group', { name: String(year) })
        .getByRole('group', { name: field.Name, exact: true });
      expect(await yieldField.getByRole('checkbox').count()).toBeGreaterThan(0);
      const phosphorusField = tree
        .getByRole('group', { name: 'Phosphorus (P)' })
        .getByRole('group', { name: field.Name, exact: true });
      expect(await phosphorusField.getByRole('checkbox').count()).toBeGreaterThan(0);
      await capture(page, 'layers-06-by-field');
    },
    testTimeoutMs,
  );

  it(
    'draws, cuts, splits and merges zones, the server making every geometry, and shows their areas',
    async () => {
      const { token, holdingId } = await openHolding(running.server.url);
      const { field, year } = await fieldsAndYear(running.server.url, token, holdingId);
      await createSoilLayer(running.server.url, token, field, year, 'Zones test', 'Ppm', [10, 20, 30]);
      const [lon, lat] = middleOf(field);
      const width = 0.00045;
      const height = 0.00027;

      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      await showLayer(mapPage, 'Zones test');
      const zoom = await mapPage.contextMenuAt(middleOf(field));
      await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.settled((state) => Number(state.zoom) > 15);
      await mapPage.button('Edit zones').click();
      const editor = page.getByRole('dialog', { name: 'Zones of Zones test' });
      await editor.waitFor();
      const rows = editor.getByRole('table', { name: 'Zones' }).getByRole('row');
      await expect.poll(() => rows.count()).toBe(4);
      const area = (index: number) => rows.nth(index).getByRole('cell').nth(3).innerText();
      const areasBefore = [await area(1), await area(2), await area(3)];
      expect(areasBefore.every((text) => /^0\.\d\d ha$/.test(text))).toBe(true);
      const cancelAll = editor.getByRole('button', { name: 'Cancel changes' });
      expect(await cancelAll.isDisabled()).toBe(true);
      const at = async (dLon: number, dLat: number) =>
        mapPage.pixelOf([lon + dLon * width, lat + dLat * height]);
      // The editor's panel floats over the left of the map, where a click would land on it rather than on the
      // map: the field is dragged clear of it, slowly enough that the map does not glide on.
      const [fromX, fromY] = await at(0, 3);
      const centreBefore = (await mapPage.state()).centerX;
      await page.mouse.move(fromX, fromY);
      await page.mouse.down();
      await page.mouse.move(fromX + 240, fromY, { steps: 12 });
      await page.waitForTimeout(600);
      await page.mouse.up();
      await mapPage.settled((state) => state.centerX !== centreBefore);
      const panel = (await editor.boundingBox())!;
      expect((await at(-2, 0))[0]).toBeGreaterThan(panel.x + panel.width + 40);

      // A rectangle over the lower left of the first strip: added on top, taken out of the strip.
      await editor.getByRole('button', { name: 'Draw rectangle' }).click();
      await editor.getByRole('textbox', { name: 'Value of new zones' }).fill('50');
      await page.mouse.click(...(await at(-2, 0)));
      await page.mouse.click(...(await at(-1, -2)));
      await expect.poll(() => rows.count()).toBe(5);
      await expect.poll(() => area(1)).not.toBe(areasBefore[0]);
      expect(await area(4)).toMatch(/^0\.\d\d ha$/);
      await capture(page, 'layers-07-drawn');

      // A polygon cut out of the top of the third strip.
      await editor.getByRole('button', { name: 'Cut' }).click();
      await page.mouse.click(...(await at(0.7, 0.5)));
      await page.mouse.click(...(await at(2, 0.5)));
      await page.mouse.click(...(await at(2, 2)));
      await page.mouse.dblclick(...(await at(0.7, 2)));
      await expect.poll(() => area(3)).not.toBe(areasBefore[2]);
      expect(await rows.count()).toBe(5);

      // The middle strip split by a line across it.
      // The zones drawn again after the cut must be on the map before one is picked.
      await mapPage.settled();
      await editor.getByRole('button', { name: 'Split' }).click();
      const selected = editor.getByText('1 zone selected');
      await expect
        .poll(
          async () => {
            await page.mouse.click(...(await at(0, 0.5)));
            return selected.waitFor({ timeout: 3_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: stepTimeoutMs, interval: 250 },
        )
        .toBe(true);
      await page.mouse.click(...(await at(-0.8, 0)));
      await page.mouse.dblclick(...(await at(0.8, 0)));
      await expect.poll(() => rows.count()).toBe(6);
      await capture(page, 'layers-08-split');

      // Its two halves merged again, once the halves drawn after the split are on the map. On a loaded machine a
      // click can land late, or the halves be drawn again under it, so each round looks at what is selected and
      // does the one step that moves on: pick the first half, pick the second, or merge. Rounds are spaced
      // beyond a double-click.
      await mapPage.settled();
      await editor.getByRole('button', { name: 'Merge', exact: true }).click();
      const mergeSelected = editor.getByRole('button', { name: 'Merge the selected zones' });
      const selectedCount = async () =>
        Number((await editor.getByText(/^\d+ zones? selected$/).innerText()).split(' ')[0]);
      await expect
        .poll(
          async () => {
            if ((await rows.count()) === 5) return true;
            const count = await selectedCount();
            if (count >= 2) {
              if (await mergeSelected.isEnabled())
                await mergeSelected.click({ timeout: 3_000 }).catch(() => {});
            } else {
              await page.mouse.click(...(await at(0, count === 0 ? 0.5 : -0.5)));
            }
            return (await rows.count()) === 5;
          },
          { timeout: 2 * stepTimeoutMs, interval: 700 },
        )
        .toBe(true);
      await capture(page, 'layers-09-merged');

      // Cancel puts the layer's zones back as they were when editing began, the cut geometry included.
      expect(await cancelAll.isEnabled()).toBe(true);
      await cancelAll.click();
      await expect.poll(() => rows.count()).toBe(4);
      await expect.poll(async () => [await area(1), await area(2), await area(3)]).toEqual(areasBefore);
      await expect.poll(() => cancelAll.isDisabled()).toBe(true);
      await capture(page, 'layers-10-cancelled');
    },
    testTimeoutMs,
  );
  it(
    'creates a drawing on the map, draws one labelled shape and finds it under the holding, then an EC scan of a field',
    async () => {
      const { token, holdingId } = await openHolding(running.server.url);
      const { field, year } = await fieldsAndYear(running.server.url, token, holdingId);
      const [lon, lat] = middleOf(field);
      const name = `Gateway notes ${Date.now() % 100_000}`;

      const mapPage = await openMap(await pages.open());
      const page = mapPage.page;
      const zoom = await mapPage.contextMenuAt(middleOf(field));
      await zoom.getByRole('menuitem', { name: 'Zoom to field' }).click();
      await mapPage.settled((state) => Number(state.zoom) > 15);

      await mapPage.button('Data layers').click();
      const tree = mapPage.dialog('Data layers');
      await tree.getByRole('button', { name: 'New drawing' }).click();
      await tree.getByRole('textbox', { name: 'Drawing name' }).fill(name);
      await tree.getByRole('button', { name: 'Create and draw' }).click();
      await tree.waitFor({ state: 'hidden' });

      const editor = page.getByRole('dialog', { name: `Zones of ${name}` });
      await editor.waitFor();
      const rows = editor.getByRole('table', { name: 'Zones' }).getByRole('row');
      await editor.getByRole('button', { name: 'Draw rectangle' }).click();
      await page.mouse.click(...(await mapPage.pixelOf([lon - 0.0004, lat - 0.0002])));
      await page.mouse.click(...(await mapPage.pixelOf([lon + 0.0004, lat + 0.0002])));
      await expect.poll(() => rows.count()).toBe(2);
      await rows.nth(1).getByRole('button').first().click();
      const zone = editor.getByRole('group', { name: /^Zone/ });
      await zone.getByRole('textbox', { name: 'Label' }).fill('Broken gate');
      await zone.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => rows.nth(1).innerText()).toContain('Broken gate');
      await capture(page, 'layers-11-drawing');
      await editor.getByRole('button', { name: 'Close', exact: true }).click();

      await mapPage.button('Data layers').click();
      await tree
        .getByRole('radiogroup', { name: 'Layers shown by' })
        .getByText('By field', { exact: true })
        .click();
      await tree
        .getByRole('group', { name: 'Holding' })
        .getByRole('checkbox', { name: `Show ${name}` })
        .waitFor();
      await tree.getByRole('button', { name: 'Close', exact: true }).click();

      const listed = await callApi<{
        Layers: { DataLayerId: number; Name: string; Scope: number; FieldId: number | null }[];
      }>(running.server.url, token, 'GET', `/api/layers/v1/holding/${holdingId}/year/${year}`);
      const drawing = listed.Layers.find((layer) => layer.Name === name)!;
      expect(drawing).toMatchObject({ Scope: 3, FieldId: null });
      const zones = await callApi<{ Zones: { Label: string | null }[] }>(
        running.server.url,
        token,
        'GET',
        `/api/layers/v1/${drawing.DataLayerId}/zones?geometryFormat=wkt`,
      );
      expect(zones.Zones.map((each) => each.Label)).toEqual(['Broken gate']);

      // An EC scan layer belongs to a field: chosen in the same dialog, then opened in the zone editor.
      await mapPage.button('Data layers').click();
      await tree.getByRole('button', { name: 'New EC scan layer' }).click();
      await tree.getByLabel(/^Field/).click();
      await page.getByRole('option', { name: field.Name, exact: true }).click();
      await tree.getByRole('textbox', { name: 'EC scan name' }).fill(`EC ${name}`);
      await tree.getByRole('button', { name: 'Create and draw' }).click();
      await page.getByRole('dialog', { name: `Zones of EC ${name}` }).waitFor();
    },
    testTimeoutMs,
  );
});
