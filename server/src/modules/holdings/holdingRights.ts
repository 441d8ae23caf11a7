import { derivePermissions, rolePermissions, type Permissions } from '@headland/domain/permissions';
import { ownerHoldingPermissions } from '@headland/domain/holdingPermissions';
import { isAgronomistOrHigher, resolveRole, type HoldingRole } from '@headland/domain/roles';
import type { ChangeActor } from '../../events/recordEvent.ts';
import { forbidden } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { mayOpenEveryHolding } from '../../auth/holdingAccess.ts';
import type { HoldingRecord } from './holdings.queries.ts';

/** Holdings are managed from any session, or before a holding is chosen: their callers are account-scoped. */
type HoldingsCaller = Caller<'account'>;

/** The event author: the caller's user and the session they work in (which may be on another holding). */
export function actorOf(caller: HoldingsCaller, holdingId: number | null): ChangeActor {
  return { userId: caller.auth.user.id, holdingId, sessionId: caller.auth.session?.id ?? null };
}

/** Whether the caller may open the holding at all: the same rule as holding selection. */
export function mayOpen(caller: HoldingsCaller, record: HoldingRecord): boolean {
  return mayOpenEveryHolding(caller.auth.user.role) || record.holding_role !== null || record.is_agronomist;
}

/**
 * The caller's rights on a holding, derived exactly as for a session opened on it. A read-only session
 * makes every holding read-only for its tab, not only its own holding.
 */
export function permissionsOn(caller: HoldingsCaller, record: HoldingRecord): Permissions {
  const { auth } = caller;
  return derivePermissions({
    role: auth.user.role,
    holdingRole: record.holding_role as HoldingRole | null,
    holdingPermissions: record.holding_permissions,
    // Members can do no more than the holding's owners, as in their sessions.
    ownerPermissions: ownerHoldingPermissions(record.owner_roles.map(resolveRole), record.features ?? {}),
    holdingFeatures: record.features ?? {},
    brandFeatures: caller.brand.features,
    readOnlySession: auth.session?.readOnly ?? false,
    fixedHoldingList: auth.fixedHoldingList,
  });
}

export function mayChangeHolding(caller: HoldingsCaller, record: HoldingRecord): boolean {
  return mayOpen(caller, record) && permissionsOn(caller, record).holdings.write;
}

/**
 * Why the caller may not download the holding's export, or null when they may: they must be able to open it
 * and have Exports enabled on it, derived as for a session on it (the account role's grant: Admin-level users
 * and the Access role have it, session-shell §6, holdings §6; narrowed for members by the holding's saved
 * permissions, where an owner may set Exports to 'Not available'), and not be a restricted member limited to
 * some croppings (the export holds them all). The export route refuses with this, and the holdings list says
 * `CanExport` from it, so the Export button shows exactly where the export is allowed.
 */
export function exportRefusal(
  caller: HoldingsCaller,
  record: HoldingRecord,
): 'holdingNoAccess' | 'holdingExportNotAllowed' | 'holdingExportRestricted' | null {
  if (!mayOpen(caller, record)) return 'holdingNoAccess';
  if (!permissionsOn(caller, record).exports.enabled) return 'holdingExportNotAllowed';
  if (record.cropping_restricted) return 'holdingExportRestricted';
  return null;
}

export function mayExport(caller: HoldingsCaller, record: HoldingRecord): boolean {
  return exportRefusal(caller, record) === null;
}

/** Refuses a change from a read-only session. */
export function assertWritableSession(caller: HoldingsCaller): void {
  if (caller.auth.session?.readOnly) throw forbidden('holdingsReadOnlySession');
}

/**
 * Refuses to create (or import) a holding unless the caller's account role carries holdings write: creating
 * is not about any one holding, so no holding narrows it.
 */
export function assertMayCreateHoldings(caller: HoldingsCaller): void {
  assertWritableSession(caller);
  if (!rolePermissions(caller.auth.user.role).holdings.write) {
    throw forbidden('holdingCreateNotAllowed');
  }
}

/** Agronomist level or higher: recorded as the agronomist of the holdings they create. */
export function isAgronomistType(caller: HoldingsCaller): boolean {
  return isAgronomistOrHigher(caller.auth.user.role);
}

/** The caller's own business, fixed on their holdings: agronomist-level users with a business (session §6). */
export function fixedBusinessId(caller: HoldingsCaller): number | null {
  return isAgronomistType(caller) ? caller.auth.user.businessId : null;
}
