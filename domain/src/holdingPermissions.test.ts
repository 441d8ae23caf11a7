import { describe, expect, it } from 'vitest';
import {
  defaultHoldingPermissions,
  emptyHoldingPermissions,
  holdingPermissionFeatures,
  holdingPermissionValue,
  holdingPermissionsSchema,
  invitationHoldingPermissions,
  normaliseHoldingPermissions,
  ownerHoldingPermissions,
  permissionAvailability,
  permissionCell,
  permissionCellOptions,
  withBulkPermission,
  withHoldingPermission,
  withPermissionCell,
  type HoldingPermissionFeatureId,
  type HoldingPermissions,
  type PermissionCell,
} from './holdingPermissions.ts';
import { HoldingRole, InvitationAccessLevel, Role, roles } from './roles.ts';

/** Every feature's drop-down value, keyed by feature id. */
function cells(permissions: HoldingPermissions): Record<string, PermissionCell | null> {
  return Object.fromEntries(
    holdingPermissionFeatures.map((feature) => [feature.id, permissionCell(permissions, feature.id)]),
  );
}

function withCells(
  permissions: HoldingPermissions,
  changes: Partial<Record<HoldingPermissionFeatureId, PermissionCell | null>>,
): HoldingPermissions {
  let next = permissions;
  for (const [id, cell] of Object.entries(changes)) {
    next = withPermissionCell(next, id as HoldingPermissionFeatureId, cell ?? null);
  }
  return next;
}

const flags = { sprayAudit: true, perHoldingPermissions: true, scoutingLink: true };

describe('holding permission features', () => {
  it('lists the spec features in two groups', () => {
    expect(holdingPermissionFeatures.filter((f) => f.group === 'main').map((f) => f.label)).toEqual([
      'Holdings',
      'Fields',
      'Map layers',
      'Stocks',
      'Soil',
      'Climate',
      'Seed plans',
      'Nutrition plans',
      'Spray plans',
      'Halo audit',
      'Manure',
      'Field diary',
      'Task management',
      'Exports',
      'Reports',
      'Business Yield',
      'Business Shed',
      'Business Production',
      'Business Planning',
    ]);
    expect(holdingPermissionFeatures.filter((f) => f.group === 'scouting').map((f) => f.label)).toEqual([
      'App access',
      'Fields',
      'Records',
      'Tasks',
      'Stocks',
    ]);
  });

  it.each([
    ['main.stocks', 'financial'],
    ['main.businessShed', 'financial'],
    ['main.exports', 'access'],
    ['main.reports', 'access'],
    ['main.sprayPlans', 'readWrite'],
    ['main.sprayPlans.haloAudit', 'access'],
    ['main.businessYield', 'readWrite'],
    ['scouting.appAccess', 'access'],
  ] as const)('%s has the %s format', (id, format) => {
    expect(holdingPermissionFeatures.find((f) => f.id === id)?.format).toBe(format);
  });

  it('the schema accepts a whole object and refuses a missing feature', () => {
    expect(holdingPermissionsSchema.safeParse(emptyHoldingPermissions()).success).toBe(true);
    const missing = emptyHoldingPermissions() as unknown as { main: Record<string, unknown> };
    delete missing.main.stocks;
    expect(holdingPermissionsSchema.safeParse(missing).success).toBe(false);
    const noAudit = emptyHoldingPermissions() as unknown as { main: { sprayPlans: Record<string, unknown> } };
    delete noAudit.main.sprayPlans.haloAudit;
    expect(holdingPermissionsSchema.safeParse(noAudit).success).toBe(false);
  });

  it('reads and replaces one feature without touching the others', () => {
    const start = emptyHoldingPermissions();
    const next = withHoldingPermission(start, 'main.sprayPlans', { read: true, write: true });
    expect(next.main.sprayPlans).toEqual({ read: true, write: true, haloAudit: { enabled: false } });
    expect(start.main.sprayPlans.read).toBe(false);
    const audited = withHoldingPermission(next, 'main.sprayPlans.haloAudit', { enabled: true });
    expect(holdingPermissionValue(audited, 'main.sprayPlans.haloAudit')).toEqual({ enabled: true });
    expect(holdingPermissionValue(audited, 'main.sprayPlans')).toEqual({ read: true, write: true });
    expect(
      withHoldingPermission(start, 'scouting.stocks', { read: true, write: false, financialData: true })
        .scouting.stocks,
    ).toEqual({
      read: true,
      write: false,
      financialData: true,
    });
  });
});

