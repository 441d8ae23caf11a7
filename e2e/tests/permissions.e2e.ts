import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppShellPage } from '../support/appShellPage.ts';
import { newPage, screenshot, useBrowser } from '../support/browser.ts';
import { LoginPage, stepTimeoutMs } from '../support/loginPage.ts';
import { memberDialogTitle, ownerDialogTitle, PermissionsDialog } from '../support/permissionsDialog.ts';
import { decodeInviteParameter } from '../../domain/src/api/permissionsApi.ts';
import { callApi, openHoldingByApi, signInByApi } from '../support/apiSession.ts';
import { useServer } from '../support/server.ts';

// The holding users and permissions dialog (holdings spec §2.2, §4.2, §5.2, §6) and the invitation link, against
// the real server and its demo seed. The tests share one server and run in order: the owner's tests save
// nothing, the invitation adds newbie@ to Wold Farm, and the member's switch to restricted member comes last.
const running = useServer();
const chromium = useBrowser();

const testTimeoutMs = 180_000;
const holding = 'Wold Farm';
const owner = 'client@headland.example';
const member = 'member@headland.example';
const restricted = 'restricted@headland.example';
const newbie = 'newbie@headland.example';

const pages: Page[] = [];
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

async function openPage(): Promise<Page> {
  const page = await newPage(chromium.browser, running.server.url);
  page.setDefaultTimeout(stepTimeoutMs);
  page.setDefaultNavigationTimeout(stepTimeoutMs);
  pages.push(page);
  return page;
}

async function signInTo(page: Page, email: string): Promise<AppShellPage> {
  const login = new LoginPage(page);
  await login.open();
  const picker = await login.signInToHoldingStep(email);
  await picker.choose(holding);
  await picker.confirm();
  const shell = new AppShellPage(page);
  await shell.dashboardHeading(holding).waitFor({ timeout: stepTimeoutMs });
  return shell;
}

