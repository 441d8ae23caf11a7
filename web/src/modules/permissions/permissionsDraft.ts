import type {
  PermissionsUser,
  SavePermissionsRequest,
  SavePermissionsUser,
} from '@headland/domain/api/permissionsApi';
import {
  normaliseHoldingPermissions,
  withBulkPermission,
  withPermissionCell,
  type HoldingFeatureFlags,
  type HoldingPermissionFeatureId,
  type HoldingPermissionGroup,
  type HoldingPermissions,
  type PermissionCell,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, resolveRole } from '@headland/domain/roles';

/** One holding user as the dialog edits them, beside what was loaded (holdings spec §3 Holding user). */
export interface UserDraft {
  loaded: PermissionsUser;
  holdingRole: HoldingRole;
  holdingPermissions: HoldingPermissions;
  restrictCroppingAccess: boolean;
  /** Authorisation per cropping id; a cropping without an entry is authorised. */
  croppingAuthorisations: Readonly<Record<number, boolean>>;
  deleted: boolean;
}

function loadedAuthorisations(user: PermissionsUser): Record<number, boolean> {
  return Object.fromEntries(user.croppingPermissions.map((entry) => [entry.croppingId, entry.authorized]));
}

/** The draft of a user exactly as loaded: Cancel goes back to this. */
export function draftOf(user: PermissionsUser): UserDraft {
  return {
    loaded: user,
    holdingRole: user.holdingRole,
    holdingPermissions: structuredClone(user.holdingPermissions),
    restrictCroppingAccess: user.restrictCroppingAccess,
    croppingAuthorisations: loadedAuthorisations(user),
    deleted: false,
  };
}

/** Deep equality of JSON-like values, whatever the key order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * Marked updated (holdings spec §4.2): the role, the holding permissions, the restrict flag or any cropping
 * authorisation differs from what was loaded. A removal is told apart by `deleted`.
 */
export function isUpdated(draft: UserDraft): boolean {
  const { loaded } = draft;
  if (draft.holdingRole !== loaded.holdingRole) return true;
  if (draft.restrictCroppingAccess !== loaded.restrictCroppingAccess) return true;
  if (!sameValue(draft.holdingPermissions, loaded.holdingPermissions)) return true;
  const before = loadedAuthorisations(loaded);
  const ids = new Set([...Object.keys(before), ...Object.keys(draft.croppingAuthorisations)].map(Number));
  return [...ids].some((id) => (before[id] ?? true) !== (draft.croppingAuthorisations[id] ?? true));
}

/** Anything to save for this user. */
export function hasChanges(draft: UserDraft): boolean {
  return draft.deleted || isUpdated(draft);
}

/**
 * Another role; choosing Restricted member also takes Business Production away (holdings spec §4.2).
 * `ownerPermissions` is the answer's: what the holding's owners have, which no member gets beyond.
 */
export function withRole(
  draft: UserDraft,
  holdingRole: HoldingRole,
  ownerPermissions: HoldingPermissions | null = null,
): UserDraft {
  const role = resolveRole(draft.loaded.userRole);
  const holdingPermissions =
    holdingRole === HoldingRole.RestrictedMember
      ? normaliseHoldingPermissions(draft.holdingPermissions, role, holdingRole, ownerPermissions)
      : draft.holdingPermissions;
  return { ...draft, holdingRole, holdingPermissions };
}

/**
 * One grid cell chosen, with the dependency rules applied (Halo audit goes with spray-plan read) and capped at
 * what the holding's owners have (`ownerPermissions`, the answer's).
 */
export function withCell(
  draft: UserDraft,
  id: HoldingPermissionFeatureId,
  cell: PermissionCell | null,
  ownerPermissions: HoldingPermissions | null = null,
): UserDraft {
  const role = resolveRole(draft.loaded.userRole);
  const next = withPermissionCell(draft.holdingPermissions, id, cell);
  return {
    ...draft,
    holdingPermissions: normaliseHoldingPermissions(next, role, draft.holdingRole, ownerPermissions),
  };
}

/** A group header's bulk choice for this user. */
export function withBulk(
  draft: UserDraft,
  group: HoldingPermissionGroup,
  level: 'view' | 'edit',
  holdingFeatures: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null = null,
): UserDraft {
  const role = resolveRole(draft.loaded.userRole);
  return {
    ...draft,
    holdingPermissions: withBulkPermission(
      draft.holdingPermissions,
      group,
      level,
      role,
      draft.holdingRole,
      holdingFeatures,
      ownerPermissions,
    ),
  };
}

/** Sets the authorisation of some croppings at once (a cropping row, or every cropping of a group). */
export function withCroppings(
  draft: UserDraft,
  croppingIds: readonly number[],
  authorized: boolean,
): UserDraft {
  const croppingAuthorisations = { ...draft.croppingAuthorisations };
  for (const id of croppingIds) croppingAuthorisations[id] = authorized;
  return { ...draft, croppingAuthorisations };
}

export function isCroppingAuthorised(draft: UserDraft, croppingId: number): boolean {
  return draft.croppingAuthorisations[croppingId] ?? true;
}

