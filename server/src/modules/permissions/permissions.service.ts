import {
  permissionsMessages,
  type PermissionsResponse,
  type PermissionsUser,
  type SavePermissionsRequest,
  type SavePermissionsUser,
} from '@headland/domain/api/permissionsApi';
import { CropId } from '@headland/domain/crops';
import { EventAction, Module } from '@headland/domain/enumerations';
import type { HoldingFeatureFlags, HoldingPermissions } from '@headland/domain/holdingPermissions';
import { HoldingRole, resolveRole, type Role } from '@headland/domain/roles';
import { visibleCroppingEntries, type ListedCropping } from '@headland/domain/visibleCroppings';
import type { Db } from '../../db/database.ts';
import { changeAuthorOf, markChangeAuthor } from '../../events/changeAuthor.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, forbidden, notFound, staleWrite } from '../../http/httpErrors.ts';
import { invitationsOf } from '../invitations/invitations.service.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import {
  applyPermissionRules,
  effectivePermissions,
  holdingOwnerPermissions,
  savedOrDefaultPermissions,
} from './permissionRules.ts';
import { mayManageHolding } from '../../auth/holdingAccess.ts';
import { displayName } from '../../auth/users.presenters.ts';
import { type Caller } from '../../auth/caller.ts';
import { actorOf, assertWritable } from './permissionChanges.ts';
import {
  croppingsOfYear,
  dialogCroppings,
  dialogMembers,
  holdingFeatures,
  holdingMembers,
  memberRemovedBy,
  removeMember,
  revokeToken,
  saveCroppingPermissions,
  updateMember,
  type MemberRow,
} from './permissions.queries.ts';

export interface PermissionsDeps {
  db: Db;
  authCache: AuthCache;
}

const allFeatures = (features: Partial<HoldingFeatureFlags>): HoldingFeatureFlags => ({
  sprayAudit: features.sprayAudit === true,
  perHoldingPermissions: features.perHoldingPermissions === true,
  scoutingLink: features.scoutingLink === true,
});

/** The caller's own membership role read from `members` (fresh, not the briefly cached one of the token). */
function callerHoldingRole(caller: Caller, members: readonly MemberRow[]): number | null {
  return members.find((member) => member.user_id === caller.auth.user.id)?.holding_role ?? null;
}

/** Crops that are never listed (§5.2), left out by the query already; the domain's rules still decide. */
const unlistedCropIds = [CropId.Uncropped, CropId.NonFarmedArea, CropId.Woodland];

/** The year's listed croppings (§3 Cropping row, §5.2 exclusions) as the Cropping tab shows them. */
async function listedCroppings(db: Db, holdingId: number, yearId: number) {
  const rows = await dialogCroppings(db, holdingId, yearId, unlistedCropIds);
  const fields = new Map(
    rows.map((row) => [row.field_id, { Name: row.field_name, FieldGroup: row.field_group }]),
  );
  const croppings: ListedCropping[] = rows.map((row) => ({
    CroppingId: row.id,
    FieldId: row.field_id,
    YearId: row.year_id,
    CropId: row.crop_id,
    CropName: row.crop_name,
    CropDescr: row.crop_descr,
    VarietyName: row.variety_name,
    Area: row.area,
  }));
  return visibleCroppingEntries(croppings, fields, yearId);
}

/**
 * `effectivePermissions` for many members at once: members share a few combinations of saved permissions and
 * roles (most are on their role's defaults), and each combination is worked out once.
 */
function effectivePermissionsOf(
  features: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null,
) {
  const known = new Map<string, HoldingPermissions>();
  return (saved: unknown, userRole: number, holdingRole: HoldingRole): HoldingPermissions => {
    const key = `${userRole}:${holdingRole}:${JSON.stringify(saved ?? null)}`;
    let permissions = known.get(key);
    if (!permissions) {
      permissions = effectivePermissions(saved, userRole, holdingRole, features, ownerPermissions);
      known.set(key, permissions);
    }
    return permissions;
  };
}

/**
 * The users and permissions dialog's data. Those who manage the holding get everything. Other members get
 * the Users and Permissions tabs read-only: every member with their role and permissions, their own account
 * permissions, and nothing of invitations, croppings or cropping authorisations (a restricted member must not
 * learn of croppings hidden from them). A restricted member's cropping authorisations list only the listed
 * croppings withheld from them: a cropping without an entry is authorised (§3). Members' permissions are
 * narrowed by what the holding's owners have, which the answer carries for the grid's 'Not available' (§4.2).
 */
