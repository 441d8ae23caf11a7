import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readHoldingArchive } from '../../server/src/modules/holdingTransfer/holdingArchiveReader.ts';
import type { HoldingArchive } from '../../server/src/modules/holdingTransfer/holdingArchive.schema.ts';
import { signInTo, waitForOpaque } from '../support/appShellPage.ts';
import { capture } from '../support/capture.ts';
import {
  EditHoldingDialog,
  exportOpenHolding,
  ManageHoldingsDialog,
  messageBox,
  waitForValue,
} from '../support/holdingDialogs.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The holdings screens of holdings-permissions-sync §2.1, §4.1, §5.1 and §8 and the holding delete of
// session-shell-connections §5, against the real server and its demo seed (README.md, "Demo logins"). The
// tests share one server: each leaves the demo holdings as it found them, except the NVZ test, which runs last.
const pages = useAppPages();

/** Generous: the suite must pass on a loaded two-core machine. */
const testTimeoutMs = 180_000;

const woldFarm = 'Wold Farm';
const balgray = 'Mains of Balgray';
const penlan = 'Penlan';

async function openEdit(email: string, holding: string): Promise<{ page: Page; edit: EditHoldingDialog }> {
  const page = await pages.open();
  const shell = await signInTo(page, email, holding);
  const manage = await ManageHoldingsDialog.open(shell);
  return { page, edit: await manage.edit(holding) };
}

/** Waits for a message to show, and checks that Save is then disabled. */
async function expectMessage(edit: EditHoldingDialog, text: string): Promise<void> {
  await edit.message(text).waitFor();
  expect(await edit.saveButton.isDisabled()).toBe(true);
}

async function expectNoMessage(edit: EditHoldingDialog, text: string): Promise<void> {
  await edit.message(text).waitFor({ state: 'detached' });
}

async function isLocked(checkbox: Locator): Promise<{ checked: boolean; disabled: boolean }> {
  return { checked: await checkbox.isChecked(), disabled: await checkbox.isDisabled() };
}

/** The holding-saved banner at the top of the window, above any dialog. */
function savedBanner(page: Page, holding: string): Locator {
  return page.getByRole('status').filter({ hasText: `The holding ${holding} has been saved.` });
}

/** The session's own holding as its export reads: the export is where the server tells each field's NVZ flag. */
async function exportedArchive(page: Page): Promise<HoldingArchive> {
  return readHoldingArchive(new Uint8Array(await exportOpenHolding(page)));
}

