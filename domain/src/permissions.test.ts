import { describe, expect, it } from 'vitest';
import { brands, type BrandFeatures } from './brands.ts';
import {
  defaultHoldingPermissions,
  emptyHoldingPermissions,
  ownerHoldingPermissions,
  type HoldingPermissions,
} from './holdingPermissions.ts';
import {
  canAccess,
  derivePermissions,
  forbiddenMessage,
  noPermissions,
  permissionAreas,
  rolePermissions,
  type PermissionArea,
  type PermissionInput,
  type Permissions,
} from './permissions.ts';
import { HoldingRole, Role, roles } from './roles.ts';

const all = permissionAreas;
const agronomy: PermissionArea[] = [
  'holdings',
  'currentHolding',
  'fields',
  'mapLayers',
  'soil',
  'seedPlans',
  'nutritionPlans',
  'sprayPlans',
  'manure',
  'climate',
  'fieldDiary',
  'taskManagement',
  'soilManagementPlan',
];
const accessRole: PermissionArea[] = ['holdings', 'currentHolding', 'mapLayers', 'climate', 'exports'];

/** The role matrix as the decisions record states it: areas read, areas written. */
const matrix: Record<Role, { read: readonly PermissionArea[]; write: readonly PermissionArea[] }> = {
  [Role.Master]: { read: all, write: all },
  [Role.Admin]: { read: all, write: all },
  [Role.Manager]: { read: all, write: all },
  [Role.Agronomist]: { read: all, write: all },
  [Role.Client]: { read: all, write: ['fields', 'mapLayers', 'fieldDiary', 'stocks', 'exports', 'reports'] },
  [Role.Demo]: { read: all.filter((area) => area !== 'exports'), write: ['reports'] },
  [Role.Access]: { read: accessRole, write: ['mapLayers', 'exports'] },
  [Role.FmClient]: { read: [...agronomy, 'reports'], write: ['fieldDiary', 'reports'] },
  [Role.ScoutUser]: {
    read: ['holdings', 'currentHolding', 'fields', 'mapLayers', 'fieldDiary', 'taskManagement'],
    write: ['fieldDiary', 'taskManagement'],
  },
  [Role.ConnectUser]: {
    read: ['holdings', 'currentHolding', 'fields', 'mapLayers', 'exports'],
    write: ['currentHolding', 'exports'],
  },
  [Role.InvoicingAdmin]: { read: ['holdings', 'currentHolding', 'reports'], write: ['reports'] },
  [Role.ServiceSpecialist]: {
    read: [...agronomy, 'stocks', 'exports', 'reports'],
    write: ['fields', 'mapLayers', 'currentHolding', 'exports', 'reports'],
  },
  [Role.SoilMappingTeam]: {
    read: ['holdings', 'currentHolding', 'fields', 'mapLayers', 'soil', 'soilManagementPlan', 'exports'],
    write: ['mapLayers', 'soil', 'exports'],
  },
  [Role.ThirdPartyAgronomist]: {
    read: [...agronomy, 'stocks', 'exports', 'reports'],
    write: [
      'fields',
      'mapLayers',
      'soil',
      'seedPlans',
      'nutritionPlans',
      'sprayPlans',
      'manure',
      'fieldDiary',
      'taskManagement',
      'soilManagementPlan',
      'exports',
      'reports',
    ],
  },
  [Role.AccessPlus]: {
    read: [...accessRole, 'fields', 'soil', 'reports'],
    write: ['mapLayers', 'exports', 'fields', 'reports'],
  },
};
const seesFinancialData = (role: Role) => role <= Role.Client;
const mayAudit = (role: Role) => role <= Role.Agronomist;

const readAreas = (permissions: Permissions) => all.filter((area) => permissions[area].read);
const writeAreas = (permissions: Permissions) => all.filter((area) => permissions[area].write);