describe('withHoldingPermission', () => {
  const everyValue = { read: true, write: true, financialData: true, enabled: true };

  it.each(holdingPermissionFeatures.map((feature) => [feature.id]))(
    'setting %s changes neither its input nor anything else',
    (id) => {
      const start = emptyHoldingPermissions();
      const before = structuredClone(start);
      const next = withHoldingPermission(start, id, everyValue);
      expect(start).toEqual(before);
      expect(next).not.toBe(start);
      expect(grantsOf(next, id)).toBe(true);
      for (const other of holdingPermissionFeatures) {
        if (other.id === id) continue;
        expect(holdingPermissionValue(next, other.id)).toEqual(holdingPermissionValue(start, other.id));
      }
    },
  );

  it.each(holdingPermissionFeatures.map((feature) => [feature.id]))(
    'setting %s copies only its own group and value',
    (id) => {
      const start = defaultHoldingPermissions(Role.Client);
      const next = withHoldingPermission(start, id, { read: false, write: false, enabled: false });
      const group = holdingPermissionFeatures.find((feature) => feature.id === id)!.group;
      const otherGroup = group === 'main' ? 'scouting' : 'main';
      expect(next[group]).not.toBe(start[group]);
      expect(next[otherGroup]).toBe(start[otherGroup]);
      const changedKey = id === 'main.sprayPlans.haloAudit' ? 'sprayPlans' : id.split('.')[1]!;
      for (const [key, value] of Object.entries(next[group])) {
        const before = (start[group] as Record<string, unknown>)[key];
        if (key === changedKey) expect(value).not.toBe(before);
        else expect(value).toBe(before);
      }
    },
  );

  it('keeps Halo audit when spray plans change, and spray plans when Halo audit changes', () => {
    const start = defaultHoldingPermissions(Role.Master);
    const viewOnly = withHoldingPermission(start, 'main.sprayPlans', { read: true, write: false });
    expect(viewOnly.main.sprayPlans).toEqual({ read: true, write: false, haloAudit: { enabled: true } });
    const noAudit = withHoldingPermission(viewOnly, 'main.sprayPlans.haloAudit', { enabled: false });
    expect(noAudit.main.sprayPlans).toEqual({ read: true, write: false, haloAudit: { enabled: false } });
    expect(viewOnly.main.sprayPlans.haloAudit.enabled).toBe(true);
    expect(start.main.sprayPlans).toEqual({ read: true, write: true, haloAudit: { enabled: true } });
  });
});

function grantsOf(permissions: HoldingPermissions, id: HoldingPermissionFeatureId): boolean {
  const value = holdingPermissionValue(permissions, id);
  return 'enabled' in value ? value.enabled : value.read;
}

