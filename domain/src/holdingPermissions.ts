import { z } from 'zod';
import type { PermissionArea } from './permissions.ts';
import {
  HoldingRole,
  InvitationAccessLevel,
  Role,
  isAdminOrHigher,
  roleGrants,
  type AccessLevel,
} from './roles.ts';

export const accessPermissionSchema = z.object({ enabled: z.boolean() });
export const readWritePermissionSchema = z.object({ read: z.boolean(), write: z.boolean() });
export const financialPermissionSchema = readWritePermissionSchema.extend({ financialData: z.boolean() });
export const sprayPlansPermissionSchema = readWritePermissionSchema.extend({
  haloAudit: accessPermissionSchema,
});

export type AccessPermission = z.infer<typeof accessPermissionSchema>;
export type ReadWritePermission = z.infer<typeof readWritePermissionSchema>;
export type FinancialPermission = z.infer<typeof financialPermissionSchema>;
export type SprayPlansPermission = z.infer<typeof sprayPlansPermissionSchema>;

/** Permissions for the main application. */
export const mainHoldingPermissionsSchema = z.object({
  holdings: readWritePermissionSchema,
  fields: readWritePermissionSchema,
  mapLayers: readWritePermissionSchema,
  stocks: financialPermissionSchema,
  soil: readWritePermissionSchema,
  climate: readWritePermissionSchema,
  seedPlans: readWritePermissionSchema,
  nutritionPlans: readWritePermissionSchema,
  sprayPlans: sprayPlansPermissionSchema,
  manure: readWritePermissionSchema,
  fieldDiary: readWritePermissionSchema,
  taskManagement: readWritePermissionSchema,
  exports: accessPermissionSchema,
  reports: accessPermissionSchema,
  businessYield: readWritePermissionSchema,
  businessShed: financialPermissionSchema,
  businessProduction: readWritePermissionSchema,
  businessPlanning: readWritePermissionSchema,
});

/** Permissions for the field-scouting application. */
export const scoutingHoldingPermissionsSchema = z.object({
  appAccess: accessPermissionSchema,
  fields: readWritePermissionSchema,
  records: readWritePermissionSchema,
  tasks: readWritePermissionSchema,
  stocks: financialPermissionSchema,
});

/** One member's permissions on one holding, as saved and as sent by the permissions dialog. */
export const holdingPermissionsSchema = z.object({
  main: mainHoldingPermissionsSchema,
  scouting: scoutingHoldingPermissionsSchema,
});
export type HoldingPermissions = z.infer<typeof holdingPermissionsSchema>;

/** What a holding offers, whoever the user. */
export interface HoldingFeatureFlags {
  /** Spray plans can be audited on this holding. */
  sprayAudit: boolean;
  /** Owners set permissions per member on this holding. */
  perHoldingPermissions: boolean;
  /** The holding is linked to the field-scouting application. */
  scoutingLink: boolean;
}
export const holdingFeatureFlagsSchema = z.object({
  sprayAudit: z.boolean(),
  perHoldingPermissions: z.boolean(),
  scoutingLink: z.boolean(),
});

export type HoldingPermissionFormat = 'access' | 'readWrite' | 'financial';

interface FeatureDefinition {
  group: 'main' | 'scouting';
  key: string;
  format: HoldingPermissionFormat;
  label: string;
  /** The area of the role's rights that decides whether the role can have this permission at all. */
  area: PermissionArea;
  /** For access-type permissions: what of the role's area it stands for. */
  roleFlag?: 'enabled' | 'audit' | 'read';
  /** A sub-permission lives inside its parent and needs the parent's read. */
  parent?: string;
}

