import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInTo } from '../support/appShellPage.ts';
import { capture } from '../support/capture.ts';
import { exportOpenHolding, ManageHoldingsDialog } from '../support/holdingDialogs.ts';
import { useAppPages } from '../support/pageFixture.ts';
import { stepTimeoutMs } from '../support/loginPage.ts';

// Importing the same holding export twice (issue 12, defect 11), against the real server and its demo seed
// (README.md, "Demo logins"). Importing needs the account role's holdings write, which the Business Manager
// Client owners of the demo holdings lack, and the warning names only holdings the importer is a member of; so the
// Manager, a member of Mains of Balgray, exports it and imports that file again through the Manage holdings
// dialog, whose preview warns of the holding with the same account number and offers Skip, Replace and Import as
// a new holding.
const pages = useAppPages();

/** Generous: the suite must pass on a loaded two-core machine. */
const testTimeoutMs = 240_000;

const balgray = 'Mains of Balgray';
const manager = 'manager@headland.example';

/** Chooses the file with the drop zone's 'Browse' button, then asks for the import. */
async function chooseAndImport(manage: ManageHoldingsDialog, archive: Buffer): Promise<void> {
  const chooser = manage.page.waitForEvent('filechooser');
  await manage.dialog.getByRole('button', { name: 'Browse', exact: true }).click();
  await (await chooser).setFiles({ name: 'balgray.zip', mimeType: 'application/zip', buffer: archive });
  await manage.dialog.getByText('Chosen: balgray.zip', { exact: true }).waitFor();
  await manage.dialog.getByRole('button', { name: 'Import', exact: true }).click();
}

/** The preview's warning of a holding with the same account number. */
async function sameAccountWarning(manage: ManageHoldingsDialog, accountNumber: string): Promise<Locator> {
  const warning = manage.dialog.getByRole('alert').filter({ hasText: 'This holding may already be here' });
  await warning.waitFor();
  await warning
    .getByText(
      `You already have a holding with account number ${accountNumber}: ${balgray}. Importing it again makes a second copy.`,
      { exact: true },
    )
    .waitFor();
  return warning;
}

/** The rows of the holdings list whose trading name starts with the holding's, as cells' texts joined by '|'. */
async function namesakeRows(manage: ManageHoldingsDialog): Promise<string[]> {
  const rows = manage.list.locator('tbody tr');
  const texts: string[] = [];
  for (const row of await rows.all()) {
    const cells = (await row.getByRole('cell').allInnerTexts()).slice(0, 3).map((text) => text.trim());
    if (cells[0]?.startsWith(balgray)) texts.push(cells.join('|'));
  }
  return texts;
}

describe('importing a holding export that is already here', () => {
  it(
    'warns of the same account number in the preview; Skip creates nothing, Replace keeps one Mains of Balgray, Import as a new holding makes a second',
    async () => {
      const page = await pages.open();
      const shell = await signInTo(page, manager, balgray);
      const archive = await exportOpenHolding(page);
      const manage = await ManageHoldingsDialog.open(shell);
      expect((await manage.listedNames()).filter((name) => name === balgray)).toHaveLength(1);
      const [before] = await namesakeRows(manage);
      const accountNumber = before!.split('|')[2]!;
      expect(accountNumber).not.toBe('');

      // Skip: nothing is imported.
      await chooseAndImport(manage, archive);
      let warning = await sameAccountWarning(manage, accountNumber);
      await warning.getByText(`${balgray} (account number ${accountNumber}):`, { exact: false }).waitFor();
      await capture(page, 'holding-import-01-same-account');
      await warning.getByRole('button', { name: 'Skip', exact: true }).click();
      await warning.waitFor({ state: 'detached' });
      await manage.notice.filter({ hasText: 'The holding export was not imported.' }).waitFor();
      expect(await namesakeRows(manage)).toEqual([before]);

      // Replace: Mains of Balgray is given the file's contents and stays the only one.
      await chooseAndImport(manage, archive);
      warning = await sameAccountWarning(manage, accountNumber);
      await warning.getByRole('button', { name: `Replace ${balgray}`, exact: true }).click();
      // Replacing a whole holding rewrites every row of it: on a loaded machine that takes more than one step's wait.
      await manage.notice
        .filter({ hasText: `${balgray} was replaced by the holding export.` })
        .waitFor({ timeout: 3 * stepTimeoutMs });
      await warning.waitFor({ state: 'detached' });
      await capture(page, 'holding-import-02-replaced');
      expect(await namesakeRows(manage)).toEqual([before]);

      // The server agrees: a new sign-in lists one Mains of Balgray.
      const other = await pages.open();
      const otherManage = await ManageHoldingsDialog.open(await signInTo(other, manager, balgray));
      expect(await namesakeRows(otherManage)).toEqual([before]);

      // Import as a new holding: a second Mains of Balgray, named apart from the first.
      await chooseAndImport(manage, archive);
      warning = await sameAccountWarning(manage, accountNumber);
      await warning.getByRole('button', { name: 'Import as a new holding', exact: true }).click();
      const copy = `${balgray} (2)`;
      await manage.notice
        .filter({ hasText: `The holding ${copy} has been imported.` })
        .waitFor({ timeout: 3 * stepTimeoutMs });
      await warning.waitFor({ state: 'detached' });
      await manage.editButton(copy).waitFor();
      await capture(page, 'holding-import-03-imported-as-new');
      expect(await namesakeRows(manage)).toEqual([before, before!.replace(`${balgray} (open)`, copy)]);
      // Each has its own buttons.
      expect(await manage.editButton(balgray).count()).toBe(1);
      expect(await manage.editButton(copy).count()).toBe(1);
    },
    testTimeoutMs,
  );

  it(
    'offers no import to an owner whose account role cannot create holdings',
    async () => {
      const page = await pages.open();
      const manage = await ManageHoldingsDialog.open(
        await signInTo(page, 'penlan@headland.example', 'Penlan'),
      );
      expect(await manage.listedNames()).toContain('Penlan');
      expect(await manage.dialog.getByRole('button', { name: 'Browse', exact: true }).count()).toBe(0);
      expect(await manage.dialog.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    },
    testTimeoutMs,
  );
});
