import { sql, type SQL } from 'drizzle-orm';
import { HoldingRole } from '@headland/domain/roles';

/**
 * SQL for the account roles of a holding's owners (an int array, empty when it has none), for the holding
 * whose id is `holdingId` (a column or value): what narrows its members' permissions.
 */
export function ownerRolesSql(holdingId: SQL): SQL {
  return sql`ARRAY(SELECT DISTINCT owner_user.role FROM holding_users owner_member
                     JOIN users owner_user ON owner_user.id = owner_member.user_id
                    WHERE owner_member.holding_id = ${holdingId}
                      AND owner_member.holding_role = ${HoldingRole.Owner})`;
}