/** The rows of the permission grid, in display order; a parent always comes before its sub-permissions. */
export const holdingPermissionFeatures = [
  {
    id: 'main.holdings',
    group: 'main',
    key: 'holdings',
    format: 'readWrite',
    label: 'Holdings',
    area: 'holdings',
  },
  { id: 'main.fields', group: 'main', key: 'fields', format: 'readWrite', label: 'Fields', area: 'fields' },
  {
    id: 'main.mapLayers',
    group: 'main',
    key: 'mapLayers',
    format: 'readWrite',
    label: 'Map layers',
    area: 'mapLayers',
  },
  { id: 'main.stocks', group: 'main', key: 'stocks', format: 'financial', label: 'Stocks', area: 'stocks' },
  { id: 'main.soil', group: 'main', key: 'soil', format: 'readWrite', label: 'Soil', area: 'soil' },
  {
    id: 'main.climate',
    group: 'main',
    key: 'climate',
    format: 'readWrite',
    label: 'Climate',
    area: 'climate',
  },
  {
    id: 'main.seedPlans',
    group: 'main',
    key: 'seedPlans',
    format: 'readWrite',
    label: 'Seed plans',
    area: 'seedPlans',
  },
  {
    id: 'main.nutritionPlans',
    group: 'main',
    key: 'nutritionPlans',
    format: 'readWrite',
    label: 'Nutrition plans',
    area: 'nutritionPlans',
  },
  {
    id: 'main.sprayPlans',
    group: 'main',
    key: 'sprayPlans',
    format: 'readWrite',
    label: 'Spray plans',
    area: 'sprayPlans',
  },
  {
    id: 'main.sprayPlans.haloAudit',
    group: 'main',
    key: 'haloAudit',
    format: 'access',
    label: 'Halo audit',
    area: 'sprayPlans',
    roleFlag: 'audit',
    parent: 'main.sprayPlans',
  },
  { id: 'main.manure', group: 'main', key: 'manure', format: 'readWrite', label: 'Manure', area: 'manure' },
  {
    id: 'main.fieldDiary',
    group: 'main',
    key: 'fieldDiary',
    format: 'readWrite',
    label: 'Field diary',
    area: 'fieldDiary',
  },
  {
    id: 'main.taskManagement',
    group: 'main',
    key: 'taskManagement',
    format: 'readWrite',
    label: 'Task management',
    area: 'taskManagement',
  },
  {
    id: 'main.exports',
    group: 'main',
    key: 'exports',
    format: 'access',
    label: 'Exports',
    area: 'exports',
    roleFlag: 'enabled',
  },
  {
    id: 'main.reports',
    group: 'main',
    key: 'reports',
    format: 'access',
    label: 'Reports',
    area: 'reports',
    roleFlag: 'enabled',
  },
  {
    id: 'main.businessYield',
    group: 'main',
    key: 'businessYield',
    format: 'readWrite',
    label: 'Business Yield',
    area: 'yield',
  },
  {
    id: 'main.businessShed',
    group: 'main',
    key: 'businessShed',
    format: 'financial',
    label: 'Business Shed',
    area: 'shed',
  },
  {
    id: 'main.businessProduction',
    group: 'main',
    key: 'businessProduction',
    format: 'readWrite',
    label: 'Business Production',
    area: 'production',
  },
  {
    id: 'main.businessPlanning',
    group: 'main',
    key: 'businessPlanning',
    format: 'readWrite',
    label: 'Business Planning',
    area: 'planning',
  },
  // Scouting rights mirror the main areas the scouting app works on: records are diary entries.
  {
    id: 'scouting.appAccess',
    group: 'scouting',
    key: 'appAccess',
    format: 'access',
    label: 'App access',
    area: 'fields',
    roleFlag: 'read',
  },
  {
    id: 'scouting.fields',
    group: 'scouting',
    key: 'fields',
    format: 'readWrite',
    label: 'Fields',
    area: 'fields',
    parent: 'scouting.appAccess',
  },
  {
    id: 'scouting.records',
    group: 'scouting',
    key: 'records',
    format: 'readWrite',
    label: 'Records',
    area: 'fieldDiary',
    parent: 'scouting.appAccess',
  },
  {
    id: 'scouting.tasks',
    group: 'scouting',
    key: 'tasks',
    format: 'readWrite',
    label: 'Tasks',
    area: 'taskManagement',
    parent: 'scouting.appAccess',
  },
  {
    id: 'scouting.stocks',
    group: 'scouting',
    key: 'stocks',
    format: 'financial',
    label: 'Stocks',
    area: 'stocks',
    parent: 'scouting.appAccess',
  },
] as const satisfies readonly (FeatureDefinition & { id: string })[];