export async function getPermissions(db: Db, caller: Caller, year?: number): Promise<PermissionsResponse> {
  const yearId = year ?? caller.sessionYearId;
  if (yearId === null) throw badRequest('chooseCropYearFirst');
  const holding = await dialogMembers(db, caller.holdingId, yearId);
  if (holding === null) throw notFound('holdingNotFound');
  const { features, members } = holding;
  const canManage = mayManageHolding(caller.auth.user.role, callerHoldingRole(caller, members));
  const [croppings, invites] = canManage
    ? await Promise.all([listedCroppings(db, caller.holdingId, yearId), invitationsOf(db, caller.holdingId)])
    : [[], []];
  const listedAt = new Map(croppings.map((cropping, index) => [cropping.croppingId, index]));
  const ownerPermissions = holdingOwnerPermissions(members, features);
  const permissionsFor = effectivePermissionsOf(features, ownerPermissions);

  const users = members.map((member): PermissionsUser => {
    const holdingRole = member.holding_role as HoldingRole;
    const self = member.user_id === caller.auth.user.id;
    const withheld = canManage ? (member.withheld_cropping_ids ?? []) : [];
    return {
      userId: member.user_id,
      email: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
      displayName: displayName({
        userId: member.user_id,
        email: member.email,
        firstName: member.first_name,
        lastName: member.last_name,
      }),
      userRole: member.role,
      holdingRole,
      userPermissions: canManage || self ? member.user_permissions : null,
      holdingPermissions: permissionsFor(member.holding_permissions, member.role, holdingRole),
      croppingPermissions: withheld
        .filter((croppingId) => listedAt.has(croppingId))
        .sort((a, b) => listedAt.get(a)! - listedAt.get(b)!)
        .map((croppingId) => ({ croppingId, authorized: false })),
      restrictCroppingAccess: member.restrict_cropping_access,
      version: member.version,
    };
  });

  const userRoles = [...new Set(members.map((member) => member.role))].sort((a, b) => a - b);
  const defaultPermissions = userRoles.flatMap((userRole) =>
    [HoldingRole.Member, HoldingRole.RestrictedMember].map((holdingRole) => ({
      userRole,
      holdingRole,
      holdingPermissions: permissionsFor(null, userRole, holdingRole),
    })),
  );

  return {
    year: yearId,
    currentUserId: caller.auth.user.id,
    canManage,
    holdingFeatures: allFeatures(features),
    ownerPermissions,
    users,
    invites,
    defaultPermissions,
    croppings,
  };
}

interface PlannedChange {
  member: MemberRow;
  entry: SavePermissionsUser;
  remove: boolean;
  holdingRole: HoldingRole;
  restrictCroppingAccess: boolean;
  holdingPermissions: unknown;
}

/**
 * The saved permissions of a member taking a new role: what was saved with the rules of the new role applied,
 * or still none. None stays none because saved permissions are an explicit grant, which a user with a fixed
 * holding list needs to write at all: changing a role must never hand out rights nobody chose. (Without saved
 * permissions a restricted member still loses Business Production: the session's derivation removes it.)
 */
function permissionsForRole(
  saved: unknown,
  role: Role,
  holdingRole: HoldingRole,
  features: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null,
): HoldingPermissions | null {
  if (saved === null) return null;
  return applyPermissionRules(
    savedOrDefaultPermissions(saved, role),
    role,
    holdingRole,
    features,
    ownerPermissions,
  );
}

/**
 * The members once the save's role changes and removals are made: members are saved narrowed by the owners the
 * holding will have, which are also those the next GET and the members' sessions narrow by. (Entries that
 * turn out to be refused make the whole save fail, so reading them before they are checked changes nothing.)
 */
function membersAfter(members: readonly MemberRow[], entries: readonly SavePermissionsUser[]): MemberRow[] {
  const byId = new Map(entries.map((entry) => [entry.userId, entry]));
  return members.flatMap((member) => {
    const entry = byId.get(member.user_id);
    if (!entry) return [member];
    if (entry.delete) return [];
    return [{ ...member, holding_role: entry.holdingRole ?? member.holding_role }];
  });
}

function ownerIds(members: readonly MemberRow[]): string {
  return members
    .filter((member) => member.holding_role === HoldingRole.Owner)
    .map((member) => member.user_id)
    .sort((a, b) => a - b)
    .join(',');
}

