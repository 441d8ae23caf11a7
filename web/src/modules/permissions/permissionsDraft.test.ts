import { describe, expect, it } from 'vitest';
import { ownerHoldingPermissions, permissionCell } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  canRemove,
  draftOf,
  filterDrafts,
  hasChanges,
  isUpdated,
  roleControl,
  saveRequest,
  withBulk,
  withCell,
  withCroppings,
  withRole,
  type UserDraft,
  type Viewer,
} from './permissionsDraft.ts';
import { aPermissionsUser, viewerId } from './testing/permissionsFixtures.ts';

const owner: Viewer = { userId: viewerId, canManage: true };
const nonOwner: Viewer = { userId: viewerId, canManage: false };

const member = () => draftOf(aPermissionsUser());
const restricted = () =>
  draftOf(
    aPermissionsUser({
      userId: 9,
      holdingRole: HoldingRole.RestrictedMember,
      restrictCroppingAccess: true,
      croppingPermissions: [{ croppingId: 501, authorized: false }],
    }),
  );
const self = (holdingRole: HoldingRole) => draftOf(aPermissionsUser({ userId: viewerId, holdingRole }));

describe('isUpdated', () => {
  it.each<[string, (draft: UserDraft) => UserDraft, boolean]>([
    ['nothing changed', (draft) => draft, false],
    ['the role', (draft) => withRole(draft, HoldingRole.Owner), true],
    ['a permission', (draft) => withCell(draft, 'main.fields', 'view'), true],
    ['the restrict flag', (draft) => ({ ...draft, restrictCroppingAccess: false }), true],
    ['a cropping authorisation', (draft) => withCroppings(draft, [501], true), true],
    [
      'a cropping authorised as it was (no entry means authorised)',
      (d) => withCroppings(d, [502], true),
      false,
    ],
    [
      'a change and its undoing',
      (draft) => withCroppings(withCroppings(draft, [502], false), [502], true),
      false,
    ],
  ])('%s', (_name, change, expected) => {
    expect(isUpdated(change(restricted()))).toBe(expected);
  });

  it('ignores the order of keys in the permissions', () => {
    const draft = member();
    const { main, scouting } = draft.holdingPermissions;
    const fields = { write: main.fields.write, read: main.fields.read };
    const shuffled = { ...draft, holdingPermissions: { scouting, main: { ...main, fields } } };
    expect(isUpdated(shuffled)).toBe(false);
  });

  it('is separate from removal', () => {
    const removed = { ...member(), deleted: true };
    expect(isUpdated(removed)).toBe(false);
    expect(hasChanges(removed)).toBe(true);
  });
});

describe('withRole and withCell', () => {
  it('takes Business Production away from a new restricted member', () => {
    const draft = draftOf(aPermissionsUser({ userRole: Role.Agronomist }));
    expect(permissionCell(draft.holdingPermissions, 'main.businessProduction')).toBe('edit');
    const next = withRole(draft, HoldingRole.RestrictedMember);
    expect(permissionCell(next.holdingPermissions, 'main.businessProduction')).toBeNull();
    expect(permissionCell(next.holdingPermissions, 'main.fields')).toBe('edit');
  });

  it('clears Halo audit with spray plans, by the dependency rule', () => {
    const draft = withCell(
      draftOf(aPermissionsUser({ userRole: Role.Agronomist })),
      'main.sprayPlans.haloAudit',
      'available',
    );
    expect(permissionCell(draft.holdingPermissions, 'main.sprayPlans.haloAudit')).toBe('available');
    const next = withCell(draft, 'main.sprayPlans', null);
    expect(permissionCell(next.holdingPermissions, 'main.sprayPlans.haloAudit')).toBe('notAvailable');
  });

  it('sets a whole group with the bulk choice', () => {
    const draft = draftOf(aPermissionsUser({ userRole: Role.Agronomist }));
    const viewed = withBulk(draft, 'main', 'view', { sprayAudit: true });
    expect(permissionCell(viewed.holdingPermissions, 'main.fields')).toBe('view');
    expect(permissionCell(viewed.holdingPermissions, 'main.stocks')).toBe('view');
    const edited = withBulk(viewed, 'main', 'edit', { sprayAudit: true });
    expect(permissionCell(edited.holdingPermissions, 'main.stocks')).toBe('editFinancial');
    expect(permissionCell(edited.holdingPermissions, 'main.sprayPlans.haloAudit')).toBe('available');
  });
});

