import type { TFunction } from 'i18next';
import { mainRoleNames, type Role, type RoleNames } from '@headland/domain/roles';

/**
 * A role's name in the shown language, in the brand's wording (domain/src/roles.ts): `enums.roles.<role>`, or
 * `enums.secondBrandRoles.<role>` where the brand renames the role. The brand's English name is the fallback.
 */
export function roleName(t: TFunction, roleNames: RoleNames, role: Role): string | undefined {
  const english = roleNames[role];
  if (english === undefined) return undefined;
  const key = english === mainRoleNames[role] ? `enums.roles.${role}` : `enums.secondBrandRoles.${role}`;
  return t(key, { defaultValue: english });
}