export type HoldingPermissionFeature = (typeof holdingPermissionFeatures)[number];
export type HoldingPermissionFeatureId = HoldingPermissionFeature['id'];
export type HoldingPermissionGroup = HoldingPermissionFeature['group'];
type FeatureValue = AccessPermission | ReadWritePermission | FinancialPermission;

export function holdingPermissionFeature(id: HoldingPermissionFeatureId): HoldingPermissionFeature {
  const feature = holdingPermissionFeatures.find((candidate) => candidate.id === id);
  if (!feature) throw new RangeError(`Unknown holding permission ${id}`);
  return feature;
}

/** The value of one feature, a copy without nested sub-permissions. */
export function holdingPermissionValue(
  permissions: HoldingPermissions,
  id: HoldingPermissionFeatureId,
): FeatureValue {
  const feature = holdingPermissionFeature(id);
  if (id === 'main.sprayPlans.haloAudit') return { ...permissions.main.sprayPlans.haloAudit };
  const record = permissions[feature.group] as Record<string, FeatureValue>;
  const value = record[feature.key];
  if (!value) throw new RangeError(`Holding permission ${id} is missing`);
  if (id === 'main.sprayPlans')
    return { read: permissions.main.sprayPlans.read, write: permissions.main.sprayPlans.write };
  return { ...value };
}

/**
 * `permissions` with one feature replaced (sub-permissions of the feature are kept). Only what changes is
 * new: the result shares every other feature with `permissions`, so neither may be changed in place afterwards
 * (change them through this function, or through a `holdingPermissionValue` copy).
 */
export function withHoldingPermission(
  permissions: HoldingPermissions,
  id: HoldingPermissionFeatureId,
  value: FeatureValue,
): HoldingPermissions {
  const feature = holdingPermissionFeature(id);
  if (id === 'main.sprayPlans.haloAudit' || id === 'main.sprayPlans') {
    const current = permissions.main.sprayPlans;
    const sprayPlans: SprayPlansPermission =
      id === 'main.sprayPlans'
        ? { ...(shaped(feature.format, value) as ReadWritePermission), haloAudit: current.haloAudit }
        : {
            read: current.read,
            write: current.write,
            haloAudit: { enabled: 'enabled' in value && value.enabled },
          };
    return { ...permissions, main: { ...permissions.main, sprayPlans } };
  }
  const group = { ...permissions[feature.group], [feature.key]: shaped(feature.format, value) };
  return { ...permissions, [feature.group]: group };
}

function shaped(format: HoldingPermissionFormat, value: FeatureValue): FeatureValue {
  if (format === 'access') return { enabled: 'enabled' in value && value.enabled };
  const read = 'read' in value && value.read;
  const write = 'write' in value && value.write;
  if (format === 'readWrite') return { read, write };
  return { read, write, financialData: 'financialData' in value && value.financialData };
}

function grants(value: FeatureValue): boolean {
  return 'enabled' in value ? value.enabled : value.read;
}

/** The role's level on the feature's area, or undefined when the role cannot have the feature. */
function roleLevel(feature: HoldingPermissionFeature, role: Role): AccessLevel | undefined {
  const grant = roleGrants[role];
  const level = grant.areas[feature.area];
  if ('roleFlag' in feature && feature.roleFlag === 'audit' && !grant.audit) return undefined;
  return level;
}

/** A feature's value set to everything the role allows. */
function roleMaximum(feature: HoldingPermissionFeature, role: Role): FeatureValue {
  const level = roleLevel(feature, role);
  if (feature.format === 'access') return { enabled: level !== undefined };
  const read = level !== undefined;
  const write = level === 'write';
  if (feature.format === 'readWrite') return { read, write };
  return { read, write, financialData: write || (read && roleGrants[role].financialData) };
}