describe('ownerHoldingPermissions', () => {
  const noScouting = { ...flags, scoutingLink: false };

  it('is null without an owner: nobody narrows the members', () => {
    expect(ownerHoldingPermissions([], flags)).toBeNull();
  });

  it.each([
    // An owner writes the holding itself whatever the role (but Demo); everything else is the role's.
    [[Role.Access], flags, 'main.holdings', 'edit'],
    [[Role.Demo], flags, 'main.holdings', 'view'],
    [[Role.Access], flags, 'main.mapLayers', 'edit'],
    [[Role.Access], flags, 'main.climate', 'view'],
    [[Role.Access], flags, 'main.stocks', null],
    [[Role.Access], flags, 'main.fields', null],
    [[Role.Access], flags, 'main.exports', 'available'],
    [[Role.Access], flags, 'main.reports', 'notAvailable'],
    [[Role.Client], flags, 'main.stocks', 'editFinancial'],
    [[Role.Demo], flags, 'main.stocks', 'view'],
    [[Role.ServiceSpecialist], flags, 'main.stocks', 'view'],
    [[Role.Master], flags, 'main.sprayPlans.haloAudit', 'available'],
    [[Role.Master], { ...flags, sprayAudit: false }, 'main.sprayPlans.haloAudit', 'notAvailable'],
    [[Role.Client], flags, 'main.sprayPlans.haloAudit', 'notAvailable'],
    [[Role.Master], flags, 'scouting.appAccess', 'available'],
    [[Role.Master], noScouting, 'scouting.appAccess', 'notAvailable'],
    [[Role.Master], noScouting, 'scouting.records', null],
    [[Role.Access], flags, 'scouting.appAccess', 'notAvailable'],
    [[Role.Access], flags, 'scouting.records', null],
    // Several owners: what any of them has.
    [[Role.Access, Role.ScoutUser], flags, 'main.fieldDiary', 'edit'],
    [[Role.Access, Role.ScoutUser], flags, 'main.stocks', null],
    [[Role.Access, Role.ScoutUser], flags, 'main.exports', 'available'],
    [[Role.Demo, Role.ServiceSpecialist], flags, 'main.stocks', 'view'],
    [[Role.Demo, Role.Client], flags, 'main.stocks', 'editFinancial'],
    [[Role.Access, Role.Client], flags, 'main.sprayPlans.haloAudit', 'notAvailable'],
    [[Role.Access, Role.Agronomist], flags, 'main.sprayPlans.haloAudit', 'available'],
  ] as const)('owners %j on a holding %j: %s is %s', (owners, holdingFlags, id, cell) => {
    const owner = ownerHoldingPermissions(owners, holdingFlags);
    expect(owner).not.toBeNull();
    expect(permissionCell(owner!, id)).toBe(cell);
    expect(holdingPermissionsSchema.parse(owner)).toEqual(owner);
  });

  it('an all-powerful owner has what the role maximum gives, Halo audit included', () => {
    expect(ownerHoldingPermissions([Role.Master, Role.Access], flags)).toEqual(
      withCells(defaultHoldingPermissions(Role.Master), {}),
    );
  });
});

describe('defaultHoldingPermissions', () => {
  const everythingEdit = Object.fromEntries(
    holdingPermissionFeatures.map((f) => [
      f.id,
      f.format === 'access' ? 'available' : f.format === 'financial' ? 'editFinancial' : 'edit',
    ]),
  );

  it.each([
    [Role.Master, { ...everythingEdit }],
    [Role.Admin, { ...everythingEdit }],
    [Role.Agronomist, { ...everythingEdit, 'main.sprayPlans.haloAudit': 'notAvailable' }],
    [
      Role.Client,
      {
        'main.holdings': 'view',
        'main.fields': 'edit',
        'main.mapLayers': 'edit',
        'main.stocks': 'editFinancial',
        'main.soil': 'view',
        'main.climate': 'view',
        'main.seedPlans': 'view',
        'main.nutritionPlans': 'view',
        'main.sprayPlans': 'view',
        'main.sprayPlans.haloAudit': 'notAvailable',
        'main.manure': 'view',
        'main.fieldDiary': 'edit',
        'main.taskManagement': 'view',
        'main.exports': 'available',
        'main.reports': 'available',
        'main.businessYield': 'view',
        'main.businessShed': 'viewFinancial',
        'main.businessProduction': 'view',
        'main.businessPlanning': 'view',
        'scouting.appAccess': 'available',
        'scouting.fields': 'edit',
        'scouting.records': 'edit',
        'scouting.tasks': 'view',
        'scouting.stocks': 'editFinancial',
      },
    ],
    [
      Role.Access,
      {
        'main.holdings': 'view',
        'main.fields': null,
        'main.mapLayers': 'edit',
        'main.stocks': null,
        'main.soil': null,
        'main.climate': 'view',
        'main.seedPlans': null,
        'main.nutritionPlans': null,
        'main.sprayPlans': null,
        'main.sprayPlans.haloAudit': 'notAvailable',
        'main.manure': null,
        'main.fieldDiary': null,
        'main.taskManagement': null,
        'main.exports': 'available',
        'main.reports': 'notAvailable',
        'main.businessYield': null,
        'main.businessShed': null,
        'main.businessProduction': null,
        'main.businessPlanning': null,
        'scouting.appAccess': 'notAvailable',
        'scouting.fields': null,
        'scouting.records': null,
        'scouting.tasks': null,
        'scouting.stocks': null,
      },
    ],
  ] as const)('role %s starts with %j', (role, expected) => {
    expect(cells(defaultHoldingPermissions(role))).toEqual(expected);
  });

  it.each(roles.map((role) => [role]))('the defaults of role %s are valid and already normal', (role) => {
    const defaults = defaultHoldingPermissions(role);
    expect(holdingPermissionsSchema.parse(defaults)).toEqual(defaults);
    expect(normaliseHoldingPermissions(defaults, role, HoldingRole.Member)).toEqual(defaults);
  });

  it('Demo views everything but exports, without financial data', () => {
    const demo = cells(defaultHoldingPermissions(Role.Demo));
    expect(demo['main.stocks']).toBe('view');
    expect(demo['main.businessShed']).toBe('view');
    expect(demo['main.exports']).toBe('notAvailable');
    expect(Object.values(demo).filter((cell) => cell === 'edit' || cell === 'editFinancial')).toEqual([]);
  });
});

