import { describe, expect, it } from 'vitest';
import {
  HoldingRole,
  InvitationAccessLevel,
  Role,
  canViewSatelliteClouds,
  holdingRoleSchema,
  invitationAccessLevelSchema,
  isAdminOrHigher,
  isAgronomistOrHigher,
  isAgronomistOrManager,
  isMasterOrHigher,
  mainRoleNames,
  resolveRole,
  roleSchema,
  roles,
  secondRoleNames,
} from './roles.ts';

describe('Role', () => {
  it('numbers the fifteen roles 1 to 15 in order of rights', () => {
    expect(roles).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect([Role.Master, Role.Admin, Role.Demo, Role.AccessPlus]).toEqual([1, 2, 6, 15]);
  });

  it.each([
    [null, Role.Demo],
    [undefined, Role.Demo],
    [1, Role.Master],
    [6, Role.Demo],
    [15, Role.AccessPlus],
  ])('resolves %s to %s', (value, expected) => {
    expect(resolveRole(value)).toBe(expected);
  });

  it.each([0, 16, -1, 2.5])('refuses the unknown role %s', (value) => {
    expect(() => resolveRole(value)).toThrow(RangeError);
  });

  it.each([
    [1, true],
    [15, true],
    [0, false],
    [16, false],
    ['1', false],
  ])('the role schema accepts %s: %s', (value, ok) => {
    expect(roleSchema.safeParse(value).success).toBe(ok);
  });
});

describe('role display names', () => {
  it.each([
    [Role.Master, 'Master', 'Master'],
    [Role.Admin, 'Admin', 'Admin'],
    [Role.Manager, 'Manager', 'Manager'],
    [Role.Agronomist, 'Agronomist', 'Advisor'],
    [Role.Client, 'Business Manager Client', 'Advanced'],
    [Role.Demo, 'Demo', 'Demo'],
    [Role.Access, 'Access', 'Basic'],
    [Role.FmClient, 'Field Manager Client', 'Field Manager Client'],
    [Role.ScoutUser, 'Scout User', 'Scout User'],
    [Role.ConnectUser, 'Connect User', 'Connect User'],
    [Role.InvoicingAdmin, 'Invoicing Admin', 'Invoicing Admin'],
    [Role.ServiceSpecialist, 'Service Specialist', 'Service Specialist'],
    [Role.SoilMappingTeam, 'Soil Mapping Team', 'Soil Mapping Team'],
    [Role.ThirdPartyAgronomist, '3rd Party Agronomist', '3rd Party Agronomist'],
    [Role.AccessPlus, 'Access +', 'Access +'],
  ])('role %s reads %s in the main brand and %s in the second', (role, main, second) => {
    expect(mainRoleNames[role]).toBe(main);
    expect(secondRoleNames[role]).toBe(second);
  });
});

describe('role levels', () => {
  it.each(roles.map((role) => [role]))('role %s', (role) => {
    expect(isMasterOrHigher(role)).toBe(role === 1);
    expect(isAdminOrHigher(role)).toBe(role <= 2);
    expect(isAgronomistOrHigher(role)).toBe(role <= 4);
    expect(isAgronomistOrManager(role)).toBe(role === 3 || role === 4);
    expect(canViewSatelliteClouds(role)).toBe(role <= 2 || role === 12);
  });
});

describe('holding roles and invitation levels', () => {
  it('numbers holding roles and access levels as the spec does', () => {
    expect(HoldingRole).toEqual({ Member: 1, Owner: 2, RestrictedMember: 3 });
    expect(InvitationAccessLevel).toEqual({ Full: 1, Agronomist: 2, Operator: 3 });
  });

  it.each([
    [1, true],
    [2, true],
    [3, true],
    [0, false],
    [4, false],
  ])('schemas accept %s: %s', (value, ok) => {
    expect(holdingRoleSchema.safeParse(value).success).toBe(ok);
    expect(invitationAccessLevelSchema.safeParse(value).success).toBe(ok);
  });
});