describe('as the owner of Wold Farm', () => {
  it(
    'opens the dialog with four tabs and filters the users by part of a name or e-mail',
    async () => {
      const page = await openPage();
      await signInTo(page, owner);
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      expect(await dialog.tabLabels()).toEqual(['Users', 'Permissions', 'Cropping', 'Invitations']);
      const everyone = await dialog.listedUsers();
      expect(everyone).toEqual(
        expect.arrayContaining(['Richard Dawson', 'Helen Marsh', 'Alice Moore', 'Jack Turner', 'Lee Carter']),
      );
      await screenshot(page, 'permissions-01-owner-users', { fullPage: false });

      await dialog.filter.fill('tURn');
      await expect.poll(() => dialog.listedUsers()).toEqual(['Jack Turner']);
      await dialog.filter.fill('ALICE');
      await expect.poll(() => dialog.listedUsers()).toEqual(['Alice Moore']);
      // Part of an e-mail address, in another case.
      await dialog.filter.fill('RESTRICTED@');
      await expect.poll(() => dialog.listedUsers()).toEqual(['Lee Carter']);
      await dialog.filter.fill('nobody-has-this');
      await expect.poll(() => dialog.listedUsers()).toEqual([]);
      await dialog.root.getByText('No user matches this filter.').waitFor();

      // The filter is shared by the tabs: the grid shows the matching member only.
      await dialog.filter.fill('marsh');
      await dialog.openTab('Permissions');
      expect(await dialog.filter.inputValue()).toBe('marsh');
      await expect.poll(() => dialog.gridColumns()).toEqual(['Helen Marsh']);
      await dialog.filter.fill('');
      await expect.poll(async () => (await dialog.gridColumns()).length).toBeGreaterThan(1);
      await dialog.close();
    },
    testTimeoutMs,
  );

  it(
    "bulk sets a member to View and to View and edit, and shows Halo audit as not available: the owner's role cannot audit",
    async () => {
      const page = await openPage();
      await signInTo(page, owner);
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      await dialog.openTab('Permissions');
      const name = 'Helen Marsh';
      const fields = dialog.cell('Fields', name);
      const diary = dialog.cell('Field diary', name);

      await dialog.bulk('Main application', name).selectOption('view');
      await expect.poll(() => fields.inputValue()).toBe('view');
      await expect.poll(() => diary.inputValue()).toBe('view');
      await dialog.bulk('Main application', name).selectOption('edit');
      await expect.poll(() => fields.inputValue()).toBe('edit');
      await expect.poll(() => diary.inputValue()).toBe('edit');
      // The bulk drop-down goes back to its placeholder, ready for the next choice.
      expect(await dialog.bulk('Main application', name).inputValue()).toBe('');
      await screenshot(page, 'permissions-02-bulk-edit', { fullPage: false });

      // Wold Farm audits spray plans, but its owner is a Business Manager Client, a role that cannot audit: no
      // member can be given Halo audit, even with access to spray plans.
      await expect.poll(() => dialog.cell('Spray plans', name).inputValue()).not.toBe('');
      await expect.poll(() => dialog.featureRow('Halo audit').innerText()).toContain('Not available');
      expect(await dialog.cell('Halo audit', name).count()).toBe(0);
      await screenshot(page, 'permissions-03-owner-lacks', { fullPage: false });

      // Nothing is kept: Cancel goes back to what is stored.
      await fields.selectOption('view');
      await dialog.button('Cancel').click();
      await expect.poll(() => fields.inputValue()).toBe('edit');
      await dialog.close();
    },
    testTimeoutMs,
  );

  it(
    "makes a crop group's checkbox mixed when one of its croppings is unticked",
    async () => {
      const page = await openPage();
      await signInTo(page, owner);
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      await dialog.openTab('Cropping');
      await dialog.croppingTable.waitFor();
      expect(await dialog.grouping.inputValue()).toBe('all');
      const name = 'Lee Carter';
      const group = dialog.croppingTable.getByRole('rowgroup', { name: 'All crops', exact: true });
      await group.waitFor();
      const groupCheck = dialog.croppingCheck('All crops', name);
      const mixed = () => groupCheck.evaluate((node) => (node as HTMLInputElement).indeterminate);
      // The demo's restricted member sees only the sugar beet and potato croppings: the group starts mixed.
      expect(await mixed()).toBe(true);
      expect(await groupCheck.isChecked()).toBe(false);
      // Ticking the mixed group opens every one of its croppings.
      await groupCheck.click();
      await expect.poll(() => groupCheck.isChecked()).toBe(true);
      expect(await mixed()).toBe(false);
      const croppings = group.getByRole('checkbox', { name: new RegExp(` for ${name}$`) });
      // The group's own checkbox comes first, then one per cropping.
      expect(await croppings.count()).toBeGreaterThan(2);
      for (const index of [1, 2]) expect(await croppings.nth(index).isChecked()).toBe(true);
      await croppings.nth(1).uncheck();
      await expect.poll(mixed).toBe(true);
      expect(await groupCheck.isChecked()).toBe(false);
      await screenshot(page, 'permissions-04-cropping-mixed', { fullPage: false });
      await dialog.button('Cancel').click();
      await dialog.close();
    },
    testTimeoutMs,
  );

  it(
    'asks before saving the removal of a user, and Go back keeps the user',
    async () => {
      const page = await openPage();
      await signInTo(page, owner);
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      const name = 'Alice Moore';
      await dialog.removeButton(name).click();
      await dialog.userRow(name).getByText('To be removed').waitFor();
      await dialog.button('Save').click();
      const question = dialog.confirmation('Remove users from this holding');
      await question.waitFor();
      expect(await question.innerText()).toContain(`${name} will lose access to this holding`);
      await screenshot(page, 'permissions-05-removal-confirmation', { fullPage: false });
      await question.getByRole('button', { name: 'Go back', exact: true }).click();
      await question.waitFor({ state: 'detached' });
      // Still marked, nothing saved; Cancel drops the mark.
      await dialog.userRow(name).getByText('To be removed').waitFor();
      await dialog.button('Cancel').click();
      await dialog.userRow(name).getByText('To be removed').waitFor({ state: 'detached' });
      await dialog.close();
    },
    testTimeoutMs,
  );
});