/** Every feature off; each feature is its own object, so callers may change one in place. */
export function emptyHoldingPermissions(): HoldingPermissions {
  const off = () => ({ read: false, write: false });
  const offFinancial = () => ({ read: false, write: false, financialData: false });
  return {
    main: {
      holdings: off(),
      fields: off(),
      mapLayers: off(),
      stocks: offFinancial(),
      soil: off(),
      climate: off(),
      seedPlans: off(),
      nutritionPlans: off(),
      sprayPlans: { ...off(), haloAudit: { enabled: false } },
      manure: off(),
      fieldDiary: off(),
      taskManagement: off(),
      exports: { enabled: false },
      reports: { enabled: false },
      businessYield: off(),
      businessShed: offFinancial(),
      businessProduction: off(),
      businessPlanning: off(),
    },
    scouting: {
      appAccess: { enabled: false },
      fields: off(),
      records: off(),
      tasks: off(),
      stocks: offFinancial(),
    },
  };
}

/**
 * The permissions a member with this account role starts with: everything the role allows, except Halo audit,
 * which only admin-level roles get by default.
 */
export function defaultHoldingPermissions(role: Role): HoldingPermissions {
  let permissions = emptyHoldingPermissions();
  for (const feature of holdingPermissionFeatures) {
    const value =
      feature.id === 'main.sprayPlans.haloAudit' && !isAdminOrHigher(role)
        ? { enabled: false }
        : roleMaximum(feature, role);
    permissions = withHoldingPermission(permissions, feature.id, value);
  }
  return permissions;
}

/**
 * What the holding's owners have between them, for narrowing its members: for each feature, the most any
 * owner's account role allows (any owner's right counts), within what the holding offers (Halo audit needs
 * the audit feature, scouting needs the scouting link and app access). An owner writes the holding itself
 * whatever the role, except Demo, as the session's rights say. Null when the holding has no owner: nobody
 * then narrows its members beyond their own role.
 */
export function ownerHoldingPermissions(
  ownerRoles: readonly Role[],
  holdingFeatures: Partial<HoldingFeatureFlags>,
): HoldingPermissions | null {
  if (ownerRoles.length === 0) return null;
  let permissions = emptyHoldingPermissions();
  for (const feature of holdingPermissionFeatures) {
    const offered =
      (feature.id !== 'main.sprayPlans.haloAudit' || holdingFeatures.sprayAudit === true) &&
      (feature.group !== 'scouting' || holdingFeatures.scoutingLink === true) &&
      (!('parent' in feature) || grants(holdingPermissionValue(permissions, feature.parent)));
    if (!offered) continue;
    const value = { read: false, write: false, financialData: false, enabled: false };
    for (const role of new Set(ownerRoles)) {
      const most: Partial<typeof value> =
        feature.id === 'main.holdings' && role !== Role.Demo
          ? { read: true, write: true }
          : roleMaximum(feature, role);
      value.read ||= most.read === true;
      value.write ||= most.write === true;
      value.financialData ||= most.financialData === true;
      value.enabled ||= most.enabled === true;
    }
    permissions = withHoldingPermission(permissions, feature.id, value);
  }
  return permissions;
}

const operatorEdits: readonly HoldingPermissionFeatureId[] = [
  'main.fieldDiary',
  'main.taskManagement',
  'scouting.appAccess',
  'scouting.records',
  'scouting.tasks',
];
const agronomistExcluded: readonly HoldingPermissionFeatureId[] = [
  'main.businessYield',
  'main.businessShed',
  'main.businessProduction',
  'main.businessPlanning',
];

/**
 * The permissions an accepted invitation starts with, never beyond the role's defaults.
 * Full: the role defaults. Agronomist: the defaults without the Business areas, with stocks view-only and
 * without financial data. Operator: as Agronomist, but editing only the field diary, tasks and scouting
 * records and tasks, and no Halo audit.
 */
export function invitationHoldingPermissions(level: InvitationAccessLevel, role: Role): HoldingPermissions {
  const defaults = defaultHoldingPermissions(role);
  if (level === InvitationAccessLevel.Full) return defaults;
  let permissions = defaults;
  for (const feature of holdingPermissionFeatures) {
    if (agronomistExcluded.includes(feature.id)) {
      permissions = withHoldingPermission(permissions, feature.id, {
        read: false,
        write: false,
        enabled: false,
      });
      continue;
    }
    const value = holdingPermissionValue(permissions, feature.id);
    // Writing stocks would bring financial data with it, so these levels only view them.
    if ('financialData' in value) Object.assign(value, { write: false, financialData: false });
    if (level === InvitationAccessLevel.Operator && !operatorEdits.includes(feature.id)) {
      if ('write' in value) value.write = false;
      if (feature.id === 'main.sprayPlans.haloAudit') Object.assign(value, { enabled: false });
    }
    permissions = withHoldingPermission(permissions, feature.id, value);
  }
  return normaliseHoldingPermissions(permissions, role, HoldingRole.Member);
}