describe('the Edit holding dialog', () => {
  it(
    'shows each message of the HOLDING tab while its value is wrong, with Save disabled, and hides it once put right',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'client@headland.example', woldFarm);
      const manage = await ManageHoldingsDialog.open(shell);
      expect(await manage.listedNames()).toContain(woldFarm);
      await capture(page, 'holdings-01-manage');

      const edit = await manage.edit(woldFarm);
      expect(await edit.tradingName.inputValue()).toBe(woldFarm);
      expect(await edit.saveButton.isEnabled()).toBe(true);
      await capture(page, 'holdings-02-edit-wold-farm');

      const tradingName = 'Trading Name is required.';
      await edit.tradingName.fill('');
      await expectMessage(edit, tradingName);
      await capture(page, 'holdings-03-trading-name-required');
      await edit.tradingName.fill(woldFarm);
      await expectNoMessage(edit, tradingName);
      expect(await edit.saveButton.isEnabled()).toBe(true);
      // Blank after trimming is blank.
      await edit.tradingName.fill('   ');
      await expectMessage(edit, tradingName);
      await edit.tradingName.fill(woldFarm);
      await expectNoMessage(edit, tradingName);

      const region = 'Region is required.';
      await edit.region.selectOption({ label: 'Choose a region' });
      await expectMessage(edit, region);
      await edit.region.selectOption({ label: 'England' });
      await expectNoMessage(edit, region);

      const totalArea = 'Total area cannot be less than zero.';
      await edit.totalArea.fill('-1');
      await expectMessage(edit, totalArea);
      await edit.totalArea.fill('0');
      await expectNoMessage(edit, totalArea);
      await edit.totalArea.fill('120.5');

      const derogation = 'Grassland Derogation Number is required.';
      expect(await edit.grasslandDerogationNumber.isDisabled()).toBe(true);
      await edit.grasslandDerogation.check();
      await expectMessage(edit, derogation);
      await edit.grasslandDerogationNumber.fill('GD-2041');
      await expectNoMessage(edit, derogation);
      // Unticking clears the number and needs none.
      await edit.grasslandDerogation.uncheck();
      await waitForValue(edit.grasslandDerogationNumber, '');
      expect(await edit.message(derogation).count()).toBe(0);
      expect(await edit.saveButton.isEnabled()).toBe(true);

      // England: the PK model is ADAS and cannot be chosen, and there is no P sorp capacity.
      expect(await edit.pkModel.inputValue()).toBe('ADAS');
      expect(await edit.pkModel.isDisabled()).toBe(true);
      expect(await edit.pSorpCapacity.count()).toBe(0);

      // Clearing the post town asks for one, and resets the weather station (§4.1), which the WEATHER tab
      // then asks for.
      const postTown = 'Post Town is required.';
      await edit.clearPostTownButton.click();
      await expectMessage(edit, postTown);
      await capture(page, 'holdings-04-post-town-required');
      await edit.choosePostTown('Louth');
      await expectNoMessage(edit, postTown);
      expect(await edit.saveButton.isDisabled()).toBe(true);
      expect(await edit.weatherTab.textContent()).toContain('1 to check');

      await edit.weatherTab.click();
      const station = 'Weather station is required.';
      await expectMessage(edit, station);
      expect(await edit.postTown.inputValue()).toBe('Louth');
      expect(await edit.monthValues()).toEqual(Array(12).fill(''));
      await capture(page, 'holdings-05-weather-station-required');
      const firstStation = await edit.weatherStation.locator('option').nth(1).innerText();
      await edit.weatherStation.selectOption({ label: firstStation });
      await expectNoMessage(edit, station);
      expect(await edit.saveButton.isEnabled()).toBe(true);
      // The station brings its long-term averages.
      const averages = await edit.monthValues();
      expect(averages.every((value) => Number(value) > 0)).toBe(true);

      await edit.cancelButton.click();
      await edit.dialog.waitFor({ state: 'detached' });
      // Cancel saved nothing.
      expect(await savedBanner(page, woldFarm).count()).toBe(0);
      const again = await manage.edit(woldFarm);
      expect(await again.totalArea.inputValue()).not.toBe('120.5');
      await again.cancelButton.click();
    },
    testTimeoutMs,
  );

  it(
    'requires a Starting Year, keeps the address to four lines and locks a set account number for an owner',
    async () => {
      const { page, edit } = await openEdit('client@headland.example', woldFarm);
      const startingYear = await edit.startingYear.inputValue();
      await edit.startingYear.fill('');
      await expectMessage(edit, 'Starting Year is required.');
      await edit.startingYear.fill(startingYear);
      await expectNoMessage(edit, 'Starting Year is required.');

      const address = page.getByRole('dialog').getByLabel('Address', { exact: true });
      await address.fill('');
      await address.pressSequentially('Wold Farm');
      for (const line of ['Tathwell', 'Louth', 'Lincolnshire', 'LN11 9SZ']) {
        await address.press('Enter');
        await address.pressSequentially(line);
      }
      // The fifth line break is refused as typed, so the last line runs on from the fourth.
      expect((await address.inputValue()).split('\n')).toEqual([
        'Wold Farm',
        'Tathwell',
        'Louth',
        'LincolnshireLN11 9SZ',
      ]);

      // Wold Farm has an account number: only an admin may change it once set.
      const accountNumber = page.getByRole('dialog').getByLabel('Account Number', { exact: true });
      expect(await accountNumber.getAttribute('readonly')).not.toBeNull();
      await capture(page, 'holdings-19-year-address-account');
      await edit.cancelButton.click();
    },
    testTimeoutMs,
  );

  it(
    'gives custom weather twelve empty months, sums the months typed to one decimal, and returns the station averages when turned off',
    async () => {
      const { page, edit } = await openEdit('client@headland.example', woldFarm);
      await edit.weatherTab.click();
      await edit.customWeather.waitFor();
      const stationValues = await edit.monthValues();
      const stationAnnual = await edit.annualRainfall.inputValue();
      const expectedAnnual = stationValues.reduce((sum, value) => sum + Number(value), 0);
      expect(stationValues.every((value) => value !== '')).toBe(true);
      expect(Number(stationAnnual)).toBeCloseTo(expectedAnnual, 1);
      expect(stationAnnual).toMatch(/^\d+\.\d$/);
      expect(await edit.month(1).isEditable()).toBe(false);

      await edit.customWeather.check();
      await waitForValue(edit.annualRainfall, '0.0');
      expect(await edit.monthValues()).toEqual(Array(12).fill(''));
      expect(await edit.weatherStation.isDisabled()).toBe(true);
      const rainfall = 'A rainfall value of zero or more is required for every month.';
      await expectMessage(edit, rainfall);
      await capture(page, 'holdings-06-custom-weather-empty');

      await edit.month(1).fill('10.04');
      await waitForValue(edit.annualRainfall, '10.0');
      await edit.month(2).fill('0.02');
      await waitForValue(edit.annualRainfall, '10.1');
      for (let month = 3; month <= 11; month += 1) await edit.month(month).fill('5');
      await waitForValue(edit.annualRainfall, '55.1');
      // One month still empty: the message stays.
      await expectMessage(edit, rainfall);
      await edit.month(12).fill('0');
      await expectNoMessage(edit, rainfall);
      expect(await edit.saveButton.isEnabled()).toBe(true);
      expect(await edit.annualRainfall.inputValue()).toBe('55.1');
      await edit.month(12).fill('4.95');
      // 10.04 + 0.02 + 9 × 5 + 4.95 = 60.01
      await waitForValue(edit.annualRainfall, '60.0');
      await capture(page, 'holdings-07-custom-weather-typed');

      await edit.month(5).fill('');
      await expectMessage(edit, rainfall);
      await waitForValue(edit.annualRainfall, '55.0');
      await edit.month(5).fill('5');
      await expectNoMessage(edit, rainfall);

      await edit.customWeather.uncheck();
      await waitForValue(edit.annualRainfall, stationAnnual);
      expect(await edit.monthValues()).toEqual(stationValues);
      expect(await edit.weatherStation.isEnabled()).toBe(true);
      expect(await edit.saveButton.isEnabled()).toBe(true);
      await edit.cancelButton.click();
      await edit.dialog.waitFor({ state: 'detached' });
    },
    testTimeoutMs,
  );

  it(
    'lets a Scottish holding choose the PK model: SRUC brings P sorp capacity 1, another model clears it',
    async () => {
      const { page, edit } = await openEdit('balgray@headland.example', balgray);
      expect(await edit.pkModel.isEnabled()).toBe(true);
      expect(await edit.pkModel.inputValue()).toBe('SRUC');
      expect(await edit.pSorpCapacity.inputValue()).toBe('2');

      await edit.pkModel.selectOption('ADAS');
      await edit.pSorpCapacity.waitFor({ state: 'detached' });
      await edit.pkModel.selectOption('SRUC');
      await edit.pSorpCapacity.waitFor();
      // Cleared by ADAS, so SRUC starts again from 1.
      expect(await edit.pSorpCapacity.inputValue()).toBe('1');
      await capture(page, 'holdings-08-pk-model-sruc');
      await edit.pSorpCapacity.selectOption('3');
      await waitForValue(edit.pSorpCapacity, '3');
      expect(await edit.saveButton.isEnabled()).toBe(true);

      // Leaving Scotland fixes the model at ADAS.
      await edit.region.selectOption({ label: 'England' });
      await waitForValue(edit.pkModel, 'ADAS');
      expect(await edit.pkModel.isDisabled()).toBe(true);
      expect(await edit.pSorpCapacity.count()).toBe(0);
      await edit.cancelButton.click();
      await edit.dialog.waitFor({ state: 'detached' });
    },
    testTimeoutMs,
  );

  it(
    'locks the NVZ checkbox on for a holding in an NVZ-mandatory region',
    async () => {
      const { page, edit } = await openEdit('penlan@headland.example', penlan);
      expect(await edit.region.locator('option:checked').innerText()).toBe('Wales');
      expect(await isLocked(edit.nvz)).toEqual({ checked: true, disabled: true });
      await edit.dialog.getByText('Every holding in this region is in a nitrate vulnerable zone.').waitFor();
      // Clicking the locked box changes nothing.
      await edit.nvz.click({ force: true });
      expect(await edit.nvz.isChecked()).toBe(true);
      await capture(page, 'holdings-09-nvz-locked');
      await edit.cancelButton.click();
      await edit.dialog.waitFor({ state: 'detached' });
    },
    testTimeoutMs,
  );
});