/** What one entry of a save asks for, with the rules applied; refuses what nobody may do. */
function planChange(
  caller: Caller,
  canManage: boolean,
  member: MemberRow,
  entry: SavePermissionsUser,
  features: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null,
): PlannedChange {
  const self = member.user_id === caller.auth.user.id;
  const currentRole = member.holding_role as HoldingRole;
  const role = resolveRole(member.role);
  if (!canManage) {
    // A member may only make the irreversible switch to restricted member for themselves (§5.2, §6).
    if (!self) throw forbidden('ownersOnly');
    const wanted = entry.holdingRole ?? currentRole;
    if (entry.delete || (wanted !== currentRole && wanted !== HoldingRole.RestrictedMember)) {
      throw forbidden('ownSwitchOnly');
    }
    return {
      member,
      entry,
      remove: false,
      holdingRole: wanted,
      restrictCroppingAccess: member.restrict_cropping_access,
      holdingPermissions:
        wanted === currentRole
          ? member.holding_permissions
          : permissionsForRole(member.holding_permissions, role, wanted, features, ownerPermissions),
    };
  }
  if (entry.delete) {
    if (self) throw badRequest('removeSelf');
    if (currentRole === HoldingRole.Owner) throw badRequest('removeOwner');
    return {
      member,
      entry,
      remove: true,
      holdingRole: currentRole,
      restrictCroppingAccess: true,
      holdingPermissions: null,
    };
  }
  const holdingRole = entry.holdingRole ?? currentRole;
  const restrictCroppingAccess = entry.restrictCroppingAccess ?? member.restrict_cropping_access;
  let holdingPermissions: unknown = member.holding_permissions;
  // Owners are never narrowed: what was saved for them stays for the day they become a member again.
  if (holdingRole !== HoldingRole.Owner) {
    holdingPermissions = entry.holdingPermissions
      ? applyPermissionRules(entry.holdingPermissions, role, holdingRole, features, ownerPermissions)
      : permissionsForRole(member.holding_permissions, role, holdingRole, features, ownerPermissions);
    // Sending back what the grid showed for a member still on the role's defaults keeps them on the defaults.
    const shown = effectivePermissions(
      member.holding_permissions,
      member.role,
      holdingRole,
      features,
      ownerPermissions,
    );
    if (member.holding_permissions === null && canonicalJson(holdingPermissions) === canonicalJson(shown)) {
      holdingPermissions = null;
    }
  }
  return { member, entry, remove: false, holdingRole, restrictCroppingAccess, holdingPermissions };
}

/** JSON text with object keys sorted: jsonb hands objects back with its own key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function changed(plan: PlannedChange): boolean {
  const { member } = plan;
  return (
    plan.remove ||
    plan.holdingRole !== member.holding_role ||
    plan.restrictCroppingAccess !== member.restrict_cropping_access ||
    canonicalJson(plan.holdingPermissions ?? null) !== canonicalJson(member.holding_permissions ?? null)
  );
}

/**
 * Saves the dialog (§4.2, §5.2, §6) in one transaction with one Event per changed user: roles, permissions
 * with the dependency rules applied, the restricted members' cropping authorisations for the year, and
 * removals, which end the removed users' sessions on the holding at once. A holding always keeps an owner.
 */