describe('normaliseHoldingPermissions', () => {
  const agronomistAll = defaultHoldingPermissions(Role.Agronomist);

  it.each([
    [
      'spray plans without read lose write and Halo audit',
      Role.Agronomist,
      HoldingRole.Member,
      (p: HoldingPermissions) => ({
        ...p,
        main: { ...p.main, sprayPlans: { read: false, write: true, haloAudit: { enabled: true } } },
      }),
      { 'main.sprayPlans': null, 'main.sprayPlans.haloAudit': 'notAvailable' },
    ],
    [
      'a read-write value without read loses write',
      Role.Agronomist,
      HoldingRole.Member,
      (p: HoldingPermissions) => ({ ...p, main: { ...p.main, fields: { read: false, write: true } } }),
      { 'main.fields': null },
    ],
    [
      'financial write forces financial data',
      Role.Agronomist,
      HoldingRole.Member,
      (p: HoldingPermissions) => ({
        ...p,
        main: { ...p.main, stocks: { read: true, write: true, financialData: false } },
      }),
      { 'main.stocks': 'editFinancial' },
    ],
    [
      'financial data without read is cleared',
      Role.Agronomist,
      HoldingRole.Member,
      (p: HoldingPermissions) => ({
        ...p,
        main: { ...p.main, businessShed: { read: false, write: false, financialData: true } },
      }),
      { 'main.businessShed': null },
    ],
    [
      'a restricted member loses Business Production',
      Role.Agronomist,
      HoldingRole.RestrictedMember,
      (p: HoldingPermissions) => p,
      { 'main.businessProduction': null },
    ],
    [
      'scouting permissions need app access',
      Role.Agronomist,
      HoldingRole.Member,
      (p: HoldingPermissions) => ({ ...p, scouting: { ...p.scouting, appAccess: { enabled: false } } }),
      {
        'scouting.appAccess': 'notAvailable',
        'scouting.fields': null,
        'scouting.records': null,
        'scouting.tasks': null,
        'scouting.stocks': null,
      },
    ],
  ] as const)('%s', (_rule, role, holdingRole, change, differences) => {
    const result = normaliseHoldingPermissions(change(agronomistAll), role, holdingRole);
    expect(cells(result)).toEqual({ ...cells(agronomistAll), ...differences });
  });

  it('keeps Business Production for a member', () => {
    expect(
      normaliseHoldingPermissions(agronomistAll, Role.Agronomist, HoldingRole.Member).main.businessProduction,
    ).toEqual({
      read: true,
      write: true,
    });
  });

  it.each([
    [Role.Demo, 'main.fields', 'edit', 'view'],
    [Role.Client, 'main.soil', 'edit', 'view'],
    [Role.Client, 'main.sprayPlans.haloAudit', 'available', 'notAvailable'],
    [Role.Access, 'main.stocks', 'editFinancial', null],
    [Role.ServiceSpecialist, 'main.stocks', 'viewFinancial', 'view'],
    [Role.ServiceSpecialist, 'main.stocks', 'editFinancial', 'view'],
    [Role.InvoicingAdmin, 'main.exports', 'available', 'notAvailable'],
    [Role.Agronomist, 'main.sprayPlans.haloAudit', 'available', 'available'],
  ] as const)('role %s cannot go beyond its rights: %s %s becomes %s', (role, id, cell, result) => {
    const edited = withPermissionCell(agronomistAll, id, cell);
    expect(permissionCell(normaliseHoldingPermissions(edited, role, HoldingRole.Member), id)).toBe(result);
  });
});