/**
 * Applies the dependency rules to edited permissions:
 * - nothing beyond what the account role allows;
 * - nothing beyond what the holding's owners have (`ownerHoldingPermissions`; null: no owner to narrow by);
 * - a read-write value without read loses write and its other flags (so Halo audit needs spray-plan read),
 *   and scouting permissions need scouting app access;
 * - financial write always includes financial data;
 * - a Restricted member has no Business Production.
 */
export function normaliseHoldingPermissions(
  permissions: HoldingPermissions,
  role: Role,
  holdingRole: HoldingRole | null,
  ownerPermissions: HoldingPermissions | null = null,
): HoldingPermissions {
  let next = permissions;
  for (const feature of holdingPermissionFeatures) {
    const value = holdingPermissionValue(next, feature.id);
    const maximum = roleMaximum(feature, role);
    const owner = ownerPermissions ? holdingPermissionValue(ownerPermissions, feature.id) : maximum;
    if ('enabled' in value) {
      value.enabled =
        value.enabled && (maximum as AccessPermission).enabled && (owner as AccessPermission).enabled;
    } else {
      const max = maximum as FinancialPermission;
      const most = owner as FinancialPermission;
      value.read = value.read && max.read && most.read;
      value.write = value.write && max.write && most.write && value.read;
      if ('financialData' in value) {
        const financialData = max.financialData && most.financialData;
        value.financialData = value.write || (value.financialData && financialData && value.read);
      }
    }
    if ('parent' in feature && !grants(holdingPermissionValue(next, feature.parent))) {
      if ('enabled' in value) value.enabled = false;
      else Object.assign(value, shaped(feature.format, { read: false, write: false, financialData: false }));
    }
    if (feature.id === 'main.businessProduction' && holdingRole === HoldingRole.RestrictedMember) {
      Object.assign(value, { read: false, write: false });
    }
    next = withHoldingPermission(next, feature.id, value);
  }
  return next;
}

export const notAvailableLabel = 'Not available';

/**
 * Why a cell reads 'Not available': `owner`, the user is an owner (never narrowed); `holdingOwner`, the
 * holding's owners lack the feature; the others as `permissionAvailability` says.
 */
export type UnavailableReason =
  'owner' | 'role' | 'holding' | 'holdingOwner' | 'restrictedMember' | 'dependency';
export type PermissionAvailability =
  { available: true } | { available: false; reason: UnavailableReason; label: typeof notAvailableLabel };

export interface AvailabilityContext {
  /** The member's current (possibly edited) permissions, for the dependency checks. */
  permissions: HoldingPermissions;
  /**
   * What the holding's owners have between them (`ownerHoldingPermissions`): a member cannot be given what no
   * owner has. Null or absent when the holding has no owner, and then no owner narrows.
   */
  ownerPermissions?: HoldingPermissions | null;
}

/**
 * Whether a grid cell can be set, or why it reads 'Not available': the user is an owner (owners are never
 * narrowed), the account role cannot have it, the holding lacks it (no audit feature, no scouting link), the
 * holding's owners lack it, a Restricted member and Business Production, or a missing dependency.
 */