describe('rolePermissions', () => {
  it.each(roles.map((role) => [role]))('role %s follows the matrix', (role) => {
    const permissions = rolePermissions(role);
    expect(readAreas(permissions)).toEqual(all.filter((area) => matrix[role].read.includes(area)));
    expect(writeAreas(permissions)).toEqual(all.filter((area) => matrix[role].write.includes(area)));
    for (const area of ['stocks', 'shed'] as const) {
      const { read, write } = permissions[area];
      expect(permissions[area].financialData).toBe(write || (read && seesFinancialData(role)));
    }
    expect(permissions.exports.enabled).toBe(permissions.exports.read);
    expect(permissions.reports.enabled).toBe(permissions.reports.read);
    expect(permissions.sprayPlans.audit).toBe(mayAudit(role));
  });

  it('carries each extra flag only on its areas', () => {
    const permissions = rolePermissions(Role.Master);
    for (const area of all) {
      expect('financialData' in permissions[area]).toBe(area === 'stocks' || area === 'shed');
      expect('enabled' in permissions[area]).toBe(area === 'exports' || area === 'reports');
      expect('audit' in permissions[area]).toBe(area === 'sprayPlans');
    }
  });

  it('noPermissions grants nothing', () => {
    const none = noPermissions();
    expect(readAreas(none)).toEqual([]);
    expect(writeAreas(none)).toEqual([]);
    expect(none.stocks.financialData).toBe(false);
    expect(none.exports.enabled).toBe(false);
    expect(none.sprayPlans.audit).toBe(false);
  });
});

/** A member's saved permissions: view everything, edit fields only, no financial data, Halo audit on. */
function viewAllEditFields(): HoldingPermissions {
  const permissions = emptyHoldingPermissions();
  for (const value of Object.values(permissions.main)) {
    if ('enabled' in value) value.enabled = true;
    else value.read = true;
  }
  permissions.main.fields.write = true;
  permissions.main.sprayPlans.haloAudit.enabled = true;
  return permissions;
}

const mainFeatures = brands.main.features;
const holdingFeatures = { sprayAudit: true, perHoldingPermissions: true, scoutingLink: true };

function input(overrides: Partial<PermissionInput>): PermissionInput {
  return {
    role: Role.Master,
    holdingRole: null,
    holdingPermissions: null,
    holdingFeatures,
    brandFeatures: mainFeatures,
    readOnlySession: false,
    fixedHoldingList: false,
    ...overrides,
  };
}

const holdingRoles = [HoldingRole.Owner, HoldingRole.Member, HoldingRole.RestrictedMember, null] as const;
const accessAreas: readonly PermissionArea[] = ['exports', 'reports'];
const keepsOwnSoilPlan = (role: Role) => role === Role.Agronomist || role === Role.Manager;

/** What the rules of the decisions record give for the saved permissions `viewAllEditFields`. */
function expected(
  role: Role,
  holdingRole: HoldingRole | null,
  readOnly: boolean,
  fixed: boolean,
): Permissions {
  const base = rolePermissions(role);
  const narrowed = holdingRole === HoldingRole.Member || holdingRole === HoldingRole.RestrictedMember;
  const result = noPermissions();
  for (const area of all) {
    const own = narrowed && area === 'soilManagementPlan' && keepsOwnSoilPlan(role);
    const read = base[area].read;
    let write = base[area].write && (!narrowed || own || area === 'fields' || accessAreas.includes(area));
    if (fixed && !accessAreas.includes(area) && (!narrowed || own)) write = false;
    if (readOnly && !accessAreas.includes(area)) write = false;
    result[area].read = read;
    result[area].write = write;
    if (accessAreas.includes(area)) result[area].enabled = read;
  }
  if (holdingRole === HoldingRole.RestrictedMember) result.production = { read: false, write: false };
  if (holdingRole === HoldingRole.Owner && role !== Role.Demo) {
    for (const area of ['holdings', 'currentHolding'] as const) {
      result[area].read = true;
      result[area].write = !readOnly && !fixed;
    }
  }
  for (const area of ['stocks', 'shed'] as const) {
    const financialData = narrowed ? false : base[area].financialData === true;
    result[area].financialData = result[area].write || financialData;
  }
  result.sprayPlans.audit = mayAudit(role) && !readOnly && (!fixed || narrowed);
  return result;
}

describe('derivePermissions for every role, holding role, session kind and holding list', () => {
  const cases = roles.flatMap((role) =>
    holdingRoles.flatMap((holdingRole) =>
      [false, true].flatMap((readOnly) =>
        [false, true].map((fixed) => [role, holdingRole, readOnly, fixed] as const),
      ),
    ),
  );

  it.each(cases)(
    'role %s, holding role %s, read-only %s, fixed list %s',
    (role, holdingRole, readOnly, fixed) => {
      const permissions = derivePermissions(
        input({
          role,
          holdingRole,
          holdingPermissions: viewAllEditFields(),
          readOnlySession: readOnly,
          fixedHoldingList: fixed,
        }),
      );
      expect(permissions).toEqual(expected(role, holdingRole, readOnly, fixed));
      // Invariants, whatever the table above says. An owner's own holding areas are the one widening.
      const base = rolePermissions(role);
      const ownerAreas: PermissionArea[] =
        holdingRole === HoldingRole.Owner && role !== Role.Demo ? ['holdings', 'currentHolding'] : [];
      for (const area of all) {
        if (ownerAreas.includes(area)) continue;
        if (permissions[area].read) expect(base[area].read).toBe(true);
        if (permissions[area].write) expect(base[area].write && permissions[area].read).toBe(true);
        if (readOnly && !accessAreas.includes(area)) expect(permissions[area].write).toBe(false);
      }
      if (permissions.stocks.write) expect(permissions.stocks.financialData).toBe(true);
      if (permissions.shed.write) expect(permissions.shed.financialData).toBe(true);
      if (holdingRole === HoldingRole.RestrictedMember) expect(permissions.production.read).toBe(false);
    },
  );
});