describe('creating and deleting holdings', () => {
  it(
    'refuses to delete the open holding and a holding that is not empty',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'agronomist@headland.example', woldFarm);
      const manage = await ManageHoldingsDialog.open(shell);
      expect(await manage.listedNames()).toEqual(expect.arrayContaining([woldFarm, balgray]));

      await manage.deleteButton(woldFarm).click();
      const refused = messageBox(page, 'Unable to delete holding');
      await refused.waitFor();
      await refused
        .getByText('This holding is open in your session. Open another holding before deleting this one.')
        .waitFor();
      await waitForOpaque(refused);
      await capture(page, 'holdings-10-delete-open-holding');
      await refused.getByRole('button', { name: 'OK', exact: true }).click();
      await refused.waitFor({ state: 'detached' });

      await manage.deleteButton(balgray).click();
      await refused.waitFor();
      await refused
        .getByText('This holding is not empty. You can only delete empty holdings.', { exact: true })
        .waitFor();
      await waitForOpaque(refused);
      await capture(page, 'holdings-11-delete-not-empty');
      await refused.getByRole('button', { name: 'OK', exact: true }).click();
      await refused.waitFor({ state: 'detached' });
      expect(await manage.listedNames()).toEqual(expect.arrayContaining([woldFarm, balgray]));
    },
    testTimeoutMs,
  );

  it(
    'creates an empty holding (the region follows the town and may lock NVZ) and deletes it after the irreversible-operation confirmation',
    async () => {
      const name = 'Top Barn Test Holding';
      const page = await pages.open();
      const shell = await signInTo(page, 'agronomist@headland.example', woldFarm);
      const manage = await ManageHoldingsDialog.open(shell);
      expect(await manage.listedNames()).not.toContain(name);

      const edit = await manage.newHolding();
      await edit.message('Trading Name is required.').waitFor();
      expect(await edit.saveButton.isDisabled()).toBe(true);
      // A new holding has no crop-year block.
      expect(await edit.totalArea.count()).toBe(0);
      await edit.tradingName.fill(name);
      await expectNoMessage(edit, 'Trading Name is required.');

      // Wales is NVZ-mandatory: NVZ is forced on and locked; England leaves it free.
      await edit.region.selectOption({ label: 'Wales' });
      await expectNoMessage(edit, 'Region is required.');
      expect(await isLocked(edit.nvz)).toEqual({ checked: true, disabled: true });
      await capture(page, 'holdings-12-new-holding-wales');
      await edit.region.selectOption({ label: 'England' });
      await page.waitForFunction(
        (node) => !(node as HTMLInputElement).disabled,
        await edit.nvz.elementHandle(),
      );
      await edit.nvz.uncheck();
      expect(await edit.nvz.isChecked()).toBe(false);
      expect(await edit.pkModel.isDisabled()).toBe(true);
      await edit.region.selectOption({ label: 'Scotland' });
      await page.waitForFunction(
        (node) => !(node as HTMLSelectElement).disabled,
        await edit.pkModel.elementHandle(),
      );
      // Choosing the town sets a new holding's region from it.
      await edit.choosePostTown('Llandeilo');
      await waitForValue(
        edit.region,
        (await edit.region.locator('option', { hasText: 'Wales' }).getAttribute('value')) ?? '',
      );
      expect(await isLocked(edit.nvz)).toEqual({ checked: true, disabled: true });
      expect(await edit.pkModel.isDisabled()).toBe(true);
      expect(await edit.message('Post Town is required.').count()).toBe(0);

      await edit.weatherTab.click();
      await edit.weatherStation.waitFor();
      await page.waitForFunction(
        (node) => (node as HTMLSelectElement).options.length > 1 && !(node as HTMLSelectElement).disabled,
        await edit.weatherStation.elementHandle(),
      );
      if ((await edit.weatherStation.inputValue()) === '') {
        await edit.message('Weather station is required.').waitFor();
        const firstStation = await edit.weatherStation.locator('option').nth(1).innerText();
        await edit.weatherStation.selectOption({ label: firstStation });
      }
      await expectNoMessage(edit, 'Weather station is required.');
      await capture(page, 'holdings-13-new-holding-weather');
      expect(await edit.saveButton.isEnabled()).toBe(true);
      await edit.saveButton.click();

      await savedBanner(page, name).waitFor();
      await edit.dialog.waitFor({ state: 'detached' });
      await manage.deleteButton(name).waitFor();
      await capture(page, 'holdings-14-holding-saved');

      // Cancel leaves the holding alone; Delete removes it.
      await manage.deleteButton(name).click();
      const confirm = messageBox(page, 'Delete holding');
      await confirm.waitFor();
      await confirm
        .getByText(
          `Click Delete to delete the holding ${name}. This operation is irreversible and cannot be undone.`,
          {
            exact: true,
          },
        )
        .waitFor();
      await waitForOpaque(confirm);
      await capture(page, 'holdings-15-delete-confirm');
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await manage.listedNames()).toContain(name);

      await manage.deleteButton(name).click();
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await manage.notice.filter({ hasText: `The holding ${name} has been deleted.` }).waitFor();
      await manage.deleteButton(name).waitFor({ state: 'detached' });
      expect(await manage.listedNames()).not.toContain(name);
      await capture(page, 'holdings-16-holding-deleted');

      // The server no longer has it: a new sign-in does not list it.
      const other = await pages.open();
      const otherShell = await signInTo(other, 'agronomist@headland.example', woldFarm);
      const otherManage = await ManageHoldingsDialog.open(otherShell);
      expect(await otherManage.listedNames()).not.toContain(name);
    },
    testTimeoutMs,
  );
});

