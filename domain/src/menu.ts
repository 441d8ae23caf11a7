import type { BrandFeatures, ModuleSwitches } from './brands.ts';
import { Module } from './enumerations.ts';
import { menuCollapseHeightPx } from './limits.ts';
import { canAccess, type Permissions, type PermissionArea } from './permissions.ts';
import { HoldingRole, Role, isAdminOrHigher } from './roles.ts';

export type MenuGroupId = 'data' | 'business';

export interface MenuGroup {
  id: MenuGroupId;
  labelKey: string;
  label: string;
  /** The group is offered only when one of these areas can be read. Null: no gate of its own. */
  readAnyOf: readonly PermissionArea[] | null;
}

export interface MenuItem {
  id: string;
  /** i18n key of the label; `label` is the English text. */
  labelKey: string;
  label: string;
  /** Shorter label where space is tight. */
  shortLabel?: string;
  route: string;
  /** Module id reported in the session's client state; null for an entry with no module id of its own. */
  moduleId: Module | null;
  group: MenuGroupId | null;
  /** Shown only when one of these areas allows `access`; empty means always allowed. */
  readAnyOf: readonly PermissionArea[];
  /** 'write' where opening the module only makes sense with write rights (Import). */
  access: 'read' | 'write';
  /** The brand capability the entry needs. */
  feature?: keyof BrandFeatures;
  /** The module switch the entry needs (modules whose screens are not built yet). */
  moduleSwitch?: keyof ModuleSwitches;
  /** Roles that see the entry whatever the capability and permissions say. */
  openToRoles?: readonly Role[];
  beta?: boolean;
  /** A partner's user, who reads only the croppings shared with their partner, may open it. */
  partnerReadable?: boolean;
  /** Disabled entries are never shown. */
  disabled?: boolean;
}

export const menuGroups: readonly MenuGroup[] = [
  { id: 'data', labelKey: 'menu.data', label: 'Data', readAnyOf: null },
  {
    id: 'business',
    labelKey: 'menu.business',
    label: 'Business',
    readAnyOf: ['yield', 'shed', 'production', 'planning'],
  },
];

/** The main menu in display order. */
export const menuItems: readonly MenuItem[] = [
  item('dashboard', 'Dashboard', '/dashboard', Module.Dashboard, []),
  item('fields', 'Fields', '/fields', Module.Fields, ['fields'], { partnerReadable: true }),
  item('datalayers', 'Map layers', '/datalayers', Module.Layers, ['mapLayers'], { partnerReadable: true }),
  item('soil', 'Soil', '/soil', Module.Soil, ['soil'], { feature: 'soil', moduleSwitch: 'soil' }),
  item('stocks', 'Stocks', '/stocks', Module.Stocks, ['stocks'], {
    feature: 'stocks',
    moduleSwitch: 'stocks',
  }),
  item('seeds', 'Seeds', '/seeds', Module.Seeds, ['seedPlans'], { feature: 'seeds', moduleSwitch: 'seeds' }),
  item('nutrition', 'Nutrition', '/nutrition', Module.Nutrition, ['nutritionPlans'], {
    feature: 'nutrition',
    moduleSwitch: 'nutrition',
  }),
  item('spray', 'Spray', '/spray', Module.CropProtection, ['sprayPlans'], {
    feature: 'sprayPlans',
    moduleSwitch: 'spray',
  }),
  // Prescriptions are map-based application plans, so they follow the map-layers permission.
  item('prescriptions', 'Prescriptions', '/prescriptions', Module.Prescriptions, ['mapLayers'], {
    feature: 'prescriptionPlans',
    moduleSwitch: 'prescriptions',
  }),
  item('manure', 'Manure', '/manure', Module.Manure, ['manure'], {
    feature: 'manure',
    moduleSwitch: 'manure',
  }),
  // Importing writes into the holding, and no permission area is named after imports.
  item('import', 'Import', '/import', Module.Imports, ['currentHolding'], {
    group: 'data',
    access: 'write',
    moduleSwitch: 'imports',
  }),
  item('export', 'Export', '/export', Module.Exports, ['exports'], { group: 'data', moduleSwitch: 'exports' }),
  item('reports', 'Reports', '/reports', Module.Reports, ['reports'], { moduleSwitch: 'reports' }),
  item('reports2', 'Reports 2', '/reports-june-2025', Module.Reports2, ['reports'], {
    moduleSwitch: 'reports',
    beta: true,
    disabled: true,
  }),
  item('climate', 'Climate', '/climate', Module.Climate, ['climate'], {
    feature: 'climate',
    moduleSwitch: 'climate',
    openToRoles: [Role.Access],
  }),
  item('diary', 'Field diary', '/diary', Module.FieldDiary, ['fieldDiary', 'taskManagement'], {
    feature: 'fieldDiary',
    moduleSwitch: 'diary',
  }),
  item('yield', 'Field performance', '/yield', Module.FieldPerformance, ['yield'], {
    group: 'business',
    moduleSwitch: 'business',
    shortLabel: 'Yield',
  }),
  item('shed', 'Shed', '/bp-shed', Module.Shed, ['shed'], { group: 'business', moduleSwitch: 'business' }),
  item('production', 'Production', '/bp-prod', Module.CostOfProduction, ['production'], {
    group: 'business',
    moduleSwitch: 'business',
  }),
  item('planning', 'Planning', '/bp-plan', Module.Planning, ['planning'], {
    group: 'business',
    moduleSwitch: 'business',
    feature: 'planning',
  }),
  item('performance', 'Performance', '/bp-perf', null, ['yield', 'shed', 'production', 'planning'], {
    group: 'business',
    moduleSwitch: 'business',
    feature: 'businessPerformance',
  }),
];

