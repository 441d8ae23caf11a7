import { describe, expect, it } from 'vitest';
import {
  defaultHoldingPermissions,
  withHoldingPermission,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  applyPermissionRules,
  displayName,
  effectivePermissions,
  mayManageHolding,
} from './permissionRules.ts';

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
