import type { Locator, Page } from 'playwright-core';
import { waitForOpaque, type AppShellPage } from './appShellPage.ts';
import { stepTimeoutMs } from './loginPage.ts';

/** The Manage holdings dialog of the user menu: the holdings list with its edit, delete and new buttons. */
export class ManageHoldingsDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Manage holdings', exact: true });
  }

  /** Opens the dialog from the user menu and waits for its list. */
  static async open(shell: AppShellPage): Promise<ManageHoldingsDialog> {
    await shell.userMenuButton.click();
    await shell.page.getByRole('menuitem', { name: 'Manage holdings' }).click();
    const manage = new ManageHoldingsDialog(shell.page);
    await manage.list.waitFor({ timeout: stepTimeoutMs });
    await waitForOpaque(manage.dialog);
    return manage;
  }

  get list(): Locator {
    return this.dialog.getByRole('table', { name: 'Your holdings' });
  }

  get newHoldingButton(): Locator {
    return this.dialog.getByRole('button', { name: 'New holding', exact: true });
  }

  /** The green notice of the list (holding deleted, exported or imported). */
  get notice(): Locator {
    return this.dialog.getByRole('status');
  }

  editButton(holding: string): Locator {
    return this.dialog.getByRole('button', { name: `Edit ${holding}`, exact: true });
  }

  deleteButton(holding: string): Locator {
    return this.dialog.getByRole('button', { name: `Delete ${holding}`, exact: true });
  }

  /** The trading names listed, in display order (the open holding without its '(open)' mark). */
  async listedNames(): Promise<string[]> {
    const cells = this.list.locator('tbody tr td:first-child');
    const texts = await cells.allInnerTexts();
    return texts.map((text) => text.replace(/\s*\(open\)\s*$/, '').trim());
  }

  /** Opens the edit dialog of a listed holding and waits for its form. */
  async edit(holding: string): Promise<EditHoldingDialog> {
    await this.editButton(holding).click();
    const edit = new EditHoldingDialog(this.page, `Edit ${holding}`);
    await edit.waitForForm();
    return edit;
  }

  /** Opens the edit dialog of a new holding and waits for its form. */
  async newHolding(): Promise<EditHoldingDialog> {
    await this.newHoldingButton.click();
    const edit = new EditHoldingDialog(this.page, 'New holding');
    await edit.waitForForm();
    return edit;
  }
}

/** The Edit holding dialog (holdings spec §2.1): its HOLDING and WEATHER tabs, Cancel and Save. */
export class EditHoldingDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title, exact: true });
  }

  async waitForForm(): Promise<void> {
    await this.saveButton.waitFor({ timeout: stepTimeoutMs });
    await waitForOpaque(this.dialog);
  }

  private field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** The tab's name carries a '{n} to check' badge while it has messages, hence the prefix match. */
  get holdingTab(): Locator {
    return this.dialog.getByRole('tab', { name: /^HOLDING/ });
  }

  get weatherTab(): Locator {
    return this.dialog.getByRole('tab', { name: /^WEATHER/ });
  }

  get tradingName(): Locator {
    return this.field('Trading Name');
  }

  get postTown(): Locator {
    return this.field('Post Town');
  }

  get clearPostTownButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Clear the post town' });
  }

  get region(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Region', exact: true });
  }

  get nvz(): Locator {
    return this.dialog.getByRole('checkbox', { name: 'Nitrate vulnerable zone', exact: true });
  }

  get totalArea(): Locator {
    return this.field('Total area (ha)');
  }

  get grasslandDerogation(): Locator {
    return this.dialog.getByRole('checkbox', { name: 'Grassland Derogation', exact: true });
  }

  get grasslandDerogationNumber(): Locator {
    return this.field('Grassland Derogation Number');
  }

  get startingYear(): Locator {
    return this.field('Starting Year');
  }

  get pkModel(): Locator {
    return this.dialog.getByRole('combobox', { name: 'PK model', exact: true });
  }

  get pSorpCapacity(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Default P sorp capacity', exact: true });
  }

  get weatherStation(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Weather station', exact: true });
  }

  get annualRainfall(): Locator {
    return this.field('Annual rainfall (mm)');
  }

  get customWeather(): Locator {
    return this.dialog.getByRole('checkbox', { name: 'Custom weather data', exact: true });
  }

  /** The rainfall input of a month, 1 (Jan) to 12 (Dec). */
  month(month: number): Locator {
    return this.field(monthLabels[month - 1]!);
  }

  get saveButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Save', exact: true });
  }

  get cancelButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Cancel', exact: true });
  }

  /** A validation message of the form, by its exact wording. */
  message(text: string): Locator {
    return this.dialog.getByText(text, { exact: true });
  }

  /** Types into the post-town typeahead and picks the town from its options. */
  async choosePostTown(town: string): Promise<void> {
    await this.postTown.fill(town);
    await this.page.getByRole('option', { name: town, exact: true }).click();
    await waitForValue(this.postTown, town);
  }

  /** The twelve monthly rainfall values as shown, January first. */
  async monthValues(): Promise<string[]> {
    const values: string[] = [];
    for (let month = 1; month <= 12; month += 1) values.push(await this.month(month).inputValue());
    return values;
  }
}

const monthLabels = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A message box of the holdings screens (the NVZ question, the delete refusal or confirmation), by title. */
export function messageBox(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** Waits until an input or select shows this value: the form updates as the user types, not at once. */
export async function waitForValue(
  element: Locator,
  value: string,
  timeoutMs = stepTimeoutMs,
): Promise<void> {
  const handle = await element.elementHandle({ timeout: timeoutMs });
  await element
    .page()
    .waitForFunction(
      ([node, expected]) => (node as HTMLInputElement | HTMLSelectElement | null)?.value === expected,
      [handle, value] as const,
      { timeout: timeoutMs },
    );
  await handle?.dispose();
}

/** Downloads the session's open holding as the export zip, with the tab's session token. */
export async function exportOpenHolding(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const context = JSON.parse(sessionStorage.getItem('headland.context') ?? 'null') as {
      holdingId: number;
      session?: { token: string };
    } | null;
    if (!context) throw new Error('the tab keeps no holding context');
    const token = context.session?.token ?? sessionStorage.getItem('headland.accessToken');
    const response = await fetch(`/api/export/omnia/holding/${context.holdingId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}