function item(
  id: string,
  label: string,
  route: string,
  moduleId: Module | null,
  readAnyOf: readonly PermissionArea[],
  extra: Partial<Omit<MenuItem, 'id' | 'label' | 'route' | 'moduleId' | 'readAnyOf'>> = {},
): MenuItem {
  return {
    id,
    labelKey: `menu.${id}`,
    label,
    route,
    moduleId,
    group: null,
    readAnyOf,
    access: 'read',
    ...extra,
  };
}

export type MenuEntry =
  { kind: 'item'; item: MenuItem } | { kind: 'group'; group: MenuGroup; items: MenuItem[] };

export interface BuiltMenu {
  /** Nested below the collapse height (groups hold their items), flat otherwise (every item at top level). */
  form: 'nested' | 'flat';
  entries: MenuEntry[];
}

export interface MenuInput {
  permissions: Permissions;
  features: BrandFeatures;
  modules: ModuleSwitches;
  role: Role;
  /** The session is a partner user's: only the entries partners may open are shown. */
  partner: boolean;
  windowHeight: number;
}

function anyAllowed(
  permissions: Permissions,
  areas: readonly PermissionArea[],
  access: 'read' | 'write',
): boolean {
  return areas.length === 0 || areas.some((area) => canAccess(permissions, area, access));
}

/** Whether one entry is shown, leaving its group's own gate aside. */
export function menuItemVisible(entry: MenuItem, input: Omit<MenuInput, 'windowHeight'>): boolean {
  if (entry.disabled) return false;
  if (input.partner && !entry.partnerReadable) return false;
  if (entry.moduleSwitch && !input.modules[entry.moduleSwitch]) return false;
  if (entry.openToRoles?.includes(input.role)) return true;
  if (entry.feature && !input.features[entry.feature]) return false;
  return anyAllowed(input.permissions, entry.readAnyOf, entry.access);
}

/** The entries of the main menu this user sees, in display order; empty groups are left out. */
export function buildMenu(input: MenuInput): BuiltMenu {
  const form = input.windowHeight < menuCollapseHeightPx ? 'nested' : 'flat';
  const groupShown = (group: MenuGroup) =>
    group.readAnyOf === null || anyAllowed(input.permissions, group.readAnyOf, 'read');
  const visible = menuItems.filter((entry) => {
    if (!menuItemVisible(entry, input)) return false;
    const group = menuGroups.find((candidate) => candidate.id === entry.group);
    return group === undefined || groupShown(group);
  });
  if (form === 'flat') return { form, entries: visible.map((entry) => ({ kind: 'item', item: entry })) };
  const entries: MenuEntry[] = [];
  for (const entry of visible) {
    const group = menuGroups.find((candidate) => candidate.id === entry.group);
    if (!group) {
      entries.push({ kind: 'item', item: entry });
      continue;
    }
    const existing = entries.find(
      (candidate) => candidate.kind === 'group' && candidate.group.id === group.id,
    );
    if (existing?.kind === 'group') existing.items.push(entry);
    else entries.push({ kind: 'group', group, items: [entry] });
  }
  return { form, entries };
}

