import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShellPage, signInTo } from '../support/appShellPage.ts';
import { screenshot } from '../support/browser.ts';
import { LoginPage, stepTimeoutMs } from '../support/loginPage.ts';
import { linksIn, useMailCapture } from '../support/mailCapture.ts';
import { useAppPages } from '../support/pageFixture.ts';
import { memberDialogTitle, ownerDialogTitle, PermissionsDialog } from '../support/permissionsDialog.ts';
import { agreeToTerms, fillContact } from '../support/signupWizard.ts';

// Sign-up from an invitation (session-shell §2, §4, §8): the server sends its mail to a local SMTP server, as
// it would to a real one. The mail catcher is registered first: it gives the app's server its SMTP_URL.
const mail = useMailCapture();
const env = mail.env;
const pages = useAppPages({ env });

const testTimeoutMs = 240_000;
const holding = 'Wold Farm';
const owner = 'client@headland.example';

/** The owner invites an address to Wold Farm as an Operator, then logs out. */
async function invite(page: Page, email: string): Promise<void> {
  const shell = await signInTo(page, owner, holding);
  const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
  await dialog.openTab('Invitations');
  await dialog.root.getByLabel('Email address').fill(email);
  await dialog.root.getByLabel('Initial access level').selectOption({ label: 'Operator' });
  await dialog.button('Send').click();
  await dialog.root.getByText(`An invitation has been sent to ${email}.`).waitFor();
  await dialog.close();
  await shell.logOut();
}

/** The sign-up link of the invitation mailed to `email`. */
async function signupLinkOf(email: string): Promise<string> {
  const message = await mail.waitFor(email, (received) => /[?&]signup=/.test(received.text ?? ''), 60_000);
  expect(message.text).toContain(`invited you to join the holding “${holding}”`);
  const link = linksIn(message).find((candidate) => candidate.includes('signup='));
  expect(link).toBeTruthy();
  return link!;
}

