import {
  defaultHoldingPermissions,
  holdingPermissionFeatures,
  holdingPermissionsSchema,
  normaliseHoldingPermissions,
  ownerHoldingPermissions,
  permissionAvailability,
  withHoldingPermission,
  type HoldingFeatureFlags,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, resolveRole, type Role } from '@headland/domain/roles';

/**
 * The §4.2 rules on permissions saved for a member: nothing beyond the account role, nothing beyond what the
 * holding's owners have (`ownerPermissions`, see holdingOwnerPermissions), read-write values without read lose
 * the rest (so Halo audit needs spray-plan read), no Business Production for restricted members, and what the
 * holding or its owners do not offer (Halo audit without the audit feature, scouting without a scouting link)
 * is cleared rather than kept as a dormant grant.
 */
export function applyPermissionRules(
  permissions: HoldingPermissions,
  role: Role,
  holdingRole: HoldingRole,
  features: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null = null,
): HoldingPermissions {
  // Owners are never narrowed; what they are shown is what a member with their account role could have.
  const owner = holdingRole === HoldingRole.Owner;
  const asRole = owner ? HoldingRole.Member : holdingRole;
  const narrowedBy = owner ? null : ownerPermissions;
  let next = normaliseHoldingPermissions(permissions, role, asRole, narrowedBy);
  for (const feature of holdingPermissionFeatures) {
    const availability = permissionAvailability(feature.id, role, asRole, features, {
      permissions: next,
      ownerPermissions: narrowedBy,
    });
    if (
      !availability.available &&
      (availability.reason === 'holding' || availability.reason === 'holdingOwner')
    ) {
      next = withHoldingPermission(next, feature.id, {
        read: false,
        write: false,
        financialData: false,
        enabled: false,
      });
    }
  }
  return normaliseHoldingPermissions(next, role, asRole, narrowedBy);
}

/**
 * What the holding's owners have between them (holdings spec §4.2 "unavailable for the owner"): what any owner's
 * account role allows within the holding's features; null when the holding has no owner, and then no owner
 * narrows its members.
 */
export function holdingOwnerPermissions(
  members: readonly { role: number; holding_role: number }[],
  features: Partial<HoldingFeatureFlags>,
): HoldingPermissions | null {
  const ownerRoles = members
    .filter((member) => member.holding_role === HoldingRole.Owner)
    .map((member) => resolveRole(member.role));
  return ownerHoldingPermissions(ownerRoles, features);
}

/** A member's permissions as saved (the role's defaults when none, or when what is saved is unreadable). */
export function savedOrDefaultPermissions(saved: unknown, role: Role): HoldingPermissions {
  const parsed = holdingPermissionsSchema.safeParse(saved);
  return parsed.success ? parsed.data : defaultHoldingPermissions(role);
}

/**
 * The permissions a member holds and the grid shows: saved or default, with the rules applied, narrowed by the
 * holding's owners (owners themselves are not).
 */
export function effectivePermissions(
  saved: unknown,
  userRole: number,
  holdingRole: HoldingRole,
  features: Partial<HoldingFeatureFlags>,
  ownerPermissions: HoldingPermissions | null = null,
): HoldingPermissions {
  const role = resolveRole(userRole);
  const base =
    holdingRole === HoldingRole.Owner
      ? defaultHoldingPermissions(role)
      : savedOrDefaultPermissions(saved, role);
  return applyPermissionRules(base, role, holdingRole, features, ownerPermissions);
}