/**
 * The users matching the filter text by name or e-mail, ignoring case; users with unsaved changes stay listed
 * whatever the filter (holdings spec §2.2).
 */
export function filterDrafts<T extends UserDraft>(drafts: readonly T[], filter: string): T[] {
  const text = filter.trim().toLocaleLowerCase();
  if (!text) return [...drafts];
  return drafts.filter((draft) => {
    if (hasChanges(draft)) return true;
    const { displayName, firstName, lastName, email } = draft.loaded;
    return [displayName, `${firstName} ${lastName}`, email].some((value) =>
      value.toLocaleLowerCase().includes(text),
    );
  });
}

/** The grid's column heading: first and last name, else the display name. */
export function columnName(draft: UserDraft): string {
  const { firstName, lastName, displayName } = draft.loaded;
  return `${firstName.trim()} ${lastName.trim()}`.trim() || displayName;
}

/** Who is looking at the dialog: their user id and whether they manage the holding (an owner or admin). */
export interface Viewer {
  userId: number;
  canManage: boolean;
}

const roleOrder: readonly HoldingRole[] = [
  HoldingRole.Owner,
  HoldingRole.Member,
  HoldingRole.RestrictedMember,
];

export interface RoleControl {
  /** The drop-down's entries: the current role and the roles that may be chosen. */
  options: HoldingRole[];
  disabled: boolean;
}

/**
 * The role drop-down of one user (holdings spec §6). Those who manage the holding may choose any role, and
 * Restricted member for anyone not restricted yet; someone else may only make themselves restricted, and
 * nothing once restricted. The control is disabled for removed users, for one's own entry unless it is
 * Member, and when nothing else can be chosen.
 */
export function roleControl(draft: UserDraft, viewer: Viewer): RoleControl {
  const current = draft.holdingRole;
  const self = draft.loaded.userId === viewer.userId;
  const restricted = current === HoldingRole.RestrictedMember;
  let offered: HoldingRole[] = [];
  if (viewer.canManage) {
    offered = [HoldingRole.Owner, HoldingRole.Member, ...(restricted ? [] : [HoldingRole.RestrictedMember])];
  } else if (self && !restricted) {
    offered = [HoldingRole.RestrictedMember];
  }
  const options = roleOrder.filter((role) => role === current || offered.includes(role));
  const choice = options.some((role) => role !== current);
  const disabled = draft.deleted || (self && current !== HoldingRole.Member) || !choice;
  return { options, disabled };
}

/**
 * The remove (trash) button: for those who manage the holding, on members and restricted members other than
 * themselves, and on rows already marked for removal so that the removal can be undone.
 */
export function canRemove(draft: UserDraft, viewer: Viewer): boolean {
  if (!viewer.canManage) return false;
  if (draft.deleted) return true;
  const self = draft.loaded.userId === viewer.userId;
  const owner = draft.loaded.holdingRole === HoldingRole.Owner || draft.holdingRole === HoldingRole.Owner;
  return !self && !owner;
}

/** The viewer turns themselves into a restricted member: saved with its own call, then they are signed out. */
export function isSelfRestriction(draft: UserDraft, viewer: Viewer): boolean {
  return (
    draft.loaded.userId === viewer.userId &&
    !draft.deleted &&
    draft.loaded.holdingRole !== HoldingRole.RestrictedMember &&
    draft.holdingRole === HoldingRole.RestrictedMember
  );
}

function saveEntry(draft: UserDraft, croppingIds: readonly number[]): SavePermissionsUser {
  const { loaded } = draft;
  // The membership's version as read: a change another owner made since is not undone (409, conflict dialog).
  const entry: SavePermissionsUser = {
    userId: loaded.userId,
    email: loaded.email,
    delete: draft.deleted,
    version: loaded.version,
  };
  if (draft.deleted) return entry;
  if (draft.holdingRole !== loaded.holdingRole) entry.holdingRole = draft.holdingRole;
  entry.holdingPermissions = draft.holdingPermissions;
  if (draft.holdingRole === HoldingRole.RestrictedMember) {
    entry.restrictCroppingAccess = draft.restrictCroppingAccess;
    // Cropping authorisations mean something only while access is restricted (holdings spec §5.2).
    if (draft.restrictCroppingAccess) {
      entry.croppingPermissions = croppingIds.map((croppingId) => ({
        croppingId,
        authorized: isCroppingAuthorised(draft, croppingId),
      }));
    }
  }
  return entry;
}

/**
 * The save call's body (holdings spec §7): one entry per changed user; the role only when it changed; cropping
 * authorisations for every listed cropping, and only for users with restricted cropping access. The viewer's
 * own switch to restricted member is left out: it has its own call.
 */
export function saveRequest(
  year: number,
  drafts: readonly UserDraft[],
  croppingIds: readonly number[],
  viewer: Viewer,
): SavePermissionsRequest {
  return {
    year,
    users: drafts
      .filter((draft) => hasChanges(draft) && !isSelfRestriction(draft, viewer))
      .map((draft) => saveEntry(draft, croppingIds)),
  };
}