export function permissionAvailability(
  id: HoldingPermissionFeatureId,
  role: Role,
  holdingRole: HoldingRole | null,
  holdingFeatures: Partial<HoldingFeatureFlags>,
  context: AvailabilityContext,
): PermissionAvailability {
  const unavailable = (reason: UnavailableReason): PermissionAvailability => ({
    available: false,
    reason,
    label: notAvailableLabel,
  });
  const feature = holdingPermissionFeature(id);
  if (holdingRole === HoldingRole.Owner) return unavailable('owner');
  if (roleLevel(feature, role) === undefined) return unavailable('role');
  if (id === 'main.sprayPlans.haloAudit' && holdingFeatures.sprayAudit !== true)
    return unavailable('holding');
  if (feature.group === 'scouting' && holdingFeatures.scoutingLink !== true) return unavailable('holding');
  if (context.ownerPermissions && !grants(holdingPermissionValue(context.ownerPermissions, id))) {
    return unavailable('holdingOwner');
  }
  if (id === 'main.businessProduction' && holdingRole === HoldingRole.RestrictedMember) {
    return unavailable('restrictedMember');
  }
  if ('parent' in feature && !grants(holdingPermissionValue(context.permissions, feature.parent))) {
    return unavailable('dependency');
  }
  return { available: true };
}

/** Drop-down choices of a grid cell. A cleared drop-down means no access at all. */
export const permissionCellOptions = {
  access: [
    { value: 'available', label: 'Available' },
    { value: 'notAvailable', label: 'Not available' },
  ],
  readWrite: [
    { value: 'view', label: 'View' },
    { value: 'edit', label: 'View and edit' },
  ],
  financial: [
    { value: 'view', label: 'View' },
    { value: 'viewFinancial', label: 'View (including financial data)' },
    { value: 'editFinancial', label: 'View and edit (including financial data)' },
  ],
} as const satisfies Record<HoldingPermissionFormat, readonly { value: string; label: string }[]>;

export type PermissionCell = (typeof permissionCellOptions)[HoldingPermissionFormat][number]['value'];

/** The drop-down value showing a feature; null (cleared) when it grants nothing and is not access-type. */
export function permissionCell(
  permissions: HoldingPermissions,
  id: HoldingPermissionFeatureId,
): PermissionCell | null {
  const feature = holdingPermissionFeature(id);
  const value = holdingPermissionValue(permissions, id);
  if ('enabled' in value) return value.enabled ? 'available' : 'notAvailable';
  if (!value.read) return null;
  if (feature.format === 'readWrite') return value.write ? 'edit' : 'view';
  if (value.write) return 'editFinancial';
  return 'financialData' in value && value.financialData ? 'viewFinancial' : 'view';
}

/** The permissions after choosing `cell` (null clears it) for one feature; dependency rules not applied. */
export function withPermissionCell(
  permissions: HoldingPermissions,
  id: HoldingPermissionFeatureId,
  cell: PermissionCell | null,
): HoldingPermissions {
  const feature = holdingPermissionFeature(id);
  const allowed: readonly string[] = permissionCellOptions[feature.format].map((option) => option.value);
  if (cell !== null && !allowed.includes(cell)) throw new RangeError(`${cell} is not a choice for ${id}`);
  const value: FeatureValue =
    feature.format === 'access'
      ? { enabled: cell === 'available' }
      : {
          read: cell !== null,
          write: cell === 'edit' || cell === 'editFinancial',
          financialData: cell === 'viewFinancial' || cell === 'editFinancial',
        };
  return withHoldingPermission(permissions, id, value);
}

/**
 * The group header's bulk choice: View or View and edit on every available feature of the group. View gives
 * financial features plain View and leaves Halo audit off; View and edit turns on every access permission.
 */
export function withBulkPermission(
  permissions: HoldingPermissions,
  group: HoldingPermissionGroup,
  level: 'view' | 'edit',
  role: Role,
  holdingRole: HoldingRole | null,
  holdingFeatures: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null = null,
): HoldingPermissions {
  let next = permissions;
  for (const feature of holdingPermissionFeatures) {
    if (feature.group !== group) continue;
    const availability = permissionAvailability(feature.id, role, holdingRole, holdingFeatures, {
      permissions: next,
      ownerPermissions,
    });
    if (!availability.available) continue;
    const edit = level === 'edit';
    const value: FeatureValue =
      feature.format === 'access'
        ? { enabled: feature.id === 'main.sprayPlans.haloAudit' ? edit : true }
        : { read: true, write: edit, financialData: edit };
    next = withHoldingPermission(next, feature.id, value);
  }
  return normaliseHoldingPermissions(next, role, holdingRole, ownerPermissions);
}