export async function savePermissions(
  deps: PermissionsDeps,
  caller: Caller,
  request: SavePermissionsRequest,
): Promise<{ users: PermissionsUser[] }> {
  assertWritable(caller);
  const seen = new Set<number>();
  for (const entry of request.users) {
    if (seen.has(entry.userId)) throw badRequest('userListedTwice', { userId: entry.userId });
    seen.add(entry.userId);
  }
  const affected = new Set<number>();
  let ownersChanged = false;
  await deps.db.transaction(async (tx) => {
    await markChangeAuthor(tx, caller.auth.user.id);
    const features = await holdingFeatures(tx, caller.holdingId);
    if (features === null) throw notFound('holdingNotFound');
    const members = await holdingMembers(tx, caller.holdingId, { forUpdate: true });
    const byId = new Map(members.map((member) => [member.user_id, member]));
    // A membership changed since the dialog read it: the whole save stops rather than undo that change.
    for (const entry of request.users) {
      if (entry.version === null || entry.version === undefined) continue;
      const member = byId.get(entry.userId);
      if (member?.version === entry.version) continue;
      // Read by the dialog but removed since: the removal's event names who removed them.
      const author = member ? member.changed_by : await memberRemovedBy(tx, caller.holdingId, entry.userId);
      throw staleWrite(`member:${caller.holdingId}:${entry.userId}`, await changeAuthorOf(tx, author));
    }
    const canManage = mayManageHolding(caller.auth.user.role, callerHoldingRole(caller, members));
    const after = membersAfter(members, request.users);
    const ownerPermissions = holdingOwnerPermissions(after, features);

    const plans = request.users.map((entry) => {
      const member = byId.get(entry.userId);
      if (!member) {
        if (!canManage) throw forbidden('ownersOnly');
        throw badRequest('userNotMember', { userId: entry.userId });
      }
      return planChange(caller, canManage, member, entry, features, ownerPermissions);
    });
    ownersChanged = ownerIds(members) !== ownerIds(after);

    const planned = new Map(plans.map((plan) => [plan.member.user_id, plan]));
    const ownersLeft = members.filter((member) => {
      const plan = planned.get(member.user_id);
      if (!plan) return member.holding_role === HoldingRole.Owner;
      return !plan.remove && plan.holdingRole === HoldingRole.Owner;
    });
    if (ownersLeft.length === 0) throw badRequest('lastOwner');

    for (const plan of plans) {
      const { member } = plan;
      const croppingEntries =
        canManage &&
        !plan.remove &&
        plan.holdingRole === HoldingRole.RestrictedMember &&
        plan.restrictCroppingAccess
          ? (plan.entry.croppingPermissions ?? [])
          : [];
      if (croppingEntries.length) {
        const known = await croppingsOfYear(
          tx,
          caller.holdingId,
          request.year,
          croppingEntries.map((entry) => entry.croppingId),
        );
        const unknown = croppingEntries.find((entry) => !known.has(entry.croppingId));
        if (unknown) {
          throw badRequest('croppingNotInYear', { croppingId: unknown.croppingId, year: request.year });
        }
      }
      if (!changed(plan) && croppingEntries.length === 0) continue;
      affected.add(member.user_id);

      if (plan.remove) {
        await removeMember(tx, caller.holdingId, member.user_id);
      } else {
        await updateMember(tx, caller.holdingId, member.user_id, {
          holdingRole: plan.holdingRole,
          holdingPermissions: plan.holdingPermissions,
          restrictCroppingAccess: plan.restrictCroppingAccess,
        });
        await saveCroppingPermissions(tx, caller.holdingId, member.user_id, croppingEntries);
      }
      await recordEvent(tx, actorOf(caller), {
        action: plan.remove ? EventAction.Delete : EventAction.Update,
        source: Module.Holding,
        objectType: 'HoldingUser',
        data: {
          UserId: member.user_id,
          Email: member.email,
          ...(plan.remove
            ? {}
            : {
                HoldingRole: plan.holdingRole,
                PreviousHoldingRole: member.holding_role,
                RestrictCroppingAccess: plan.restrictCroppingAccess,
                CroppingPermissions: croppingEntries.length,
              }),
        },
      });
    }
  });
  // Their next request is judged on the saved state; a removed user's tokens no longer reach the holding.
  // Other owners narrow every member of the holding differently, so then all of its sessions are judged anew.
  if (ownersChanged) deps.authCache.forgetWhere((cached) => cached.session?.holdingId === caller.holdingId);
  if (affected.size) deps.authCache.forgetWhere((cached) => affected.has(cached.user.id));
  const { users } = await getPermissions(deps.db, caller, request.year);
  return { users };
}

/**
 * The caller becomes a restricted member of the holding (§4.2): Business Production goes, and the caller is
 * signed out, since only an owner or an administrator can undo it. The last owner cannot do it.
 */
export async function switchToRestrictedMember(deps: PermissionsDeps, caller: Caller): Promise<true> {
  assertWritable(caller);
  const userId = caller.auth.user.id;
  let ownersChanged = false;
  await deps.db.transaction(async (tx) => {
    const features = (await holdingFeatures(tx, caller.holdingId)) ?? {};
    const members = await holdingMembers(tx, caller.holdingId, { forUpdate: true });
    const member = members.find((candidate) => candidate.user_id === userId);
    if (!member) throw badRequest('selfNotMember');
    const owners = members.filter((candidate) => candidate.holding_role === HoldingRole.Owner);
    if (member.holding_role === HoldingRole.Owner && owners.length === 1) {
      throw badRequest('lastOwner');
    }
    if (member.holding_role !== HoldingRole.RestrictedMember) {
      const after = membersAfter(members, [{ userId, holdingRole: HoldingRole.RestrictedMember }]);
      ownersChanged = member.holding_role === HoldingRole.Owner;
      await updateMember(tx, caller.holdingId, userId, {
        holdingRole: HoldingRole.RestrictedMember,
        holdingPermissions: permissionsForRole(
          member.holding_permissions,
          resolveRole(member.role),
          HoldingRole.RestrictedMember,
          features,
          holdingOwnerPermissions(after, features),
        ),
        restrictCroppingAccess: member.restrict_cropping_access,
      });
      await recordEvent(tx, actorOf(caller), {
        action: EventAction.Update,
        source: Module.UserAccount,
        objectType: 'HoldingUser',
        data: {
          UserId: userId,
          Email: member.email,
          HoldingRole: HoldingRole.RestrictedMember,
          PreviousHoldingRole: member.holding_role,
        },
      });
    }
    await revokeToken(tx, caller.auth.tokenId);
  });
  if (ownersChanged) deps.authCache.forgetWhere((cached) => cached.session?.holdingId === caller.holdingId);
  deps.authCache.forgetWhere((cached) => cached.user.id === userId);
  return true;
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export { actorOf, assertWritable } from './permissionChanges.ts';
