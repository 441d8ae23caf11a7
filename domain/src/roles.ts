import { z } from 'zod';
import type { PermissionArea } from './permissions.ts';

/** Account-wide roles. Lower numbers carry more rights; comparisons below rely on that ordering. */
export const Role = {
  Master: 1,
  Admin: 2,
  Manager: 3,
  Agronomist: 4,
  Client: 5,
  Demo: 6,
  Access: 7,
  FmClient: 8,
  ScoutUser: 9,
  ConnectUser: 10,
  InvoicingAdmin: 11,
  ServiceSpecialist: 12,
  SoilMappingTeam: 13,
  ThirdPartyAgronomist: 14,
  AccessPlus: 15,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const roleSchema = z.enum(Role);

/** Every role, in numeric order. */
export const roles: readonly Role[] = Object.values(Role).sort((a, b) => a - b);

/** The role given to a user whose role is not set. */
export const defaultRole: Role = Role.Demo;

/**
 * The role of a user record: Demo when unset. An unknown number is an error rather than a guess, because
 * silently mapping it to some role would hand out rights nobody chose.
 */
export function resolveRole(value: number | null | undefined): Role {
  if (value === null || value === undefined) return defaultRole;
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) throw new RangeError(`Unknown role ${value}`);
  return parsed.data;
}

/** Role wording per brand, one name for every role. */
export type RoleNames = Readonly<Record<Role, string>>;

/**
 * Main-brand wording. "FmClient" is the Field Manager client, so it reads "Field Manager Client"; the plain
 * Client role is the Business Manager client and reads "Business Manager Client".
 */
export const mainRoleNames: RoleNames = {
  [Role.Master]: 'Master',
  [Role.Admin]: 'Admin',
  [Role.Manager]: 'Manager',
  [Role.Agronomist]: 'Agronomist',
  [Role.Client]: 'Business Manager Client',
  [Role.Demo]: 'Demo',
  [Role.Access]: 'Access',
  [Role.FmClient]: 'Field Manager Client',
  [Role.ScoutUser]: 'Scout User',
  [Role.ConnectUser]: 'Connect User',
  [Role.InvoicingAdmin]: 'Invoicing Admin',
  [Role.ServiceSpecialist]: 'Service Specialist',
  [Role.SoilMappingTeam]: 'Soil Mapping Team',
  [Role.ThirdPartyAgronomist]: '3rd Party Agronomist',
  [Role.AccessPlus]: 'Access +',
};

/** Second-brand wording; roles it does not rename keep the main-brand wording. */
export const secondRoleNames: RoleNames = {
  ...mainRoleNames,
  [Role.Access]: 'Basic',
  [Role.Client]: 'Advanced',
  [Role.Agronomist]: 'Advisor',
};

/** Admin-level: shown as admin in the sessions list, may export holdings and set map label options. */
export function isAdminOrHigher(role: Role): boolean {
  return role <= Role.Admin;
}

/** Agronomist level or above (Master, Admin, Manager, Agronomist): precision features, agronomist of new holdings. */
export function isAgronomistOrHigher(role: Role): boolean {
  return role <= Role.Agronomist;
}

/** Only these two roles see the Power BI report option and get the soil-management-plan special case. */
export function isAgronomistOrManager(role: Role): boolean {
  return role === Role.Agronomist || role === Role.Manager;
}

/** Master and above see custom base maps. */
export function isMasterOrHigher(role: Role): boolean {
  return role <= Role.Master;
}

/** Clouds on satellite imagery are for admin-level roles and service specialists. */
export function canViewSatelliteClouds(role: Role): boolean {
  return isAdminOrHigher(role) || role === Role.ServiceSpecialist;
}

/** A user's membership of one holding. */
export const HoldingRole = {
  Member: 1,
  Owner: 2,
  RestrictedMember: 3,
} as const;
export type HoldingRole = (typeof HoldingRole)[keyof typeof HoldingRole];

export const holdingRoleSchema = z.enum(HoldingRole);

export const holdingRoleNames: Readonly<Record<HoldingRole, string>> = {
  [HoldingRole.Member]: 'Member',
  [HoldingRole.Owner]: 'Owner',
  [HoldingRole.RestrictedMember]: 'Restricted member',
};

/** Access level offered when inviting someone to a holding. */
export const InvitationAccessLevel = {
  Full: 1,
  Agronomist: 2,
  Operator: 3,
} as const;
export type InvitationAccessLevel = (typeof InvitationAccessLevel)[keyof typeof InvitationAccessLevel];

export const invitationAccessLevelSchema = z.enum(InvitationAccessLevel);

export const invitationAccessLevelNames: Readonly<Record<InvitationAccessLevel, string>> = {
  [InvitationAccessLevel.Full]: 'Full',
  [InvitationAccessLevel.Agronomist]: 'Agronomist',
  [InvitationAccessLevel.Operator]: 'Operator',
};

export type AccessLevel = 'read' | 'write';

/**
 * What an account role may do on a holding before any holding narrows it. For exports and reports any level
 * means "enabled".
 */
