import {
  defaultHoldingPermissions,
  holdingPermissionFeatures,
  holdingPermissionsSchema,
  normaliseHoldingPermissions,
  permissionAvailability,
  withHoldingPermission,
  type HoldingFeatureFlags,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, isAdminOrHigher, resolveRole, type Role } from '@headland/domain/roles';

/**
 * Who manages a holding's users, permissions and invitations: its owners, and administrators, who may also
 * undo a member's switch to restricted member (holdings spec §4.2).
 */
export function mayManageHolding(role: Role, holdingRole: number | null): boolean {
  return holdingRole === HoldingRole.Owner || isAdminOrHigher(role);
}

/**
 * The §4.2 rules on permissions saved for a member: nothing beyond the account role, read-write values without
 * read lose the rest (so Halo audit needs spray-plan read), no Business Production for restricted members,
 * and what the holding does not offer (Halo audit without the audit feature, scouting without a scouting link)
 * is cleared rather than kept as a dormant grant.
 */
export function applyPermissionRules(
  permissions: HoldingPermissions,
  role: Role,
  holdingRole: HoldingRole,
  features: Partial<HoldingFeatureFlags>,
): HoldingPermissions {
  // Owners are never narrowed; what they are shown is what a member with their account role could have.
  const asRole = holdingRole === HoldingRole.Owner ? HoldingRole.Member : holdingRole;
  let next = normaliseHoldingPermissions(permissions, role, asRole);
  for (const feature of holdingPermissionFeatures) {
    const availability = permissionAvailability(feature.id, role, asRole, features, { permissions: next });
    if (!availability.available && availability.reason === 'holding') {
      next = withHoldingPermission(next, feature.id, {
        read: false,
        write: false,
        financialData: false,
        enabled: false,
      });
    }
  }
  return normaliseHoldingPermissions(next, role, asRole);
}

/** A member's permissions as saved (the role's defaults when none, or when what is saved is unreadable). */
export function savedOrDefaultPermissions(saved: unknown, role: Role): HoldingPermissions {
  const parsed = holdingPermissionsSchema.safeParse(saved);
  return parsed.success ? parsed.data : defaultHoldingPermissions(role);
}

/** The permissions a member holds and the grid shows: saved or default, with the rules applied. */
export function effectivePermissions(
  saved: unknown,
  userRole: number,
  holdingRole: HoldingRole,
  features: Partial<HoldingFeatureFlags>,
): HoldingPermissions {
  const role = resolveRole(userRole);
  const base =
    holdingRole === HoldingRole.Owner
      ? defaultHoldingPermissions(role)
      : savedOrDefaultPermissions(saved, role);
  return applyPermissionRules(base, role, holdingRole, features);
}

/** First plus last name, else the e-mail address, else 'User #id' (holdings spec §3). */
export function displayName(user: {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}): string {
  const name = [user.firstName.trim(), user.lastName.trim()].filter(Boolean).join(' ');
  return name || user.email.trim() || `User #${user.userId}`;
}
