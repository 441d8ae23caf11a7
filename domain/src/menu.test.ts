import { describe, expect, it } from 'vitest';
import { brands, moduleSwitchesOff, type BrandFeatures, type ModuleSwitches } from './brands.ts';
import { Module } from './enumerations.ts';
import {
  type UserMenuInput,
  buildMenu,
  homeRoute,
  knownRoute,
  menuItemForPath,
  moduleForPath,
  routeOrDashboard,
  routeSegment,
  userMenuItems,
  type BuiltMenu,
  type MenuInput,
} from './menu.ts';
import {
  noPermissions,
  partnerPermissions,
  rolePermissions,
  type PermissionArea,
  type Permissions,
} from './permissions.ts';
import { HoldingRole, Role } from './roles.ts';

const allModules: ModuleSwitches = Object.fromEntries(
  Object.keys(moduleSwitchesOff).map((key) => [key, true]),
) as never;
const features = brands.main.features;

function reading(...areas: PermissionArea[]): Permissions {
  const permissions = noPermissions();
  for (const area of areas) permissions[area] = { ...permissions[area], read: true };
  return permissions;
}

function menu(overrides: Partial<MenuInput>): BuiltMenu {
  return buildMenu({
    permissions: rolePermissions(Role.Master),
    features,
    modules: allModules,
    role: Role.Master,
    partner: false,
    windowHeight: 1000,
    ...overrides,
  });
}

/** Item ids, with a group written as "group:id[items]". */
function ids(built: BuiltMenu): string[] {
  return built.entries.map((entry) =>
    entry.kind === 'item'
      ? entry.item.id
      : `group:${entry.group.id}[${entry.items.map((item) => item.id).join(',')}]`,
  );
}

