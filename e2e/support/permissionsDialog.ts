import type { Locator, Page } from 'playwright-core';
import { waitForOpaque } from './appShellPage.ts';
import { stepTimeoutMs } from './loginPage.ts';

/** The dialog's title for those who manage the holding, and for everyone else (holdings spec §2.2). */
export const ownerDialogTitle = 'Manage users and permissions for this holding';
export const memberDialogTitle = 'Users and permissions';

/** The holding users and permissions dialog, opened from the user menu's 'Edit permissions'. */
export class PermissionsDialog {
  constructor(
    readonly page: Page,
    readonly title: string,
  ) {}

  /** Opens the user menu, chooses Edit permissions and waits for the dialog's first tab. */
  static async open(page: Page, title: string): Promise<PermissionsDialog> {
    await page.getByRole('button', { name: /^User menu: / }).click();
    await page.getByRole('menuitem', { name: 'Edit permissions' }).click();
    const dialog = new PermissionsDialog(page, title);
    await dialog.root.getByRole('tab').first().waitFor({ timeout: stepTimeoutMs });
    await waitForOpaque(dialog.root);
    return dialog;
  }

  get root(): Locator {
    return this.page.getByRole('dialog', { name: this.title, exact: true });
  }

  get tabs(): Locator {
    return this.root.getByRole('tab');
  }

  async tabLabels(): Promise<string[]> {
    return (await this.tabs.allInnerTexts()).map((label) => label.trim());
  }

  async openTab(name: string): Promise<void> {
    await this.root.getByRole('tab', { name, exact: true }).click();
    await this.root
      .getByRole('tab', { name, exact: true, selected: true })
      .waitFor({ timeout: stepTimeoutMs });
  }

  get filter(): Locator {
    return this.root.getByLabel('Filter by user name');
  }

  get usersTable(): Locator {
    return this.root.getByRole('table', { name: 'Users of this holding' });
  }

  /** A user's row in the Users tab (rows are labelled with the user's display name). */
  userRow(name: string): Locator {
    return this.usersTable.getByRole('row', { name, exact: true });
  }

  /** The display names the Users tab lists, in order. */
  async listedUsers(): Promise<string[]> {
    const rows = this.usersTable.locator('tbody tr');
    return rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  }

  roleOf(name: string): Locator {
    return this.root.getByLabel(`Role of ${name}`, { exact: true });
  }

  removeButton(name: string): Locator {
    return this.root.getByRole('button', { name: `Remove ${name}`, exact: true });
  }

  get grid(): Locator {
    return this.root.getByRole('table', { name: 'Permissions of the members' });
  }

  /** The names heading the grid's member columns, in order. */
  async gridColumns(): Promise<string[]> {
    const headers = this.grid.locator('thead th');
    return (await headers.allInnerTexts()).slice(1).map((name) => name.trim());
  }

  /** A main-application cell's drop-down, e.g. cell('Fields', 'Helen Marsh'). */
  cell(feature: string, name: string): Locator {
    return this.root.getByLabel(`${feature} for ${name}`, { exact: true });
  }

  /** The text cells of one feature's row, in column order (read-only cells and 'Not available'). */
  featureRow(feature: string): Locator {
    return this.grid
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: feature, exact: true }) });
  }

  bulk(group: string, name: string): Locator {
    return this.root.getByLabel(`Set every ${group} permission of ${name}`, { exact: true });
  }

  get croppingTable(): Locator {
    return this.root.getByRole('table', { name: 'Croppings open to the restricted members' });
  }

  get grouping(): Locator {
    return this.root.getByLabel('Group croppings');
  }

  /** A cropping tab checkbox: a group row, a cropping or 'Access any cropping', for a restricted member. */
  croppingCheck(item: string, name: string): Locator {
    return this.root.getByRole('checkbox', { name: `${item} for ${name}`, exact: true });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  /** A question asked over the dialog (removal, self-restriction). */
  confirmation(title: string): Locator {
    return this.page.getByRole('dialog', { name: title, exact: true });
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close', exact: true }).first().click();
    await this.root.waitFor({ state: 'detached', timeout: stepTimeoutMs });
  }
}