export interface RoleGrant {
  areas: Readonly<Partial<Record<PermissionArea, AccessLevel>>>;
  /** Sees financial data in stocks and shed even where it only reads them (writers always see it). */
  financialData: boolean;
  /** May audit spray plans, where the holding has the audit feature and the holding grants it. */
  audit: boolean;
}

const everything: Readonly<Record<PermissionArea, AccessLevel>> = {
  holdings: 'write',
  fields: 'write',
  soil: 'write',
  mapLayers: 'write',
  stocks: 'write',
  seedPlans: 'write',
  nutritionPlans: 'write',
  sprayPlans: 'write',
  manure: 'write',
  exports: 'write',
  reports: 'write',
  climate: 'write',
  fieldDiary: 'write',
  taskManagement: 'write',
  yield: 'write',
  shed: 'write',
  production: 'write',
  planning: 'write',
  currentHolding: 'write',
  soilManagementPlan: 'write',
};

const readEverything = Object.fromEntries(Object.keys(everything).map((area) => [area, 'read'])) as Readonly<
  Record<PermissionArea, AccessLevel>
>;

const agronomyRead = {
  holdings: 'read',
  currentHolding: 'read',
  fields: 'read',
  mapLayers: 'read',
  soil: 'read',
  seedPlans: 'read',
  nutritionPlans: 'read',
  sprayPlans: 'read',
  manure: 'read',
  climate: 'read',
  fieldDiary: 'read',
  taskManagement: 'read',
  soilManagementPlan: 'read',
} as const satisfies Partial<Record<PermissionArea, AccessLevel>>;

const accessAreas = {
  holdings: 'read',
  currentHolding: 'read',
  mapLayers: 'write',
  climate: 'read',
  exports: 'read',
} as const satisfies Partial<Record<PermissionArea, AccessLevel>>;

/**
 * The product's role matrix (the spec leaves it open; see docs/decisions.md):
 * - Master, Admin, Manager, Agronomist: everything, with financial data and spray auditing.
 * - Client: reads every area, writes fields, map layers, field diary and stocks; exports and reports.
 * - Demo: reads every area, reports but no exports, no financial data.
 * - Access: map layers, climate and exports; Access+ adds fields, soil (read) and reports.
 * - External roles each get the slice their job needs, without financial data or business areas.
 */
export const roleGrants: Readonly<Record<Role, RoleGrant>> = {
  [Role.Master]: { areas: everything, financialData: true, audit: true },
  [Role.Admin]: { areas: everything, financialData: true, audit: true },
  [Role.Manager]: { areas: everything, financialData: true, audit: true },
  [Role.Agronomist]: { areas: everything, financialData: true, audit: true },
  [Role.Client]: {
    areas: { ...readEverything, fields: 'write', mapLayers: 'write', fieldDiary: 'write', stocks: 'write' },
    financialData: true,
    audit: false,
  },
  [Role.Demo]: {
    areas: Object.fromEntries(Object.entries(readEverything).filter(([area]) => area !== 'exports')),
    financialData: false,
    audit: false,
  },
  [Role.Access]: { areas: accessAreas, financialData: false, audit: false },
  [Role.FmClient]: {
    areas: { ...agronomyRead, fieldDiary: 'write', reports: 'read' },
    financialData: false,
    audit: false,
  },
  [Role.ScoutUser]: {
    areas: {
      holdings: 'read',
      currentHolding: 'read',
      fields: 'read',
      mapLayers: 'read',
      fieldDiary: 'write',
      taskManagement: 'write',
    },
    financialData: false,
    audit: false,
  },
  [Role.ConnectUser]: {
    // Connecting external apps is this role's job, and that needs current-holding write.
    areas: { holdings: 'read', currentHolding: 'write', fields: 'read', mapLayers: 'read', exports: 'read' },
    financialData: false,
    audit: false,
  },
  [Role.InvoicingAdmin]: {
    areas: { holdings: 'read', currentHolding: 'read', reports: 'read' },
    financialData: false,
    audit: false,
  },
  [Role.ServiceSpecialist]: {
    areas: {
      ...agronomyRead,
      stocks: 'read',
      fields: 'write',
      mapLayers: 'write',
      currentHolding: 'write',
      exports: 'read',
      reports: 'read',
    },
    financialData: false,
    audit: false,
  },
  [Role.SoilMappingTeam]: {
    areas: {
      holdings: 'read',
      currentHolding: 'read',
      fields: 'read',
      mapLayers: 'write',
      soil: 'write',
      soilManagementPlan: 'read',
      exports: 'read',
    },
    financialData: false,
    audit: false,
  },
  [Role.ThirdPartyAgronomist]: {
    areas: {
      ...agronomyRead,
      fields: 'write',
      mapLayers: 'write',
      soil: 'write',
      seedPlans: 'write',
      nutritionPlans: 'write',
      sprayPlans: 'write',
      manure: 'write',
      fieldDiary: 'write',
      taskManagement: 'write',
      soilManagementPlan: 'write',
      stocks: 'read',
      exports: 'read',
      reports: 'read',
    },
    financialData: false,
    audit: false,
  },
  [Role.AccessPlus]: {
    areas: { ...accessAreas, fields: 'write', soil: 'read', reports: 'read' },
    financialData: false,
    audit: false,
  },
};