describe('sign-up from an invitation', () => {
  it(
    'a new person receives the invitation, completes the four steps and lands in Wold Farm as a member',
    async () => {
      const newcomer = 'nell.newcomer@farm.example';
      await invite(await pages.open(), newcomer);
      const link = await signupLinkOf(newcomer);

      const page = await pages.open();
      await page.goto(link);
      const wizard = page.getByRole('main');
      await wizard.getByRole('heading', { name: 'Set up your account' }).waitFor({ timeout: stepTimeoutMs });

      // Step 1: nothing is said until the first Next.
      await wizard.getByRole('heading', { name: 'Terms and conditions', level: 3 }).waitFor();
      expect(await wizard.getByText('You must accept the terms and conditions.').count()).toBe(0);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('You must accept the terms and conditions.').waitFor();
      await wizard.getByText('Answer the question about contacting you.').waitFor();
      await screenshot(page, 'signup-01-terms-errors', { fullPage: false });
      await agreeToTerms(wizard);

      // Step 2: contact; Back returns to step 1 with its answers kept.
      await wizard.getByRole('heading', { name: 'Contact', level: 3 }).waitFor();
      expect(await wizard.getByLabel('Email', { exact: true }).inputValue()).toBe(newcomer);
      await wizard.getByRole('button', { name: 'Back' }).click();
      await wizard.getByRole('heading', { name: 'Terms and conditions', level: 3 }).waitFor();
      expect(await wizard.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByLabel('First name').fill('Nell');
      await wizard.getByLabel('Last name').fill('Newcomer');
      await wizard.getByLabel('Phone number').fill('01507 600000');
      await wizard.getByRole('button', { name: 'Next' }).click();

      // An invited person joins the holding that exists: no holding step, so no address of it is asked for.
      await wizard.getByRole('heading', { name: 'Password', level: 3 }).waitFor();
      expect(await wizard.getByRole('heading', { name: 'Holding', level: 3 }).count()).toBe(0);
      expect(await wizard.getByLabel(/^Post code/).count()).toBe(0);
      await screenshot(page, 'signup-02-invited-skips-holding');

      // Step 4: the password rule, in the spec's order; Confirm sets the account up.
      await wizard.getByRole('heading', { name: 'Password', level: 3 }).waitFor();
      await wizard.getByRole('textbox', { name: 'New password', exact: true }).fill('barley');
      await wizard.getByRole('button', { name: 'Confirm' }).click();
      await wizard
        .getByText(
          'Your password must be at least 8 characters long, and contain at least one uppercase letter, one lowercase letter, and one number.',
        )
        .nth(1)
        .waitFor();
      await wizard.getByRole('textbox', { name: 'New password', exact: true }).fill('Barley2026');
      await wizard.getByLabel('Confirm new password').fill('Barley2027');
      await wizard.getByRole('button', { name: 'Confirm' }).click();
      await wizard.getByText('The passwords do not match').waitFor();
      await wizard.getByLabel('Confirm new password').fill('Barley2026');
      await wizard.getByRole('button', { name: 'Confirm' }).click();

      // Signed in with the new password, straight into the invited holding, as a member.
      const shell = new AppShellPage(page);
      await shell.dashboardHeading(holding).waitFor({ timeout: stepTimeoutMs });
      await screenshot(page, 'signup-03-in-wold-farm', { fullPage: false });
      const dialog = await PermissionsDialog.open(page, memberDialogTitle);
      expect(await dialog.tabLabels()).toEqual(['Users', 'Permissions']);
      await dialog.close();
      await shell.logOut();

      // The new password signs in from now on; the link is spent.
      const login = new LoginPage(page);
      await login.waitForPasswordStep();
      const again = await pages.open();
      await again.goto(link);
      await again.getByRole('heading', { name: 'Sign-up' }).waitFor({ timeout: stepTimeoutMs });
      await again.getByText('Invalid signup request').waitFor();
      await again.getByText(newcomer, { exact: false }).first().waitFor();
      await screenshot(again, 'signup-04-link-spent', { fullPage: false });
      await login.signIn(newcomer, 'Barley2026');
      await shell.dashboardHeading(holding).or(login.holdingHeading).waitFor({ timeout: stepTimeoutMs });
    },
    testTimeoutMs,
  );

  it(
    'refusing contact consent shows the message, and Cancel my account ends the sign-up',
    async () => {
      const declining = 'no.thanks@farm.example';
      await invite(await pages.open(), declining);
      const link = await signupLinkOf(declining);
      const page = await pages.open();
      await page.goto(link);
      const wizard = page.getByRole('main');
      await wizard.getByRole('heading', { name: 'Set up your account' }).waitFor({ timeout: stepTimeoutMs });
      await wizard.getByRole('radio', { name: 'No' }).check();
      const box = wizard.getByRole('alert');
      await box
        .getByText(
          'We are sorry, but without your consent, we are not able to finish setting up your account.',
        )
        .waitFor();
      await screenshot(page, 'signup-05-consent-refused', { fullPage: false });
      // Go back puts the question again.
      await box.getByRole('button', { name: 'Go back' }).click();
      expect(await wizard.getByRole('radio', { name: 'No' }).isChecked()).toBe(false);
      await wizard.getByRole('radio', { name: 'No' }).check();
      const cancelled = page.waitForResponse((response) => response.url().includes('/api/signup/v1/cancel'));
      // The address loses its parameters before the page is loaded afresh; only the new document's load
      // means the app has finished navigating, so the link can be opened again without aborting that load.
      const reloaded = page.waitForEvent('load');
      await wizard.getByRole('alert').getByRole('button', { name: 'Cancel my account' }).click();
      expect((await cancelled).status()).toBe(200);

      // Logged out to the login screen, loaded afresh without the link's parameters; the link no longer works.
      await reloaded;
      expect(page.url()).not.toContain('signup=');
      await new LoginPage(page).waitForPasswordStep();
      await page.goto(link);
      await page.getByText('Invalid signup request').waitFor({ timeout: stepTimeoutMs });
    },
    testTimeoutMs,
  );

  it(
    'someone without an invitation asks for a sign-up link on the login screen and sets up a holding of their own',
    async () => {
      const farmer = 'own.farm@farm.example';
      const page = await pages.open();
      const login = new LoginPage(page);
      await login.open();
      await page.getByRole('button', { name: 'No account yet? Ask for a sign-up link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign up or reset your password' });
      await dialog.getByRole('button', { name: 'Send me a sign-up link' }).click();
      await dialog.getByText('Enter a valid e-mail address.').waitFor();
      await dialog.getByLabel('Email').fill(farmer);
      await dialog.getByRole('button', { name: 'Send me a sign-up link' }).click();
      await dialog.getByRole('status').getByText(`If ${farmer} can sign up`).waitFor();
      await screenshot(page, 'signup-06-link-requested', { fullPage: false });

      const message = await mail.waitFor(
        farmer,
        (received) => /[?&]signup=/.test(received.text ?? ''),
        60_000,
      );
      const link = linksIn(message).find((candidate) => candidate.includes('signup='))!;
      await page.goto(link);
      const wizard = page.getByRole('main');
      await agreeToTerms(wizard);
      await fillContact(wizard, { firstName: 'Owen', lastName: 'Farmer', phone: '+44 1738 600000' });
      // No invitation: the holding is a new one, and it needs a name.
      const exists = wizard.getByRole('checkbox', {
        name: 'My holding is already on the service (I was invited to it)',
      });
      expect(await exists.isChecked()).toBe(false);
      // The post code narrows regions and towns and fills single matches.
      const region = wizard.getByLabel('Region');
      const town = wizard.getByLabel('Town');
      const postCode = wizard.getByLabel(/^Post code/);
      await postCode.fill('PH');
      await expect.poll(() => region.locator('option:checked').innerText()).toBe('Scotland');
      expect(await region.locator('option').allInnerTexts()).toEqual(['Please select', 'Scotland']);
      expect(await town.locator('option').allInnerTexts()).toEqual(
        expect.arrayContaining(['Perth', 'Blairgowrie', 'Coupar Angus']),
      );
      await postCode.fill('LN');
      await expect.poll(() => region.locator('option:checked').innerText()).toBe('England');
      expect(await town.locator('option').allInnerTexts()).toEqual(
        expect.arrayContaining(['Please select', 'Louth', 'Lincoln', 'Horncastle']),
      );
      await postCode.fill('LN11 9AB');
      await expect.poll(() => town.locator('option:checked').innerText()).toBe('Louth');
      // Without an address service the lookup says plainly that it cannot list houses; the one district that
      // matches is chosen, not left to pick.
      await wizard.getByRole('button', { name: 'Find address' }).click();
      await wizard
        .getByText(
          'House addresses cannot be listed here: choose your post code district, then type the rest of your address.',
        )
        .waitFor();
      const district = wizard.getByLabel('Choose your post code district');
      await expect.poll(() => district.locator('option:checked').innerText()).toContain('LN11');
      // A post code outside the districts the product knows offers every region and town, so the step can
      // still be finished.
      await postCode.fill('SW1A 1AA');
      await expect
        .poll(() => region.locator('option').allInnerTexts())
        .toEqual(['Please select', 'England', 'Scotland', 'Wales']);
      await region.selectOption({ label: 'England' });
      expect(await town.locator('option').allInnerTexts()).toEqual(
        expect.arrayContaining(['Louth', 'Lincoln', 'Horncastle']),
      );
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('Enter your address.').waitFor();
      await screenshot(page, 'signup-07-holding-step');
      await wizard.getByLabel(/^Post code/).fill('PH2 7AA');
      await expect.poll(() => wizard.getByLabel('Town').locator('option:checked').innerText()).toBe('Perth');
      await wizard.getByRole('textbox', { name: 'Address' }).fill('Muirton Steading');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('Enter the name of your holding.').waitFor();
      await wizard.getByLabel('Holding name').fill('Muirton Farm');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('textbox', { name: 'New password', exact: true }).fill('Tatties2026');
      await wizard.getByLabel('Confirm new password').fill('Tatties2026');
      await wizard.getByRole('button', { name: 'Confirm' }).click();
      const shell = new AppShellPage(page);
      await shell.dashboardHeading('Muirton Farm').waitFor({ timeout: stepTimeoutMs });
      // The owner of the new holding manages its users.
      const owned = await PermissionsDialog.open(page, ownerDialogTitle);
      expect(await owned.tabLabels()).toContain('Invitations');
    },
    testTimeoutMs,
  );
});