function pathname(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** The menu entry a path belongs to: its route itself, or its route followed by a slash and more. */
export function menuItemForPath(path: string): MenuItem | undefined {
  const name = pathname(path);
  return menuItems.find((entry) => name === entry.route || name.startsWith(`${entry.route}/`));
}

/** The first path segment, which names the current module ('' for the root). */
export function routeSegment(path: string): string {
  return (
    pathname(path)
      .split('/')
      .find((segment) => segment !== '') ?? ''
  );
}

const moduleBySegment: Readonly<Record<string, Module>> = {
  ...Object.fromEntries(
    menuItems.flatMap((entry) =>
      entry.moduleId === null ? [] : [[routeSegment(entry.route), entry.moduleId]],
    ),
  ),
  sync: Module.AppConnections,
};

/** The module a path belongs to, by its first segment; null outside any module. */
export function moduleForPath(path: string): Module | null {
  return moduleBySegment[routeSegment(path)] ?? null;
}

export const defaultRoute = '/dashboard';

/**
 * Where the app opens and where unknown paths lead: the dashboard, or the first menu entry for a session
 * that does not see the dashboard (a partner's user).
 */
export function homeRoute(input: Omit<MenuInput, 'windowHeight'>): string {
  const first = menuItems.find((entry) => menuItemVisible(entry, input));
  if (!first || first.route === defaultRoute) return defaultRoute;
  return first.route;
}

/** Every route of the app, in the router's pattern syntax (`:name?` is an optional segment). */
export const routePatterns: readonly string[] = [
  '/dashboard',
  '/fields/:action?/:id?',
  '/datalayers/:action?/:id?',
  '/stocks/v1',
  '/stocks/:action?/:id?',
  '/seeds/:component?/:id?',
  '/soil',
  '/nutrition/v1/:view?/:action?/:id?',
  '/nutrition/v2/:action?/:id?',
  '/nutrition/:view?/:action?/:id?',
  '/sync',
  '/import/:component?/:resumeTask?',
  '/export',
  '/spray/:action?/:id?',
  '/prescriptions/:action?/:id?',
  '/manure',
  '/diary/:action?/:id?',
  '/reports',
  '/reports-june-2025',
  '/climate',
  '/yield',
  '/bp-shed',
  '/bp-prod',
  '/bp-plan',
  '/bp-perf',
];

function matchesPattern(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').slice(1);
  if (segments.length > parts.length) return false;
  return parts.every((part, index) => {
    const segment = segments[index];
    if (segment === undefined) return part.startsWith(':') && part.endsWith('?');
    return part.startsWith(':') || part === segment;
  });
}

/** Whether the app has a route for `path`; every other path goes to the dashboard. */
export function knownRoute(path: string): boolean {
  let name = pathname(path);
  if (name.length > 1 && name.endsWith('/')) name = name.slice(0, -1);
  if (!name.startsWith('/')) return false;
  const segments = name.split('/').slice(1);
  if (segments.some((segment) => segment === '')) return false;
  return routePatterns.some((pattern) => matchesPattern(pattern, segments));
}

/** `path` when it is a route of the app, the dashboard otherwise. */
export function routeOrDashboard(path: string): string {
  return knownRoute(path) ? path : defaultRoute;
}

export type UserMenuItemId =
  | 'manageUser'
  | 'changePassword'
  | 'editPermissions'
  | 'connections'
  | 'holdings'
  | 'partners'
  | 'showIds'
  | 'autoRefresh';

export interface UserMenuInput {
  permissions: Permissions;
  role: Role;
  holdingRole: HoldingRole | null;
  readOnlySession: boolean;
  /** Both the brand and the holding offer per-holding permissions. */
  perHoldingPermissions: boolean;
  menuDisabled: boolean;
  /** The user's Debug property. */
  debug: boolean;
}

/**
 * The user menu's entries. Permission editing is offered to the holding's Owners and Members (members see
 * the grid read-only and may make themselves restricted) and to admin-level users; Restricted members and
 * other non-members do not get it.
 */
export function userMenuItems(input: UserMenuInput): UserMenuItemId[] {
  const items: UserMenuItemId[] = ['manageUser', 'changePassword'];
  const holdingWrite = canAccess(input.permissions, 'currentHolding', 'write');
  const roleMayEdit =
    input.holdingRole === HoldingRole.Owner ||
    input.holdingRole === HoldingRole.Member ||
    isAdminOrHigher(input.role);
  if (input.perHoldingPermissions && roleMayEdit && !input.menuDisabled) items.push('editPermissions');
  if (holdingWrite) items.push('connections');
  if (canAccess(input.permissions, 'holdings', 'write') && !input.readOnlySession) items.push('holdings');
  if (holdingWrite) items.push('partners');
  if (input.debug) items.push('showIds', 'autoRefresh');
  return items;
}