describe('buildMenu', () => {
  it('shows only the built modules while the module switches are off', () => {
    expect(ids(menu({ modules: moduleSwitchesOff }))).toEqual(['dashboard', 'fields', 'datalayers']);
    expect(ids(menu({ modules: moduleSwitchesOff, windowHeight: 800 }))).toEqual([
      'dashboard',
      'fields',
      'datalayers',
    ]);
  });

  it('lists every module a Master may use, in order, once the switches are on', () => {
    expect(ids(menu({}))).toEqual([
      'dashboard',
      'fields',
      'datalayers',
      'soil',
      'stocks',
      'seeds',
      'nutrition',
      'spray',
      'prescriptions',
      'manure',
      'import',
      'export',
      'reports',
      'climate',
      'diary',
      'yield',
      'shed',
      'production',
      'planning',
    ]);
  });

  it.each([
    [949, 'nested'],
    [950, 'flat'],
    [1200, 'flat'],
  ] as const)('at window height %s the menu is %s', (windowHeight, form) => {
    const built = menu({ windowHeight });
    expect(built.form).toBe(form);
    expect(built.entries.some((entry) => entry.kind === 'group')).toBe(form === 'nested');
  });

  it('groups the data and business entries in the nested form', () => {
    expect(ids(menu({ windowHeight: 600 })).slice(-5)).toEqual([
      'group:data[import,export]',
      'reports',
      'climate',
      'diary',
      'group:business[yield,shed,production,planning]',
    ]);
  });

  it('never shows the Reports 2 beta', () => {
    expect(ids(menu({ features: { ...features, businessPerformance: true } }))).not.toContain('reports2');
  });

  it.each<[string, Partial<MenuInput>, string, boolean]>([
    ['fields without read', { permissions: reading('mapLayers') }, 'fields', false],
    ['fields with read', { permissions: reading('fields') }, 'fields', true],
    ['the dashboard with no rights', { permissions: noPermissions() }, 'dashboard', true],
    ['seeds with read but the feature off', { features: { ...features, seeds: false } }, 'seeds', false],
    ['seeds with the module off', { modules: { ...allModules, seeds: false } }, 'seeds', false],
    ['soil with the feature off', { features: { ...features, soil: false } }, 'soil', false],
    ['spray with read', { permissions: reading('sprayPlans') }, 'spray', true],
    [
      'prescriptions with the feature off',
      { features: { ...features, prescriptionPlans: false } },
      'prescriptions',
      false,
    ],
    ['manure without read', { permissions: reading('fields') }, 'manure', false],
    ['import with read only', { permissions: reading('currentHolding') }, 'import', false],
    ['import with current-holding write', {}, 'import', true],
    ['export when enabled', { permissions: reading('exports') }, 'export', true],
    ['reports when enabled', { permissions: reading('reports') }, 'reports', true],
    ['reports with the module off', { modules: { ...allModules, reports: false } }, 'reports', false],
    ['climate with feature and read', { permissions: reading('climate') }, 'climate', true],
    ['climate with read but no feature', { features: { ...features, climate: false } }, 'climate', false],
    ['climate with the feature but no read', { permissions: reading('fields') }, 'climate', false],
    [
      'climate for the Access role without feature or read',
      { role: Role.Access, permissions: noPermissions(), features: { ...features, climate: false } },
      'climate',
      true,
    ],
    [
      'climate for the Access role with the module off',
      { role: Role.Access, modules: { ...allModules, climate: false } },
      'climate',
      false,
    ],
    ['the diary with field-diary read', { permissions: reading('fieldDiary') }, 'diary', true],
    ['the diary with task-management read', { permissions: reading('taskManagement') }, 'diary', true],
    ['the diary with neither', { permissions: reading('fields') }, 'diary', false],
    ['the diary with the feature off', { features: { ...features, fieldDiary: false } }, 'diary', false],
    [
      'planning with read but the feature off',
      { features: { ...features, planning: false } },
      'planning',
      false,
    ],
    ['performance without its gate', {}, 'performance', false],
    [
      'performance with its gate',
      { features: { ...features, businessPerformance: true } },
      'performance',
      true,
    ],
    [
      'performance with its gate but no business read',
      { features: { ...features, businessPerformance: true }, permissions: reading('fields') },
      'performance',
      false,
    ],
    [
      'field performance with the business switch off',
      { modules: { ...allModules, business: false } },
      'yield',
      false,
    ],
  ])('%s: shown %s', (_case, overrides, id, shown) => {
    expect(ids(menu(overrides)).includes(id)).toBe(shown);
  });

  it.each<[string, PermissionArea[], BrandFeatures, string[]]>([
    ['no business area readable', ['fields'], features, []],
    ['only shed readable', ['shed'], features, ['group:business[shed]']],
    [
      'yield and production readable',
      ['yield', 'production'],
      features,
      ['group:business[yield,production]'],
    ],
    ['only planning readable, planning feature off', ['planning'], { ...features, planning: false }, []],
    [
      'only planning readable, performance gate on',
      ['planning'],
      { ...features, planning: false, businessPerformance: true },
      ['group:business[performance]'],
    ],
  ])('the business group with %s', (_case, areas, brandFeatures, expected) => {
    const built = menu({ permissions: reading(...areas), features: brandFeatures, windowHeight: 700 });
    expect(ids(built).filter((id) => id.startsWith('group:business'))).toEqual(expected);
  });

  it('drops the data group when neither entry is allowed', () => {
    expect(ids(menu({ permissions: reading('fields'), windowHeight: 700 }))).toEqual(['dashboard', 'fields']);
  });

  it("shows a partner's user only Fields and Map layers, and opens the app on Fields", () => {
    const partner = { permissions: partnerPermissions(), role: Role.Client, partner: true };
    expect(ids(menu(partner))).toEqual(['fields', 'datalayers']);
    expect(homeRoute({ features, modules: allModules, ...partner })).toBe('/fields');
    expect(homeRoute({ features, modules: allModules, ...partner, partner: false })).toBe('/dashboard');
  });

  it('gives Field performance the short name Yield', () => {
    const entry = menu({}).entries.find((e) => e.kind === 'item' && e.item.id === 'yield');
    expect(entry?.kind === 'item' && entry.item).toMatchObject({
      label: 'Field performance',
      shortLabel: 'Yield',
      route: '/yield',
    });
  });
});

describe('menuItemForPath', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/fields', 'fields'],
    ['/fields/edit/12', 'fields'],
    ['/fields?year=2024', 'fields'],
    ['/fieldsx', undefined],
    ['/datalayers/edit', 'datalayers'],
    ['/stocks/v1', 'stocks'],
    ['/nutrition/v2/plan/3', 'nutrition'],
    ['/reports', 'reports'],
    ['/reports/annual', 'reports'],
    ['/reports-june-2025', 'reports2'],
    ['/yield', 'yield'],
    ['/bp-shed', 'shed'],
    ['/bp-perf/x', 'performance'],
    ['/', undefined],
    ['/sync', undefined],
  ])('%s selects %s', (path, id) => {
    expect(menuItemForPath(path)?.id).toBe(id);
  });
});

