import { describe, expect, it } from 'vitest';
import {
  defaultHoldingPermissions,
  ownerHoldingPermissions,
  permissionCell,
  withHoldingPermission,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import { applyPermissionRules, effectivePermissions, holdingOwnerPermissions } from './permissionRules.ts';
import { mayManageHolding } from '../../auth/holdingAccess.ts';
import { displayName } from '../../auth/users.presenters.ts';

describe('displayName', () => {
  it.each([
    [{ firstName: 'Olive', lastName: 'Owner', email: 'o@farm.example' }, 'Olive Owner'],
    [{ firstName: ' Olive ', lastName: '', email: 'o@farm.example' }, 'Olive'],
    [{ firstName: '', lastName: 'Owner', email: 'o@farm.example' }, 'Owner'],
    [{ firstName: '', lastName: '  ', email: 'o@farm.example' }, 'o@farm.example'],
    [{ firstName: '', lastName: '', email: '' }, 'User #7'],
  ])('of %o is %s', (user, expected) => {
    expect(displayName({ userId: 7, ...user })).toBe(expected);
  });
});

describe('mayManageHolding', () => {
  it.each([
    [Role.Client, HoldingRole.Owner, true],
    [Role.Agronomist, HoldingRole.Member, false],
    [Role.Agronomist, HoldingRole.RestrictedMember, false],
    [Role.Manager, null, false],
    [Role.Admin, null, true],
    [Role.Master, HoldingRole.RestrictedMember, true],
  ])('role %s with holding role %s: %s', (role, holdingRole, expected) => {
    expect(mayManageHolding(role, holdingRole)).toBe(expected);
  });
});

describe('applyPermissionRules', () => {
  const agronomist = defaultHoldingPermissions(Role.Agronomist);
  const pick = (permissions: HoldingPermissions) => ({
    audit: permissions.main.sprayPlans.haloAudit.enabled,
    production: permissions.main.businessProduction.read,
    scouting: permissions.scouting.appAccess.enabled,
  });

  it.each([
    ['no holding features', {}, HoldingRole.Member, { audit: false, production: true, scouting: false }],
    [
      'the audit feature',
      { sprayAudit: true },
      HoldingRole.Member,
      { audit: true, production: true, scouting: false },
    ],
    [
      'a scouting link',
      { scoutingLink: true },
      HoldingRole.Member,
      { audit: false, production: true, scouting: true },
    ],
    [
      'everything, as a restricted member',
      { sprayAudit: true, scoutingLink: true },
      HoldingRole.RestrictedMember,
      { audit: true, production: false, scouting: true },
    ],
  ])('with %s', (_, features, holdingRole, expected) => {
    const wanted = withHoldingPermission(agronomist, 'main.sprayPlans.haloAudit', { enabled: true });
    expect(pick(applyPermissionRules(wanted, Role.Agronomist, holdingRole, features))).toEqual(expected);
  });

  it('shows an owner what a member of their account role could have, whatever is saved', () => {
    const saved = withHoldingPermission(agronomist, 'main.fields', { read: false, write: false });
    expect(effectivePermissions(saved, Role.Agronomist, HoldingRole.Owner, {}).main.fields).toEqual({
      read: true,
      write: true,
    });
    expect(effectivePermissions(saved, Role.Agronomist, HoldingRole.Member, {}).main.fields).toEqual({
      read: false,
      write: false,
    });
  });

  it('falls back to the role defaults for unreadable saved permissions', () => {
    expect(effectivePermissions({ main: 'broken' }, Role.Client, HoldingRole.Member, {})).toEqual(
      effectivePermissions(null, Role.Client, HoldingRole.Member, {}),
    );
  });
});

describe('holdingOwnerPermissions', () => {
  const features = { sprayAudit: true, scoutingLink: true };

  it.each([
    ['no owner', [], null],
    ['an Access owner', [[Role.Access, HoldingRole.Owner]], null],
    [
      'an Access and a Client owner',
      [
        [Role.Access, HoldingRole.Owner],
        [Role.Client, HoldingRole.Owner],
      ],
      'editFinancial',
    ],
    [
      'a Client member and an Access owner',
      [
        [Role.Client, HoldingRole.Member],
        [Role.Access, HoldingRole.Owner],
      ],
      null,
    ],
  ] as const)('with %s: stocks are %s', (_, members, stocks) => {
    const rows = members.map(([role, holdingRole]) => ({ role, holding_role: holdingRole }));
    const owner = holdingOwnerPermissions(rows, features);
    if (members.every(([, holdingRole]) => holdingRole !== HoldingRole.Owner)) expect(owner).toBeNull();
    else expect(permissionCell(owner!, 'main.stocks')).toBe(stocks);
  });
});

describe('applyPermissionRules narrowed by the owners', () => {
  const features = { sprayAudit: true, scoutingLink: true };
  const accessOwner = ownerHoldingPermissions([Role.Access], features);
  const manager = defaultHoldingPermissions(Role.Manager);

  it.each([
    [HoldingRole.Member, 'main.stocks', null],
    [HoldingRole.Member, 'main.climate', 'view'],
    [HoldingRole.Member, 'main.mapLayers', 'edit'],
    [HoldingRole.Member, 'scouting.appAccess', 'notAvailable'],
    [HoldingRole.RestrictedMember, 'main.stocks', null],
    // Owners are shown what a member of their role could have: other owners do not narrow them.
    [HoldingRole.Owner, 'main.stocks', 'editFinancial'],
    [HoldingRole.Owner, 'scouting.appAccess', 'available'],
  ] as const)('a Manager %s under an Access owner: %s is %s', (holdingRole, id, cell) => {
    expect(
      permissionCell(applyPermissionRules(manager, Role.Manager, holdingRole, features, accessOwner), id),
    ).toBe(cell);
  });

  it('without an owner, narrows nothing', () => {
    expect(applyPermissionRules(manager, Role.Manager, HoldingRole.Member, features, null)).toEqual(
      applyPermissionRules(manager, Role.Manager, HoldingRole.Member, features),
    );
    expect(
      permissionCell(
        effectivePermissions(null, Role.Manager, HoldingRole.Member, features, null),
        'main.stocks',
      ),
    ).toBe('editFinancial');
  });
});
