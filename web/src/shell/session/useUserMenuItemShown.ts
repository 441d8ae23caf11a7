import { userMenuItems, type UserMenuItemId } from '@headland/domain/menu';
import { HoldingRole, resolveRole } from '@headland/domain/roles';
import { useAppSession } from './AppSessionContext.tsx';

/**
 * Whether the user menu offers `item` to this session, by the one rule in domain/menu.ts. The select-holding
 * answer does not say whether the holding offers per-holding permissions; the brand's switch stands for it.
 */
export function useUserMenuItemShown(item: UserMenuItemId): boolean {
  const session = useAppSession();
  const holdingRole = session.selection.HoldingRole;
  return userMenuItems({
    permissions: session.permissions,
    role: resolveRole(session.selection.Role),
    holdingRole: holdingRole === null ? null : HoldingRole[holdingRole],
    readOnlySession: session.readOnly,
    perHoldingPermissions: session.brand.features.perHoldingPermissions,
    menuDisabled: false,
    debug: session.user.Properties.Debug ?? false,
  }).includes(item);
}