describe("normaliseHoldingPermissions with the owners' permissions", () => {
  const master = defaultHoldingPermissions(Role.Master);
  const accessOwner = ownerHoldingPermissions([Role.Access], flags)!;
  const clientOwner = ownerHoldingPermissions([Role.Client], flags)!;
  const demoOwner = ownerHoldingPermissions([Role.Demo], flags)!;

  it.each([
    ['nothing the owner lacks', accessOwner, 'main.stocks', null],
    ['nothing the owner lacks', accessOwner, 'main.fields', null],
    ['nothing the owner lacks', accessOwner, 'main.reports', 'notAvailable'],
    ['nothing the owner lacks', accessOwner, 'scouting.appAccess', 'notAvailable'],
    ['what the owner has stays', accessOwner, 'main.mapLayers', 'edit'],
    ['what the owner has stays', accessOwner, 'main.exports', 'available'],
    ['what the owner has stays', accessOwner, 'main.holdings', 'edit'],
    ['no writing where the owner only views', accessOwner, 'main.climate', 'view'],
    ['no writing where the owner only views', clientOwner, 'main.soil', 'view'],
    ['no writing where the owner only views', demoOwner, 'main.holdings', 'view'],
    ['no financial data where the owner has none', demoOwner, 'main.stocks', 'view'],
    ['financial data where the owner has it', clientOwner, 'main.businessShed', 'viewFinancial'],
    ['no Halo audit the owner lacks', clientOwner, 'main.sprayPlans.haloAudit', 'notAvailable'],
    ['no owner, no narrowing', null, 'main.stocks', 'editFinancial'],
    ['no owner, no narrowing', null, 'main.sprayPlans.haloAudit', 'available'],
  ] as const)('%s: %s', (_name, owner, id, cell) => {
    expect(
      permissionCell(normaliseHoldingPermissions(master, Role.Master, HoldingRole.Member, owner), id),
    ).toBe(cell);
  });

  it('an owner with everything changes nothing', () => {
    const owner = ownerHoldingPermissions([Role.Master], flags);
    for (const role of roles) {
      const defaults = defaultHoldingPermissions(role);
      expect(normaliseHoldingPermissions(defaults, role, HoldingRole.Member, owner)).toEqual(
        normaliseHoldingPermissions(defaults, role, HoldingRole.Member),
      );
    }
  });

  it('is already normal afterwards', () => {
    const once = normaliseHoldingPermissions(master, Role.Master, HoldingRole.Member, clientOwner);
    expect(normaliseHoldingPermissions(once, Role.Master, HoldingRole.Member, clientOwner)).toEqual(once);
  });
});