describe("the owners' permissions cap every edit", () => {
  const features = { sprayAudit: true, scoutingLink: true };
  // An owner with the Access role: map layers and exports, climate to view, no stocks or fields.
  const accessOwner = ownerHoldingPermissions([Role.Access], features);
  const manager = () => draftOf(aPermissionsUser({ userRole: Role.Manager }));

  it.each([
    ['main.stocks', 'editFinancial', null],
    ['main.fields', 'view', null],
    ['main.climate', 'edit', 'view'],
    ['main.mapLayers', 'edit', 'edit'],
    ['main.reports', 'available', 'notAvailable'],
    ['scouting.appAccess', 'available', 'notAvailable'],
  ] as const)('choosing %s %s gives %s', (id, cell, expected) => {
    expect(permissionCell(withCell(manager(), id, cell, accessOwner).holdingPermissions, id)).toBe(expected);
    // Without an owner to narrow by, the choice stands.
    expect(permissionCell(withCell(manager(), id, cell, null).holdingPermissions, id)).toBe(cell);
  });

  it('the bulk choice gives only what the owner has', () => {
    const edited = withBulk(manager(), 'main', 'edit', features, accessOwner);
    expect(permissionCell(edited.holdingPermissions, 'main.stocks')).toBeNull();
    expect(permissionCell(edited.holdingPermissions, 'main.climate')).toBe('view');
    expect(permissionCell(edited.holdingPermissions, 'main.mapLayers')).toBe('edit');
  });

  it('becoming a restricted member keeps within the owner too', () => {
    const next = withRole(manager(), HoldingRole.RestrictedMember, accessOwner);
    expect(permissionCell(next.holdingPermissions, 'main.stocks')).toBeNull();
    expect(permissionCell(next.holdingPermissions, 'main.businessProduction')).toBeNull();
  });
});

describe('filterDrafts', () => {
  const drafts = [
    draftOf(aPermissionsUser({ userId: 1, firstName: 'Ann', lastName: 'Field', email: 'ann@farm.test' })),
    draftOf(aPermissionsUser({ userId: 2, firstName: 'Bob', lastName: 'Tiller', email: 'bob@farm.test' })),
    draftOf(aPermissionsUser({ userId: 3, firstName: '', lastName: '', email: 'CARA@Mills.test' })),
  ];
  const ids = (list: readonly UserDraft[]) => list.map((draft) => draft.loaded.userId);

  it.each([
    ['', [1, 2, 3]],
    ['   ', [1, 2, 3]],
    ['ann', [1]],
    ['TILLER', [2]],
    ['ann field', [1]],
    ['mills', [3]],
    ['farm.test', [1, 2]],
    ['nobody', []],
  ])('%j keeps %j', (filter, expected) => {
    expect(ids(filterDrafts(drafts, filter))).toEqual(expected);
  });

  it('keeps users with unsaved changes whatever the filter', () => {
    const changed = [drafts[0]!, withRole(drafts[1]!, HoldingRole.Owner), { ...drafts[2]!, deleted: true }];
    expect(ids(filterDrafts(changed, 'nobody'))).toEqual([2, 3]);
  });
});

