import type { Locator, Page } from 'playwright-core';
import { callApi, signInByApi } from './apiSession.ts';
import { HoldingPicker, stepTimeoutMs } from './loginPage.ts';

/** The app around the module screens once a holding is open: header, main menu, year and user menus. */
export class AppShellPage {
  constructor(readonly page: Page) {}

  get menu(): Locator {
    return this.page.getByRole('navigation', { name: 'Main menu' });
  }

  menuEntry(name: string): Locator {
    return this.menu.getByRole('link', { name, exact: true });
  }

  /** The header's "holding · year" text. */
  get currentHolding(): Locator {
    return this.page.getByLabel('Current holding and crop year');
  }

  get yearButton(): Locator {
    return this.page.getByRole('button', { name: /^Crop year \d{4}$/ });
  }

  get userMenuButton(): Locator {
    return this.page.getByRole('button', { name: /^User menu: / });
  }

  get changeHoldingButton(): Locator {
    return this.page.getByRole('button', { name: 'Change holding' });
  }

  /** The dashboard's heading is the open holding's name. */
  dashboardHeading(holding: string): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: holding, level: 2, exact: true });
  }

  /** Waits until the header shows this holding and year. */
  async waitForContext(holding: string, year: number): Promise<void> {
    await this.page
      .getByLabel('Current holding and crop year')
      .filter({ hasText: `${holding} · ${year}` })
      .waitFor({ timeout: stepTimeoutMs });
  }

  /** The labels of the main menu's entries, in display order. */
  async menuLabels(): Promise<string[]> {
    await this.menu.getByRole('link').first().waitFor({ timeout: stepTimeoutMs });
    return (await this.menu.getByRole('link').allInnerTexts()).map((label) => label.trim());
  }

  /** Opens the crop-year menu and returns the years it lists, in their order. */
  async openYearMenu(): Promise<number[]> {
    await this.yearButton.click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor({ timeout: stepTimeoutMs });
    await waitForOpaque(menu);
    const labels = await menu.getByRole('menuitem').allInnerTexts();
    return labels
      .map((label) => label.trim())
      .filter((label) => /^\d{4}$/.test(label))
      .map(Number);
  }

  async openNewCropYear(): Promise<void> {
    await this.openYearMenu();
    await this.page.getByRole('menuitem', { name: 'Open a new crop year' }).click();
  }

  /** Opens Change holding and returns the picker inside its dialog. */
  async openChangeHolding(): Promise<HoldingPicker> {
    await this.changeHoldingButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Choose a holding and crop year' });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await waitForOpaque(dialog);
    return new HoldingPicker(dialog);
  }

  async logOut(): Promise<void> {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
  }
}

/**
 * Signs in with the demo password and opens a listed holding in `year` (else the picker's default, the last
 * year), landing on its dashboard, or on `landing` for a user who does not see the dashboard.
 */
export async function signInTo(
  page: Page,
  email: string,
  holding: string,
  year?: number,
  landing?: string,
): Promise<AppShellPage> {
  // Most tests are about what comes after the sign-in, whose screens have tests of their own: the account is
  // signed in over HTTP and the tab is given what a sign-in leaves in its storage, so the app opens the holding
  // itself, as on a reload. A UI sign-in costs seconds, and the suite does it some eighty times.
  await page.goto('/robots.txt');
  const baseUrl = new URL(page.url()).origin;
  const token = await signInByApi(baseUrl, email);
  const found = await callApi<{ HoldingId: number; TradingName: string; CropYears: number[] }[]>(
    baseUrl,
    token,
    'GET',
    `/api/session/v1/holdings/query?query=${encodeURIComponent(holding)}`,
  );
  const chosen = found.find((each) => each.TradingName === holding);
  if (!chosen) throw new Error(`${email} finds no holding called ${holding}`);
  const yearId = year ?? Math.max(...chosen.CropYears);
  await page.evaluate(
    ({ accessToken, context }) => {
      for (const store of [sessionStorage, localStorage]) store.setItem('headland.accessToken', accessToken);
      sessionStorage.setItem('headland.context', JSON.stringify(context));
    },
    { accessToken: token, context: { holdingId: chosen.HoldingId, yearId } },
  );
  await page.goto('/');
  const shell = new AppShellPage(page);
  if (landing === undefined) await shell.dashboardHeading(holding).waitFor({ timeout: stepTimeoutMs });
  else await page.getByRole('main').getByRole('heading', { name: landing, level: 2, exact: true }).waitFor();
  if (year !== undefined) await shell.waitForContext(holding, year);
  return shell;
}

/**
 * Waits until an element has faded in completely: a dropdown opens with a short fade, and a screenshot taken
 * during it shows the page through the dropdown.
 */
export async function waitForOpaque(element: Locator, timeoutMs = stepTimeoutMs): Promise<void> {
  const handle = await element.elementHandle({ timeout: timeoutMs });
  await element
    .page()
    .waitForFunction((node) => node !== null && getComputedStyle(node).opacity === '1', handle, {
      timeout: timeoutMs,
    });
  await handle?.dispose();
}

/** The holding session's token the tab keeps, for asking the server what it answers this tab's user. */
export async function tabToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const context = JSON.parse(window.sessionStorage.getItem('headland.context') ?? '{}') as {
      session?: { token: string };
    };
    return context.session?.token ?? null;
  });
  if (!token) throw new Error('the tab holds no holding session');
  return token;
}