describe('derivePermissions rules', () => {
  it.each(roles.map((role) => [role]))(
    'a member without saved permissions gets the role defaults (role %s)',
    (role) => {
      const unsaved = derivePermissions(input({ role, holdingRole: HoldingRole.Member }));
      const defaults = derivePermissions(
        input({ role, holdingRole: HoldingRole.Member, holdingPermissions: defaultHoldingPermissions(role) }),
      );
      expect(unsaved).toEqual(defaults);
      expect(unsaved.sprayPlans.audit).toBe(role <= Role.Admin);
    },
  );

  it.each([
    ['the brand', { ...mainFeatures, perHoldingPermissions: false }, holdingFeatures],
    ['the holding', mainFeatures, { ...holdingFeatures, perHoldingPermissions: false }],
    ['the holding (flag missing)', mainFeatures, { sprayAudit: true }],
  ])('members are not narrowed when %s has no per-holding permissions', (_case, brandFeatures, flags) => {
    const permissions = derivePermissions(
      input({
        role: Role.Client,
        holdingRole: HoldingRole.Member,
        holdingPermissions: emptyHoldingPermissions(),
        brandFeatures,
        holdingFeatures: flags,
      }),
    );
    expect(permissions).toEqual(derivePermissions(input({ role: Role.Client, holdingRole: null })));
  });

  it.each(holdingRoles.map((holdingRole) => [holdingRole]))(
    'spray audit needs the holding audit feature (holding role %s)',
    (holdingRole) => {
      const flags = { ...holdingFeatures, sprayAudit: false };
      const permissions = derivePermissions(
        input({ holdingRole, holdingPermissions: viewAllEditFields(), holdingFeatures: flags }),
      );
      expect(permissions.sprayPlans.audit).toBe(false);
      expect(permissions.sprayPlans.read).toBe(true);
    },
  );

  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
  ])('a member audits with spray read %s and Halo audit %s: %s', (read, halo, audit) => {
    const saved = viewAllEditFields();
    saved.main.sprayPlans = { read, write: false, haloAudit: { enabled: halo } };
    const permissions = derivePermissions(
      input({ role: Role.Agronomist, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(permissions.sprayPlans.audit).toBe(audit);
  });

  it.each([
    [
      { read: true, write: false, financialData: false },
      { read: true, write: false, financialData: false },
    ],
    [
      { read: true, write: false, financialData: true },
      { read: true, write: false, financialData: true },
    ],
    [
      { read: true, write: true, financialData: false },
      { read: true, write: true, financialData: true },
    ],
    [
      { read: false, write: true, financialData: true },
      { read: false, write: false, financialData: false },
    ],
  ])('a Manager member with stocks %j gets %j', (stocks, result) => {
    const saved = viewAllEditFields();
    saved.main.stocks = stocks;
    saved.main.businessShed = stocks;
    const permissions = derivePermissions(
      input({ role: Role.Manager, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(permissions.stocks).toEqual(result);
    expect(permissions.shed).toEqual(result);
  });

  it('a member without financial rights by role gets no financial data from the holding', () => {
    const saved = viewAllEditFields();
    saved.main.stocks = { read: true, write: false, financialData: true };
    const permissions = derivePermissions(
      input({ role: Role.ServiceSpecialist, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(permissions.stocks).toEqual({ read: true, write: false, financialData: false });
  });

  it.each([
    [true, true],
    [false, false],
  ])('exports follow the holding grant %s', (enabled, result) => {
    const saved = viewAllEditFields();
    saved.main.exports.enabled = enabled;
    const permissions = derivePermissions(
      input({ role: Role.Client, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(permissions.exports).toEqual({ read: result, write: result, enabled: result });
  });

  it('a read-only session keeps exports and reports usable', () => {
    const permissions = derivePermissions(input({ readOnlySession: true }));
    expect(writeAreas(permissions)).toEqual(['exports', 'reports']);
    expect(permissions.sprayPlans.audit).toBe(false);
    expect(permissions.stocks.financialData).toBe(true);
  });

  it.each([
    [Role.Agronomist, true],
    [Role.Manager, true],
    [Role.Master, false],
    [Role.Client, false],
  ])('role %s keeps its soil-management-plan rights when the holding denies soil: %s', (role, kept) => {
    const saved = viewAllEditFields();
    saved.main.soil = { read: false, write: false };
    const permissions = derivePermissions(
      input({ role, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(permissions.soil.read).toBe(false);
    expect(permissions.soilManagementPlan).toEqual(
      kept ? rolePermissions(role).soilManagementPlan : { read: false, write: false },
    );
  });

  it('the holding permission for holdings also governs the current holding', () => {
    const saved = viewAllEditFields();
    saved.main.holdings = { read: true, write: true };
    const granted = derivePermissions(
      input({ role: Role.Agronomist, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(granted.currentHolding).toEqual({ read: true, write: true });
    saved.main.holdings = { read: false, write: false };
    const denied = derivePermissions(
      input({ role: Role.Agronomist, holdingRole: HoldingRole.Member, holdingPermissions: saved }),
    );
    expect(denied.currentHolding).toEqual({ read: false, write: false });
  });

  it('a restricted member never has Business Production, even when granted', () => {
    const saved = viewAllEditFields();
    saved.main.businessProduction = { read: true, write: true };
    const permissions = derivePermissions(
      input({ role: Role.Master, holdingRole: HoldingRole.RestrictedMember, holdingPermissions: saved }),
    );
    expect(permissions.production).toEqual({ read: false, write: false });
    expect(permissions.yield.read).toBe(true);
  });

  const thirdGated: PermissionArea[] = [
    'soil',
    'stocks',
    'seedPlans',
    'nutritionPlans',
    'sprayPlans',
    'manure',
    'fieldDiary',
    'taskManagement',
    'climate',
    'planning',
    'soilManagementPlan',
  ];

  it.each<[string, BrandFeatures, readonly PermissionArea[]]>([
    ['main', brands.main.features, []],
    ['second', brands.second.features, ['manure', 'planning', 'soilManagementPlan']],
    ['third', brands.third.features, thirdGated],
  ])('the %s brand removes the areas it lacks', (_brand, brandFeatures, missing) => {
    const permissions = derivePermissions(input({ brandFeatures }));
    expect(all.filter((area) => !permissions[area].read)).toEqual(
      all.filter((area) => missing.includes(area)),
    );
  });

  it.each([
    ['main', brands.main.features, false, true],
    ['third', brands.third.features, false, true],
    ['main (member, climate denied)', brands.main.features, true, true],
  ])('the Access role always reads climate: %s', (_case, brandFeatures, member, read) => {
    const saved = viewAllEditFields();
    saved.main.climate = { read: false, write: false };
    const permissions = derivePermissions(
      input({
        role: Role.Access,
        brandFeatures: brandFeatures as BrandFeatures,
        holdingRole: member ? HoldingRole.Member : HoldingRole.Owner,
        holdingPermissions: saved,
      }),
    );
    expect(permissions.climate).toEqual({ read, write: false });
  });

  it('with a fixed holding list, a member writes only what the saved permissions grant', () => {
    const saved = viewAllEditFields();
    saved.main.holdings = { read: true, write: true };
    const permissions = derivePermissions(
      input({
        role: Role.Master,
        holdingRole: HoldingRole.Member,
        holdingPermissions: saved,
        fixedHoldingList: true,
      }),
    );
    expect(writeAreas(permissions)).toEqual(['holdings', 'fields', 'exports', 'reports', 'currentHolding']);
    const unsaved = derivePermissions(
      input({
        role: Role.Master,
        holdingRole: HoldingRole.Member,
        holdingPermissions: null,
        fixedHoldingList: true,
      }),
    );
    expect(writeAreas(unsaved)).toEqual(['exports', 'reports']);
  });
});

describe("derivePermissions narrowed by the holding's owners", () => {
  const owners = (...ownerRoles: Role[]) => ownerHoldingPermissions(ownerRoles, holdingFeatures);
  const accessReads: PermissionArea[] = ['holdings', 'mapLayers', 'exports', 'climate', 'currentHolding'];
  const accessWrites: PermissionArea[] = ['holdings', 'mapLayers', 'exports', 'currentHolding'];
  const member = { role: Role.Master, holdingRole: HoldingRole.Member } as const;

  it.each<[string, Partial<PermissionInput>, readonly PermissionArea[], readonly PermissionArea[]]>([
    [
      'a member on the role defaults',
      { ...member, ownerPermissions: owners(Role.Access) },
      accessReads,
      accessWrites,
    ],
    [
      'a member with saved permissions',
      {
        ...member,
        holdingPermissions: defaultHoldingPermissions(Role.Master),
        ownerPermissions: owners(Role.Access),
      },
      accessReads,
      accessWrites,
    ],
    [
      'a restricted member',
      { ...member, holdingRole: HoldingRole.RestrictedMember, ownerPermissions: owners(Role.Access) },
      accessReads,
      accessWrites,
    ],
    [
      'a member of a holding with two owners gets what either has',
      { ...member, ownerPermissions: owners(Role.Access, Role.ScoutUser) },
      [
        'holdings',
        'fields',
        'mapLayers',
        'exports',
        'climate',
        'fieldDiary',
        'taskManagement',
        'currentHolding',
      ],
      [...accessWrites.slice(0, 3), 'fieldDiary', 'taskManagement', 'currentHolding'],
    ],
    [
      'an owner is not narrowed',
      { ...member, holdingRole: HoldingRole.Owner, ownerPermissions: owners(Role.Access) },
      all,
      all,
    ],
    ['a member of a holding without an owner', { ...member, ownerPermissions: null }, all, all],
    [
      'a member where the holding has no per-holding permissions',
      {
        ...member,
        ownerPermissions: owners(Role.Access),
        holdingFeatures: { ...holdingFeatures, perHoldingPermissions: false },
      },
      all,
      all,
    ],
    [
      'a member keeps what the owner has but their own role lacks out of reach',
      { role: Role.Access, holdingRole: HoldingRole.Member, ownerPermissions: owners(Role.Master) },
      accessReads,
      ['mapLayers', 'exports'],
    ],
  ])('%s', (_name, overrides, read, write) => {
    const permissions = derivePermissions(input(overrides));
    expect(readAreas(permissions)).toEqual(read);
    expect(writeAreas(permissions)).toEqual(write);
  });

  it.each([
    [[Role.Client], false],
    [[Role.Client, Role.Agronomist], true],
    [[Role.Master], true],
  ])('spray auditing with owners %j: %s', (ownerRoles, audit) => {
    const permissions = derivePermissions(input({ ...member, ownerPermissions: owners(...ownerRoles) }));
    expect(permissions.sprayPlans.audit).toBe(audit);
  });

  it.each([
    [[Role.Demo], { read: true, write: false, financialData: false }],
    [[Role.ServiceSpecialist], { read: true, write: false, financialData: false }],
    [[Role.Client], { read: true, write: true, financialData: true }],
    [[Role.Access], { read: false, write: false, financialData: false }],
  ])('stocks of a Master member with owners %j: %j', (ownerRoles, stocks) => {
    const permissions = derivePermissions(input({ ...member, ownerPermissions: owners(...ownerRoles) }));
    expect(permissions.stocks).toEqual(stocks);
  });
});

describe('canAccess and forbiddenMessage', () => {
  const client = rolePermissions(Role.Client);

  it.each([
    ['fields', 'read', true],
    ['fields', 'write', true],
    ['soil', 'read', true],
    ['soil', 'write', false],
    ['exports', 'read', true],
    ['holdings', 'write', false],
  ] as const)('a client on %s %s: %s', (area, access, allowed) => {
    expect(canAccess(client, area, access)).toBe(allowed);
  });

  it.each([
    ['fields', 'read', 'You do not have permission to view fields on this holding.'],
    ['fields', 'write', 'You do not have permission to change fields on this holding.'],
    ['mapLayers', 'write', 'You do not have permission to change map layers on this holding.'],
    ['fieldDiary', 'read', 'You do not have permission to view the field diary on this holding.'],
    ['currentHolding', 'read', 'You do not have permission to view this holding.'],
    ['currentHolding', 'write', 'You do not have permission to change this holding.'],
    ['exports', 'read', 'You do not have access to exports on this holding.'],
    ['reports', 'write', 'You do not have access to reports on this holding.'],
  ] as const)('%s %s: %s', (area, access, message) => {
    expect(forbiddenMessage(area, access)).toBe(message);
  });

  it.each(all.flatMap((area) => (['read', 'write'] as const).map((access) => [area, access] as const)))(
    'every area has a sentence (%s, %s)',
    (area, access) => {
      expect(forbiddenMessage(area, access)).toMatch(/^You do not have (permission|access) to .+\.$/);
    },
  );
});