// Last: it changes Wold Farm's NVZ and its fields', which the tests above do not expect.
describe('changing the NVZ of an existing holding', () => {
  it(
    'asks whether to change the NVZ of all the fields: Yes changes them, No keeps them',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, 'client@headland.example', woldFarm);
      const before = await exportedArchive(page);
      expect(before.holding.nvz).toBe(true);
      expect(before.fields.features.length).toBeGreaterThan(0);
      // The demo seed's fields follow their holding: all inside the NVZ.
      expect(before.fields.features.every((field) => field.properties.nvz)).toBe(true);

      const manage = await ManageHoldingsDialog.open(shell);
      let edit = await manage.edit(woldFarm);
      expect(await isLocked(edit.nvz)).toEqual({ checked: true, disabled: false });
      await edit.nvz.uncheck();
      await edit.saveButton.click();
      const question = messageBox(page, 'Nitrate vulnerable zone');
      await question.waitFor();
      await question
        .getByText(
          `You have changed the NVZ value. Do you want to change the NVZ on all the fields of the ${woldFarm} holding ?`,
          { exact: true },
        )
        .waitFor();
      await waitForOpaque(question);
      await capture(page, 'holdings-17-nvz-question');
      await question.getByRole('button', { name: 'Yes', exact: true }).click();
      await savedBanner(page, woldFarm).waitFor();
      await edit.dialog.waitFor({ state: 'detached' });
      await capture(page, 'holdings-18-saved-banner');

      const afterYes = await exportedArchive(page);
      expect(afterYes.holding.nvz).toBe(false);
      expect(afterYes.fields.features.length).toBe(before.fields.features.length);
      expect(afterYes.fields.features.every((field) => !field.properties.nvz)).toBe(true);

      edit = await manage.edit(woldFarm);
      expect(await edit.nvz.isChecked()).toBe(false);
      await edit.nvz.check();
      await edit.saveButton.click();
      await question.waitFor();
      await question.getByRole('button', { name: 'No', exact: true }).click();
      await edit.dialog.waitFor({ state: 'detached' });

      const afterNo = await exportedArchive(page);
      expect(afterNo.holding.nvz).toBe(true);
      expect(afterNo.fields.features.every((field) => !field.properties.nvz)).toBe(true);

      // A save that leaves NVZ as it was asks nothing.
      edit = await manage.edit(woldFarm);
      expect(await edit.nvz.isChecked()).toBe(true);
      await edit.saveButton.click();
      await edit.dialog.waitFor({ state: 'detached' });
      expect(await question.count()).toBe(0);
    },
    testTimeoutMs,
  );
});