describe('the invitation link', () => {
  it(
    'sends an invitation, follows the link from the outbox, and the invited user sees the holding in the list',
    async () => {
      const page = await openPage();
      const shell = await signInTo(page, owner);
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      await dialog.openTab('Invitations');
      await dialog.root.getByLabel('Email address').fill(newbie);
      await dialog.root.getByLabel('Initial access level').selectOption({ label: 'Operator' });
      await dialog.button('Send').click();
      await dialog.root.getByText(`An invitation has been sent to ${newbie}.`).waitFor();
      const invite = dialog.root
        .getByRole('table', { name: 'Invitations to join this holding' })
        .getByRole('row', { name: newbie, exact: true });
      await invite.waitFor();
      expect(await invite.innerText()).toContain('Pending');
      await screenshot(page, 'permissions-06-invitation-sent', { fullPage: false });
      await dialog.close();
      await shell.logOut();

      // No mail server in the tests: the server keeps the message on its outbox page.
      const mail = await openPage();
      await mail.goto('/outbox');
      const message = mail
        .getByRole('article')
        .filter({ hasText: `To ${newbie}` })
        .first();
      await message.waitFor();
      const link = message
        .getByRole('link')
        .filter({ hasText: /[?&]invite=/ })
        .first();
      const href = await link.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${running.server.url}/`));
      await link.click();

      const login = new LoginPage(mail);
      await login.waitForPasswordStep();
      const notice = mail.getByText(`Sign in as ${newbie} to accept the invitation.`);
      await notice.waitFor();
      expect(await mail.getByText(`has invited you to join the holding ${holding}.`).count()).toBe(1);
      await screenshot(mail, 'permissions-07-invitation-link');
      await login.signIn(newbie);
      // newbie@ has not accepted the terms yet (README.md, "Demo logins").
      await login.termsHeading.waitFor();
      await login.termsCheckbox.check();
      await login.acceptButton.click();
      await login.holdingHeading.waitFor();
      const list = mail.getByRole('main');
      await list.getByRole('radio', { name: holding, exact: true }).waitFor();
      await list.getByRole('radio', { name: 'Penlan', exact: true }).waitFor();
      await mail.getByText(`You have joined the holding ${holding}.`).waitFor();
      await screenshot(mail, 'permissions-08-joined');
    },
    testTimeoutMs,
  );
});

describe('as a restricted member of Wold Farm', () => {
  it(
    'is not offered the dialog, and the server gives it the users and their permissions only',
    async () => {
      const page = await openPage();
      const shell = await signInTo(page, restricted);
      await shell.userMenuButton.click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Log out' }).waitFor();
      // Restricted members do not get the user menu's Edit permissions (the domain's userMenuItems).
      expect(await menu.getByRole('menuitem', { name: 'Edit permissions' }).count()).toBe(0);
      await screenshot(page, 'permissions-09-restricted-menu', { fullPage: false });
      await page.keyboard.press('Escape');

      // The tab keeps the token bound to its holding session; the test asks the server with the same one.
      const token = await page.evaluate(() => {
        const context = JSON.parse(window.sessionStorage.getItem('headland.context') ?? '{}') as {
          session?: { token: string };
        };
        return context.session?.token ?? null;
      });
      expect(token).toBeTruthy();
      const answer = await page.request.get('/api/holdings/v1/permissions?year=2027', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      const body = (await answer.json()) as {
        canManage: boolean;
        users: { email: string; userPermissions: unknown; croppingPermissions: unknown[] }[];
        croppings: unknown[];
        invites: unknown[];
      };
      expect(body.canManage).toBe(false);
      // Nothing of croppings (not even those hidden from it) and nothing of invitations.
      expect(body.croppings).toEqual([]);
      expect(body.invites).toEqual([]);
      for (const user of body.users) expect(user.croppingPermissions).toEqual([]);
      // Account permissions of its own only.
      for (const user of body.users) {
        if (user.email !== restricted) expect(user.userPermissions).toBeNull();
      }
      expect(body.users.map((user) => user.email)).toEqual(expect.arrayContaining([owner, restricted]));
    },
    testTimeoutMs,
  );
});

describe('as a member of Wold Farm', () => {
  it(
    'shows the read-only dialog, and the switch to restricted member asks first and then logs out on Save',
    async () => {
      const page = await openPage();
      await signInTo(page, member);
      const dialog = await PermissionsDialog.open(page, memberDialogTitle);
      expect(await dialog.tabLabels()).toEqual(['Users', 'Permissions']);
      await dialog.openTab('Permissions');
      await dialog.grid.waitFor();
      expect(await dialog.grid.getByRole('combobox').count()).toBe(0);
      expect(await dialog.gridColumns()).toContain('Jack Turner');
      await screenshot(page, 'permissions-10-member-grid', { fullPage: false });

      await dialog.openTab('Users');
      expect(await dialog.roleOf('Helen Marsh').isDisabled()).toBe(true);
      const own = dialog.roleOf('Jack Turner');
      expect(await own.isDisabled()).toBe(false);
      await own.selectOption({ label: 'Restricted member' });
      const question = dialog.confirmation('Change to restricted member');
      await question.waitFor();
      expect(await question.innerText()).toContain('Only an owner of the holding can undo this.');
      await screenshot(page, 'permissions-11-self-restriction', { fullPage: false });
      await question.getByRole('button', { name: 'Yes', exact: true }).click();
      await question.waitFor({ state: 'detached' });
      expect(await own.inputValue()).toBe('3');

      await dialog.button('Save').click();
      // The product restarts for the narrower access to apply: back to the sign-in screen.
      await new LoginPage(page).waitForPasswordStep();

      // Signed in again, the member is now a restricted member: the owner's dialog says so.
      const ownerPage = await openPage();
      await signInTo(ownerPage, owner);
      const ownerDialog = await PermissionsDialog.open(ownerPage, ownerDialogTitle);
      expect(await ownerDialog.roleOf('Jack Turner').inputValue()).toBe('3');
      await ownerDialog.close();
    },
    testTimeoutMs,
  );
});

describe('Halo audit on Wold Farm once one of its owners can audit', () => {
  it(
    'is Not available to a member who can audit until spray plans can be read, then settable',
    async () => {
      const base = running.server.url;
      // Set up through the API: Helen Marsh (a Manager, a role that audits) becomes an owner beside Richard
      // Dawson, and the demo agronomist Tom Bradley joins as a member by an invitation.
      const ownerToken = await openHoldingByApi(base, owner, holding);
      const grid = await callApi<{ users: { userId: number; email: string }[] }>(
        base,
        ownerToken,
        'GET',
        '/api/holdings/v1/permissions?year=2027',
      );
      const helen = grid.users.find((user) => user.email === 'manager@headland.example')!;
      await callApi(base, ownerToken, 'POST', '/api/holdings/v1/permissions', {
        year: 2027,
        users: [{ userId: helen.userId, holdingRole: 2 }],
      });
      const agronomist = 'agronomist@headland.example';
      await callApi(base, ownerToken, 'POST', '/api/holdings/v1/invites/send', {
        email: agronomist,
        accessLevel: 1,
      });
      const outbox = await (await fetch(`${base}/outbox`)).text();
      const message = outbox.slice(outbox.lastIndexOf(`To ${agronomist}`));
      const parameter = /[?&]invite=([^"&<\s]+)/.exec(message)?.[1];
      const invitation = decodeInviteParameter(decodeURIComponent(parameter!));
      const agronomistToken = await signInByApi(base, agronomist);
      await callApi(base, agronomistToken, 'POST', '/api/session/v1/start', {
        acceptedInviteId: invitation!.id,
        inviteSecret: invitation!.secret,
      });

      const page = await openPage();
      await signInTo(page, owner);
      const dialog = await PermissionsDialog.open(page, ownerDialogTitle);
      await dialog.openTab('Permissions');
      await dialog.filter.fill('Tom');
      const name = 'Tom Bradley';
      const sprayPlans = dialog.cell('Spray plans', name);
      const audit = dialog.cell('Halo audit', name);
      await audit.waitFor();
      await sprayPlans.selectOption('');
      // Without spray plans the audit depends on nothing it can have.
      await expect.poll(() => audit.count()).toBe(0);
      await expect.poll(() => dialog.featureRow('Halo audit').innerText()).toContain('Not available');
      await dialog.featureRow('Halo audit').scrollIntoViewIfNeeded();
      await screenshot(page, 'permissions-11-audit-needs-spray-plans', { fullPage: false });
      await sprayPlans.selectOption('view');
      await audit.waitFor();
      await audit.selectOption('available');
      expect(await audit.inputValue()).toBe('available');
      await dialog.button('Cancel').click();
      await dialog.close();
    },
    testTimeoutMs,
  );
});