describe('permissionAvailability', () => {
  const member = defaultHoldingPermissions(Role.Agronomist);
  const noSpray = withCells(member, { 'main.sprayPlans': null });
  const noApp = withCells(member, { 'scouting.appAccess': 'notAvailable' });
  const ownerWithoutManure = withCells(defaultHoldingPermissions(Role.Master), { 'main.manure': null });
  const accessOwner = ownerHoldingPermissions([Role.Access], flags);

  it.each([
    ['main.fields', Role.Agronomist, HoldingRole.Member, flags, member, null, true, undefined],
    ['main.fields', Role.Agronomist, HoldingRole.Owner, flags, member, null, false, 'owner'],
    ['main.seedPlans', Role.Access, HoldingRole.Member, flags, member, null, false, 'role'],
    ['main.sprayPlans.haloAudit', Role.Client, HoldingRole.Member, flags, member, null, false, 'role'],
    [
      'main.sprayPlans.haloAudit',
      Role.Agronomist,
      HoldingRole.Member,
      { ...flags, sprayAudit: false },
      member,
      null,
      false,
      'holding',
    ],
    [
      'scouting.records',
      Role.Agronomist,
      HoldingRole.Member,
      { ...flags, scoutingLink: false },
      member,
      null,
      false,
      'holding',
    ],
    ['scouting.appAccess', Role.Agronomist, HoldingRole.Member, {}, member, null, false, 'holding'],
    [
      'main.manure',
      Role.Agronomist,
      HoldingRole.Member,
      flags,
      member,
      ownerWithoutManure,
      false,
      'holdingOwner',
    ],
    ['main.fields', Role.Agronomist, HoldingRole.Member, flags, member, ownerWithoutManure, true, undefined],
    ['main.stocks', Role.Agronomist, HoldingRole.Member, flags, member, accessOwner, false, 'holdingOwner'],
    ['main.climate', Role.Agronomist, HoldingRole.Member, flags, member, accessOwner, true, undefined],
    [
      'scouting.appAccess',
      Role.Agronomist,
      HoldingRole.Member,
      flags,
      member,
      accessOwner,
      false,
      'holdingOwner',
    ],
    ['main.stocks', Role.Agronomist, HoldingRole.Owner, flags, member, accessOwner, false, 'owner'],
    ['main.stocks', Role.Access, HoldingRole.Member, flags, member, accessOwner, false, 'role'],
    [
      'main.businessProduction',
      Role.Agronomist,
      HoldingRole.RestrictedMember,
      flags,
      member,
      null,
      false,
      'restrictedMember',
    ],
    [
      'main.businessYield',
      Role.Agronomist,
      HoldingRole.RestrictedMember,
      flags,
      member,
      null,
      true,
      undefined,
    ],
    [
      'main.sprayPlans.haloAudit',
      Role.Agronomist,
      HoldingRole.Member,
      flags,
      noSpray,
      null,
      false,
      'dependency',
    ],
    ['main.sprayPlans.haloAudit', Role.Agronomist, HoldingRole.Member, flags, member, null, true, undefined],
    ['scouting.tasks', Role.Agronomist, HoldingRole.Member, flags, noApp, null, false, 'dependency'],
    ['scouting.appAccess', Role.Agronomist, HoldingRole.Member, flags, noApp, null, true, undefined],
  ] as const)(
    '%s for role %s, holding role %s, holding %j',
    (id, role, holdingRole, holdingFlags, permissions, owner, available, reason) => {
      const result = permissionAvailability(id, role, holdingRole, holdingFlags, {
        permissions,
        ownerPermissions: owner,
      });
      expect(result.available).toBe(available);
      if (!result.available) {
        expect(result.reason).toBe(reason);
        expect(result.label).toBe('Not available');
      }
    },
  );
});

describe('permission cells', () => {
  it('offers the spec wording', () => {
    expect(permissionCellOptions.access.map((o) => o.label)).toEqual(['Available', 'Not available']);
    expect(permissionCellOptions.readWrite.map((o) => o.label)).toEqual(['View', 'View and edit']);
    expect(permissionCellOptions.financial.map((o) => o.label)).toEqual([
      'View',
      'View (including financial data)',
      'View and edit (including financial data)',
    ]);
  });

  it.each(
    holdingPermissionFeatures.flatMap((feature) =>
      [
        ...permissionCellOptions[feature.format].map((o) => o.value),
        ...(feature.format === 'access' ? [] : [null]),
      ].map((cell) => [feature.id, cell] as const),
    ),
  )('%s set to %s reads back the same', (id, cell) => {
    expect(permissionCell(withPermissionCell(defaultHoldingPermissions(Role.Master), id, cell), id)).toBe(
      cell,
    );
  });

  it.each([
    ['main.fields', 'viewFinancial'],
    ['main.stocks', 'edit'],
    ['main.exports', 'view'],
  ] as const)('refuses %s set to %s', (id, cell) => {
    expect(() => withPermissionCell(emptyHoldingPermissions(), id, cell)).toThrow(RangeError);
  });

  it.each([
    [{ read: true, write: false, financialData: false }, 'view'],
    [{ read: true, write: false, financialData: true }, 'viewFinancial'],
    [{ read: true, write: true, financialData: true }, 'editFinancial'],
    [{ read: false, write: false, financialData: false }, null],
  ] as const)('stocks %j shows %s', (value, cell) => {
    expect(
      permissionCell(withHoldingPermission(emptyHoldingPermissions(), 'main.stocks', value), 'main.stocks'),
    ).toBe(cell);
  });
});

