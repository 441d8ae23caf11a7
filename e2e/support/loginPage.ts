import type { Locator, Page } from 'playwright-core';

/** The one password of every demo account (README.md, "Demo logins"). */
export const demoPassword = 'Harvest2026';

/** How long a step of the sign-in may take on a loaded machine: a PGlite server answers slowly under load. */
export const stepTimeoutMs = 30_000;

/** The login screen's steps (session-shell-connections §2): password, terms and conditions, holding and year. */
export class LoginPage {
  constructor(readonly page: Page) {}

  get email(): Locator {
    return this.page.getByLabel('Email', { exact: true });
  }

  get password(): Locator {
    // Exact, because the visibility toggle's label ("Show or hide the password") also says password.
    return this.page.getByLabel('Password', { exact: true });
  }

  get signInButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  get error(): Locator {
    return this.page.getByRole('alert');
  }

  get termsHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Terms and conditions' });
  }

  get termsCheckbox(): Locator {
    return this.page.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' });
  }

  get acceptButton(): Locator {
    return this.page.getByRole('button', { name: 'Accept' });
  }

  get holdingHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Choose a holding and crop year' });
  }

  /** Opens the app's home page and waits for the password step. */
  async open(): Promise<void> {
    await this.page.goto('/');
    await this.waitForPasswordStep();
  }

  async waitForPasswordStep(): Promise<void> {
    await this.signInButton.waitFor({ timeout: stepTimeoutMs });
  }

  /** Fills in the password step and submits it; the caller waits for whichever step should follow. */
  async signIn(email: string, password = demoPassword): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** Signs in and waits for the holding step. */
  async signInToHoldingStep(email: string, password = demoPassword): Promise<HoldingPicker> {
    await this.signIn(email, password);
    await this.holdingHeading.waitFor({ timeout: stepTimeoutMs });
    return new HoldingPicker(this.page.getByRole('main'));
  }
}

/**
 * The holding search, holding list and crop-year list, on the login screen (scope: the page's main landmark)
 * or in the Change holding dialog (scope: the dialog).
 */
export class HoldingPicker {
  constructor(readonly scope: Locator) {}

  get search(): Locator {
    return this.scope.getByLabel('Search holdings');
  }

  get year(): Locator {
    return this.scope.getByLabel('Crop year');
  }

  get continueButton(): Locator {
    return this.scope.getByRole('button', { name: 'Continue' });
  }

  holding(name: string): Locator {
    return this.scope.getByRole('radio', { name, exact: true });
  }

  /** Picks a listed holding and, when given, a year; else the year stays at the default (the last one). */
  async choose(name: string, year?: number): Promise<void> {
    const holding = this.holding(name);
    await holding.waitFor({ timeout: stepTimeoutMs });
    await holding.check();
    if (year !== undefined) await this.year.selectOption(String(year));
  }

  /** The years offered in the crop-year list, in their order. */
  async years(): Promise<number[]> {
    const values = await this.year
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    return values.map(Number);
  }

  async confirm(): Promise<void> {
    await this.continueButton.click();
  }
}
