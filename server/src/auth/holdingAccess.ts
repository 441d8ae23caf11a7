import { HoldingRole, Role, isAdminOrHigher, isAgronomistOrHigher } from '@headland/domain/roles';

/** Master and Admin may open every holding; everyone else only their memberships and agronomist holdings. */
export function mayOpenEveryHolding(role: number): boolean {
  return isAdminOrHigher(role as Role);
}

/**
 * Whether a user's holding list is fixed: it is exactly the memberships others gave them. That is the case
 * for users below Agronomist level who own no holding; agronomist-level users build their own portfolio and
 * owners run their own farm. With a fixed list a user writes only where a holding's saved permissions grant
 * it explicitly (see derivePermissions).
 */
export function isFixedHoldingList(role: number, ownsAHolding: boolean): boolean {
  return !isAgronomistOrHigher(role as Role) && !ownsAHolding;
}

/**
 * Who manages a holding's users, permissions and invitations: its owners, and administrators, who may also
 * undo a member's switch to restricted member (holdings spec §4.2).
 */
export function mayManageHolding(role: Role, holdingRole: number | null): boolean {
  return holdingRole === HoldingRole.Owner || isAdminOrHigher(role);
}