describe('roleControl', () => {
  const { Owner, Member, RestrictedMember } = HoldingRole;

  it.each<[string, UserDraft, Viewer, HoldingRole[], boolean]>([
    ['owner on a member: every role', member(), owner, [Owner, Member, RestrictedMember], false],
    [
      'owner on an owner',
      draftOf(aPermissionsUser({ holdingRole: Owner })),
      owner,
      [Owner, Member, RestrictedMember],
      false,
    ],
    [
      'owner on a restricted member: restricted is only the current value',
      restricted(),
      owner,
      [Owner, Member, RestrictedMember],
      false,
    ],
    ['owner on themselves (not Member)', self(Owner), owner, [Owner, Member, RestrictedMember], true],
    [
      'owner on a removed user',
      { ...member(), deleted: true },
      owner,
      [Owner, Member, RestrictedMember],
      true,
    ],
    ['member on themselves: only restricted', self(Member), nonOwner, [Member, RestrictedMember], false],
    ['restricted member on themselves: nothing', self(RestrictedMember), nonOwner, [RestrictedMember], true],
    ['member on another user: nothing', member(), nonOwner, [Member], true],
    [
      'member after choosing restricted for themselves',
      withRole(self(Member), RestrictedMember),
      nonOwner,
      [RestrictedMember],
      true,
    ],
  ])('%s', (_name, draft, viewer, options, disabled) => {
    expect(roleControl(draft, viewer)).toEqual({ options, disabled });
  });
});

describe('canRemove', () => {
  it.each<[string, UserDraft, Viewer, boolean]>([
    ['owner, member', member(), owner, true],
    ['owner, restricted member', restricted(), owner, true],
    ['owner, another owner', draftOf(aPermissionsUser({ holdingRole: HoldingRole.Owner })), owner, false],
    ['owner, a member being made owner', withRole(member(), HoldingRole.Owner), owner, false],
    ['owner, themselves', self(HoldingRole.Member), owner, false],
    ['owner, a removed row', { ...member(), deleted: true }, owner, true],
    ['non-owner, member', member(), nonOwner, false],
  ])('%s', (_name, draft, viewer, expected) => {
    expect(canRemove(draft, viewer)).toBe(expected);
  });
});

describe('saveRequest', () => {
  it('sends changed users only, the role only when it changed, croppings only for restricted access', () => {
    const untouched = member();
    const promoted = withRole(draftOf(aPermissionsUser({ userId: 10 })), HoldingRole.Owner);
    const narrowed = withCroppings(restricted(), [502], false);
    const anyCropping = { ...draftOf({ ...restricted().loaded, userId: 11 }), restrictCroppingAccess: false };
    const removed = {
      ...draftOf(aPermissionsUser({ userId: 12, email: 'gone@example.com' })),
      deleted: true,
    };
    const request = saveRequest(
      2025,
      [untouched, promoted, narrowed, anyCropping, removed],
      [501, 502],
      owner,
    );

    expect(request.year).toBe(2025);
    expect(request.users.map((user) => user.userId)).toEqual([10, 9, 11, 12]);
    const [first, second, third, fourth] = request.users;
    expect(first).toMatchObject({ userId: 10, delete: false, holdingRole: HoldingRole.Owner });
    expect(first).not.toHaveProperty('croppingPermissions');
    expect(second).not.toHaveProperty('holdingRole');
    expect(second).toMatchObject({
      restrictCroppingAccess: true,
      croppingPermissions: [
        { croppingId: 501, authorized: false },
        { croppingId: 502, authorized: false },
      ],
    });
    expect(second!.holdingPermissions).toEqual(narrowed.holdingPermissions);
    expect(third).toMatchObject({ restrictCroppingAccess: false });
    expect(third).not.toHaveProperty('croppingPermissions');
    expect(fourth).toEqual({ userId: 12, email: 'gone@example.com', delete: true, version: 1 });
  });

  it("leaves the viewer's own switch to restricted member to its own call", () => {
    const switching = withRole(self(HoldingRole.Member), HoldingRole.RestrictedMember);
    expect(saveRequest(2025, [switching], [], nonOwner).users).toEqual([]);
    const promoted = withRole(member(), HoldingRole.Owner);
    expect(saveRequest(2025, [switching, promoted], [], owner).users.map((user) => user.userId)).toEqual([8]);
  });
});
