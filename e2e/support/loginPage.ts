import type { Locator, Page } from 'playwright-core';

/** The one password of every demo account (README.md, "Demo logins"). */
export const demoPassword = 'Harvest2026';

/** How long a step of the sign-in may take on a loaded machine: a PGlite server answers slowly under load. */
export const stepTimeoutMs = 30_000;

/**
 * The login screen's steps (session-shell-connections §2): e-mail (where the brand has single sign-on, as the
 * main brand the tests run as has), password, terms and conditions, holding and year.
 */
export class LoginPage {
  constructor(readonly page: Page) {}

  get email(): Locator {
    return this.page.getByLabel('Email', { exact: true });
  }

  get password(): Locator {
    // Exact, because the visibility toggle's label ("Show or hide the password") also says password.
    return this.page.getByLabel('Password', { exact: true });
  }

  /** The e-mail step's button, which asks the single sign-on check. */
  get nextButton(): Locator {
    return this.page.getByRole('button', { name: 'Next' });
  }

  /** On the password step after the e-mail step: back to change the address. */
  get changeEmailButton(): Locator {
    return this.page.getByRole('button', { name: 'Use another e-mail address' });
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

  /** Opens the app's home page and waits for the first step of signing in. */
  async open(): Promise<void> {
    await this.page.goto('/');
    await this.waitForPasswordStep();
  }

  /** Waits for the first step of signing in: the e-mail step where the brand has single sign-on, else the password. */
  async waitForPasswordStep(): Promise<void> {
    await this.nextButton.or(this.signInButton).first().waitFor({ timeout: stepTimeoutMs });
  }

  /** Gives the address on the e-mail step and waits for the password step that follows (no login link). */
  async enterEmail(email: string): Promise<void> {
    await this.email.fill(email);
    await this.nextButton.click();
    await this.password.waitFor({ timeout: stepTimeoutMs });
  }

  /**
   * Signs in through the steps the screen shows: the e-mail (changing the address if the password step holds
   * another), then the password; the caller waits for whichever step should follow.
   */
  async signIn(email: string, password = demoPassword): Promise<void> {
    await this.waitForPasswordStep();
    if (await this.changeEmailButton.isVisible()) {
      if ((await this.email.inputValue()) !== email) {
        await this.changeEmailButton.click();
        await this.enterEmail(email);
      }
    } else if (await this.nextButton.isVisible()) {
      await this.enterEmail(email);
    } else {
      await this.email.fill(email);
    }
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