describe('routeSegment and moduleForPath', () => {
  it.each([
    ['/fields/edit/3', 'fields', Module.Fields],
    ['/datalayers', 'datalayers', Module.Layers],
    ['/nutrition/v1/x', 'nutrition', Module.Nutrition],
    ['/spray/1', 'spray', Module.CropProtection],
    ['/import/boundaries/7', 'import', Module.Imports],
    ['/sync', 'sync', Module.AppConnections],
    ['/bp-prod', 'bp-prod', Module.CostOfProduction],
    ['/bp-perf', 'bp-perf', null],
    ['/reports-june-2025', 'reports-june-2025', Module.Reports2],
    ['/', '', null],
    ['', '', null],
    ['/nowhere', 'nowhere', null],
  ] as const)('%s is segment %s, module %s', (path, segment, module) => {
    expect(routeSegment(path)).toBe(segment);
    expect(moduleForPath(path)).toBe(module);
  });
});

describe('knownRoute', () => {
  it.each([
    ['/dashboard', true],
    ['/dashboard?lang=fr', true],
    ['/fields', true],
    ['/fields/', true],
    ['/fields/edit', true],
    ['/fields/edit/3', true],
    ['/fields/edit/3/more', false],
    ['/fields//3', false],
    ['/datalayers/edit/9', true],
    ['/stocks/v1', true],
    ['/stocks/edit/2', true],
    ['/seeds/plan/4', true],
    ['/soil', true],
    ['/soil/x', false],
    ['/nutrition/v1/plans/edit/5', true],
    ['/nutrition/v2/edit/5', true],
    ['/nutrition/plans/edit/5', true],
    ['/nutrition/a/b/c/d', false],
    ['/sync', true],
    ['/import/boundaries/12', true],
    ['/export', true],
    ['/export/x', false],
    ['/spray/edit/1', true],
    ['/prescriptions/new', true],
    ['/manure', true],
    ['/diary/entry/8', true],
    ['/reports', true],
    ['/reports-june-2025', true],
    ['/climate', true],
    ['/yield', true],
    ['/bp-shed', true],
    ['/bp-prod', true],
    ['/bp-plan', true],
    ['/bp-perf', true],
    ['/', false],
    ['', false],
    ['dashboard', false],
    ['/admin', false],
    ['/DASHBOARD', false],
  ])('%j is known: %s', (path, known) => {
    expect(knownRoute(path)).toBe(known);
    expect(routeOrDashboard(path)).toBe(known ? path : '/dashboard');
  });
});

describe('userMenuItems', () => {
  const base: UserMenuInput = {
    permissions: rolePermissions(Role.Agronomist),
    role: Role.Agronomist,
    holdingRole: HoldingRole.Owner,
    readOnlySession: false,
    perHoldingPermissions: true,
    menuDisabled: false,
    debug: false,
  };
  const account = ['manageUser', 'changePassword'];

  it.each<[string, Partial<UserMenuInput>, string[]]>([
    ['an owner with full rights', {}, [...account, 'editPermissions', 'connections', 'holdings', 'partners']],
    [
      'a read-only session',
      { readOnlySession: true },
      [...account, 'editPermissions', 'connections', 'partners'],
    ],
    [
      'no current-holding write',
      { permissions: rolePermissions(Role.Client) },
      [...account, 'editPermissions'],
    ],
    ['a disabled menu', { menuDisabled: true }, [...account, 'connections', 'holdings', 'partners']],
    [
      'no per-holding permissions',
      { perHoldingPermissions: false },
      [...account, 'connections', 'holdings', 'partners'],
    ],
    [
      'a member',
      { holdingRole: HoldingRole.Member },
      [...account, 'editPermissions', 'connections', 'holdings', 'partners'],
    ],
    [
      'a restricted member',
      { holdingRole: HoldingRole.RestrictedMember },
      [...account, 'connections', 'holdings', 'partners'],
    ],
    ['a non-member agronomist', { holdingRole: null }, [...account, 'connections', 'holdings', 'partners']],
    [
      'a non-member admin',
      { holdingRole: null, role: Role.Admin },
      [...account, 'editPermissions', 'connections', 'holdings', 'partners'],
    ],
    [
      'the debug property',
      { debug: true, permissions: noPermissions() },
      [...account, 'editPermissions', 'showIds', 'autoRefresh'],
    ],
  ])('%s', (_case, overrides, expected) => {
    expect(userMenuItems({ ...base, ...overrides })).toEqual(expected);
  });
});
