import type { BrandFeatures } from './brands.ts';
import {
  defaultHoldingPermissions,
  type HoldingFeatureFlags,
  type HoldingPermissions,
  type ReadWritePermission,
} from './holdingPermissions.ts';
import { HoldingRole, Role, isAgronomistOrManager, roleGrants, type AccessLevel } from './roles.ts';

export const permissionAreas = [
  'holdings',
  'fields',
  'soil',
  'mapLayers',
  'stocks',
  'seedPlans',
  'nutritionPlans',
  'sprayPlans',
  'manure',
  'exports',
  'reports',
  'climate',
  'fieldDiary',
  'taskManagement',
  'yield',
  'shed',
  'production',
  'planning',
  'currentHolding',
  'soilManagementPlan',
] as const;
export type PermissionArea = (typeof permissionAreas)[number];

/**
 * Rights on one area. `financialData` exists on stocks and shed, `enabled` on exports and reports, `audit` on
 * spray plans. For exports and reports read and write both equal `enabled`: running one changes nothing on
 * the holding, so a read-only session keeps them.
 */
export interface AreaPermission {
  read: boolean;
  write: boolean;
  financialData?: boolean;
  enabled?: boolean;
  audit?: boolean;
}

export type Permissions = Record<PermissionArea, AreaPermission>;

const financialAreas: readonly PermissionArea[] = ['stocks', 'shed'];
const accessAreas: readonly PermissionArea[] = ['exports', 'reports'];

/** No rights anywhere, with every area's extra flags present. */
export function noPermissions(): Permissions {
  return Object.fromEntries(
    permissionAreas.map((area) => [area, areaPermission(area, undefined, false)]),
  ) as Permissions;
}

function areaPermission(
  area: PermissionArea,
  level: AccessLevel | undefined,
  financialData: boolean,
): AreaPermission {
  if (accessAreas.includes(area)) {
    const enabled = level !== undefined;
    return { read: enabled, write: enabled, enabled };
  }
  const permission: AreaPermission = { read: level !== undefined, write: level === 'write' };
  if (financialAreas.includes(area))
    permission.financialData = permission.write || (permission.read && financialData);
  if (area === 'sprayPlans') permission.audit = false;
  return permission;
}

/** The rights an account role carries before brand, holding and session narrow them. */
export function rolePermissions(role: Role): Permissions {
  const grant = roleGrants[role];
  const permissions = Object.fromEntries(
    permissionAreas.map((area) => [area, areaPermission(area, grant.areas[area], grant.financialData)]),
  ) as Permissions;
  permissions.sprayPlans.audit = grant.audit && permissions.sprayPlans.read;
  return permissions;
}

/** Areas that exist only where the brand has the capability. */
const brandGates: Partial<Record<PermissionArea, keyof BrandFeatures>> = {
  soil: 'soil',
  stocks: 'stocks',
  seedPlans: 'seeds',
  nutritionPlans: 'nutrition',
  sprayPlans: 'sprayPlans',
  manure: 'manure',
  fieldDiary: 'fieldDiary',
  taskManagement: 'fieldDiary',
  climate: 'climate',
  planning: 'planning',
  soilManagementPlan: 'soilManagementPlans',
};

type MainFeatures = HoldingPermissions['main'];

/** The holding permission that narrows each area. */
const holdingFeatureOf: Record<PermissionArea, keyof MainFeatures> = {
  holdings: 'holdings',
  fields: 'fields',
  soil: 'soil',
  mapLayers: 'mapLayers',
  stocks: 'stocks',
  seedPlans: 'seedPlans',
  nutritionPlans: 'nutritionPlans',
  sprayPlans: 'sprayPlans',
  manure: 'manure',
  exports: 'exports',
  reports: 'reports',
  climate: 'climate',
  fieldDiary: 'fieldDiary',
  taskManagement: 'taskManagement',
  yield: 'businessYield',
  shed: 'businessShed',
  production: 'businessProduction',
  planning: 'businessPlanning',
  // The holding itself (its details, partners, connections) follows the Holdings permission.
  currentHolding: 'holdings',
  soilManagementPlan: 'soil',
};

export interface PermissionInput {
  role: Role;
  /** The user's membership of the holding; null when there is none (an administrator browsing, say). */
  holdingRole: HoldingRole | null;
  /** The member's per-holding permissions; null when none were saved, in which case the role defaults apply. */
  holdingPermissions: HoldingPermissions | null;
  /**
   * What the holding's owners have between them (`ownerHoldingPermissions`); a member is narrowed by it as by
   * their own holding permissions. Null or absent when the holding has no owner: no owner narrows.
   */
  ownerPermissions?: HoldingPermissions | null;
  /** Missing flags count as off. */
  holdingFeatures: Partial<HoldingFeatureFlags>;
  brandFeatures: BrandFeatures;
  readOnlySession: boolean;
  fixedHoldingList: boolean;
}

/**
 * The rights of one user in one holding session. In order:
 * 1. the account role's rights (`rolePermissions`);
 * 2. areas the brand lacks are removed (the Access role keeps climate, which is always open to it);
 * 3. Members and Restricted members are narrowed by the holding's permissions (the role defaults when none
 *    were saved) and by what the holding's owners have, where both the brand and the holding have
 *    per-holding permissions; Owners and users without membership are not narrowed. Agronomists and
 *    Managers keep their own soil-management-plan rights whatever the holding's Soil permission says;
 * 4. a Restricted member never has Business Production;
 * 5. with a fixed holding list, writing needs an explicit grant in the holding's saved permissions: every
 *    other area (and every area when no saved permissions narrow the user) becomes read-only;
 * 6. a read-only session removes every write and spray auditing;
 * 7. stocks and shed writers always see financial data; spray auditing needs spray-plan read and the
 *    holding's audit feature.
 */