describe('withBulkPermission', () => {
  const empty = emptyHoldingPermissions();

  it('View sets every available main feature to view, leaving Halo audit off', () => {
    const result = withBulkPermission(empty, 'main', 'view', Role.Agronomist, HoldingRole.Member, flags);
    const main = holdingPermissionFeatures.filter((f) => f.group === 'main');
    expect(main.map((f) => permissionCell(result, f.id))).toEqual(
      main.map((f) =>
        f.format === 'access'
          ? f.id === 'main.sprayPlans.haloAudit'
            ? 'notAvailable'
            : 'available'
          : 'view',
      ),
    );
    expect(result.scouting).toEqual(empty.scouting);
  });

  it('View and edit turns everything on, Halo audit included', () => {
    const result = withBulkPermission(empty, 'main', 'edit', Role.Agronomist, HoldingRole.Member, flags);
    expect(result.main).toEqual(defaultHoldingPermissions(Role.Master).main);
  });

  it('skips what the role, the holding or the membership does not allow', () => {
    const result = withBulkPermission(empty, 'main', 'edit', Role.Client, HoldingRole.RestrictedMember, {
      ...flags,
      sprayAudit: false,
    });
    const expected = withCells(defaultHoldingPermissions(Role.Client), { 'main.businessProduction': null });
    expect(result).toEqual({ main: expected.main, scouting: empty.scouting });
    expect(result.main.sprayPlans.haloAudit.enabled).toBe(false);
  });

  it('does nothing to scouting permissions without a scouting link', () => {
    const result = withBulkPermission(empty, 'scouting', 'edit', Role.Agronomist, HoldingRole.Member, {
      ...flags,
      scoutingLink: false,
    });
    expect(result).toEqual(empty);
  });

  it('skips and caps what the owners lack', () => {
    const owner = ownerHoldingPermissions([Role.Access], flags);
    const result = withBulkPermission(
      empty,
      'main',
      'edit',
      Role.Agronomist,
      HoldingRole.Member,
      flags,
      owner,
    );
    const main = holdingPermissionFeatures.filter((f) => f.group === 'main');
    expect(main.map((f) => permissionCell(result, f.id))).toEqual(
      main.map((f) => permissionCell(owner!, f.id)),
    );
    const scouting = withBulkPermission(
      empty,
      'scouting',
      'view',
      Role.Agronomist,
      HoldingRole.Member,
      flags,
      owner,
    );
    expect(scouting).toEqual(empty);
  });

  it('sets app access first, so the scouting features follow', () => {
    const result = withBulkPermission(empty, 'scouting', 'view', Role.Agronomist, HoldingRole.Member, flags);
    expect(result.scouting).toEqual({
      appAccess: { enabled: true },
      fields: { read: true, write: false },
      records: { read: true, write: false },
      tasks: { read: true, write: false },
      stocks: { read: true, write: false, financialData: false },
    });
  });
});

describe('invitationHoldingPermissions', () => {
  it('Full gives the role defaults', () => {
    expect(invitationHoldingPermissions(InvitationAccessLevel.Full, Role.Agronomist)).toEqual(
      defaultHoldingPermissions(Role.Agronomist),
    );
  });

  it.each([
    [InvitationAccessLevel.Agronomist, 'main.fields', 'edit'],
    [InvitationAccessLevel.Agronomist, 'main.stocks', 'view'],
    [InvitationAccessLevel.Agronomist, 'main.businessYield', null],
    [InvitationAccessLevel.Agronomist, 'main.businessShed', null],
    [InvitationAccessLevel.Agronomist, 'main.exports', 'available'],
    [InvitationAccessLevel.Operator, 'main.fields', 'view'],
    [InvitationAccessLevel.Operator, 'main.fieldDiary', 'edit'],
    [InvitationAccessLevel.Operator, 'main.taskManagement', 'edit'],
    [InvitationAccessLevel.Operator, 'main.stocks', 'view'],
    [InvitationAccessLevel.Operator, 'main.businessPlanning', null],
    [InvitationAccessLevel.Operator, 'scouting.records', 'edit'],
    [InvitationAccessLevel.Operator, 'scouting.fields', 'view'],
  ] as const)('level %s gives an Admin %s %s', (level, id, cell) => {
    const permissions = invitationHoldingPermissions(level, Role.Admin);
    expect(permissionCell(permissions, id)).toBe(cell);
    if (level === InvitationAccessLevel.Operator)
      expect(permissions.main.sprayPlans.haloAudit.enabled).toBe(false);
  });

  it('never goes beyond the role', () => {
    const permissions = invitationHoldingPermissions(InvitationAccessLevel.Operator, Role.Access);
    expect(permissionCell(permissions, 'main.fieldDiary')).toBe(null);
    expect(permissionCell(permissions, 'main.mapLayers')).toBe('view');
  });
});