export function derivePermissions(input: PermissionInput): Permissions {
  const { role, holdingRole, brandFeatures, holdingFeatures } = input;
  const permissions = rolePermissions(role);

  for (const [area, feature] of Object.entries(brandGates) as [PermissionArea, keyof BrandFeatures][]) {
    if (!brandFeatures[feature]) permissions[area] = areaPermission(area, undefined, false);
  }

  const isMember = holdingRole === HoldingRole.Member || holdingRole === HoldingRole.RestrictedMember;
  const narrowed =
    isMember && brandFeatures.perHoldingPermissions && holdingFeatures.perHoldingPermissions === true;
  const explicitGrant = narrowed && input.holdingPermissions !== null;
  if (narrowed) {
    const holding = input.holdingPermissions ?? defaultHoldingPermissions(role);
    // Saved permissions were narrowed by the owners when saved, but the role defaults never are, and an
    // owner's role may have changed since: the owners' rights are applied here every time.
    const narrowers = input.ownerPermissions ? [holding, input.ownerPermissions] : [holding];
    for (const by of narrowers) {
      for (const area of permissionAreas) {
        if (keptFromRole(area, role)) continue;
        narrowArea(permissions[area], by.main[holdingFeatureOf[area]]);
      }
      permissions.sprayPlans.audit =
        permissions.sprayPlans.audit === true &&
        by.main.sprayPlans.read &&
        by.main.sprayPlans.haloAudit.enabled;
    }
  }

  if (role === Role.Access) permissions.climate.read = true;

  if (holdingRole === HoldingRole.RestrictedMember) {
    permissions.production = areaPermission('production', undefined, false);
  }

  // An owner runs the holding: its details and crop years are theirs to change whatever the account role
  // allows on other holdings. Demo accounts stay read-only; a read-only session still wins below.
  if (holdingRole === HoldingRole.Owner && role !== Role.Demo) {
    for (const area of ['holdings', 'currentHolding'] as const) {
      permissions[area].read = true;
      permissions[area].write = true;
    }
  }

  for (const area of permissionAreas) {
    const permission = permissions[area];
    const isAccessArea = accessAreas.includes(area);
    const granted = explicitGrant && !keptFromRole(area, role);
    if ((input.fixedHoldingList && !granted && !isAccessArea) || (input.readOnlySession && !isAccessArea)) {
      permission.write = false;
    }
    if (permission.write && permission.financialData !== undefined) permission.financialData = true;
  }

  permissions.sprayPlans.audit =
    permissions.sprayPlans.audit === true &&
    permissions.sprayPlans.read &&
    holdingFeatures.sprayAudit === true &&
    !input.readOnlySession &&
    (!input.fixedHoldingList || explicitGrant);
  return permissions;
}

/** Agronomists and Managers keep their own soil-management-plan rights: no holding grant covers them. */
function keptFromRole(area: PermissionArea, role: Role): boolean {
  return area === 'soilManagementPlan' && isAgronomistOrManager(role);
}

/** Narrows one area by its holding permission, whichever of the three permission formats it has. */
function narrowArea(
  permission: AreaPermission,
  holding: MainFeatures[keyof MainFeatures] | { enabled: boolean },
): void {
  if ('enabled' in holding) {
    const enabled = permission.enabled === true && holding.enabled;
    permission.enabled = enabled;
    permission.read = enabled;
    permission.write = enabled;
    return;
  }
  const readWrite: ReadWritePermission = holding;
  permission.write = permission.write && readWrite.read && readWrite.write;
  permission.read = permission.read && readWrite.read;
  if (permission.financialData !== undefined) {
    const financialData = 'financialData' in holding && holding.financialData === true;
    permission.financialData = permission.financialData && readWrite.read && financialData;
  }
}

/**
 * A partner user's rights on a holding that shares croppings with their partner (issue 23): they read the
 * fields and the map layers, which the server narrows to the shared croppings, and change nothing.
 */
export function partnerPermissions(): Permissions {
  const permissions = noPermissions();
  permissions.fields.read = true;
  permissions.mapLayers.read = true;
  return permissions;
}

/** Whether `permissions` allow `access` on `area`. */
export function canAccess(permissions: Permissions, area: PermissionArea, access: AccessLevel): boolean {
  return permissions[area][access];
}

/** What each area is called in sentences. */
export const permissionAreaNouns: Readonly<Record<PermissionArea, string>> = {
  holdings: 'holdings',
  fields: 'fields',
  soil: 'soil analysis',
  mapLayers: 'map layers',
  stocks: 'stocks',
  seedPlans: 'seed plans',
  nutritionPlans: 'nutrition plans',
  sprayPlans: 'spray plans',
  manure: 'manure',
  exports: 'exports',
  reports: 'reports',
  climate: 'climate data',
  fieldDiary: 'the field diary',
  taskManagement: 'tasks',
  yield: 'field performance',
  shed: 'the shed',
  production: 'production',
  planning: 'business planning',
  currentHolding: 'this holding',
  soilManagementPlan: 'soil management plans',
};

/** The message of a 403 refusing `access` on `area`. */
export function forbiddenMessage(area: PermissionArea, access: AccessLevel): string {
  const noun = permissionAreaNouns[area];
  if (accessAreas.includes(area)) return `You do not have access to ${noun} on this holding.`;
  if (area === 'currentHolding') {
    return access === 'read'
      ? 'You do not have permission to view this holding.'
      : 'You do not have permission to change this holding.';
  }
  return access === 'read'
    ? `You do not have permission to view ${noun} on this holding.`
    : `You do not have permission to change ${noun} on this holding.`;
}
