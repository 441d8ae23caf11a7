import { sql } from 'drizzle-orm';
import { brands, type BrandId } from '@headland/domain/brands';
import { supportedLanguage, type LanguageCode } from '@headland/domain/languages';
import {
  ownerHoldingPermissions,
  type HoldingFeatureFlags,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { derivePermissions, partnerPermissions, type Permissions } from '@headland/domain/permissions';
import { HoldingRole, resolveRole, type Role } from '@headland/domain/roles';
import type { Db } from '../db/database.ts';
import { isFixedHoldingList, mayOpenEveryHolding } from './holdingAccess.ts';
import { sqlRows } from '../db/sqlRows.ts';
import { ownerRolesSql } from './ownerRolesSql.ts';

/** Who is calling, resolved from the bearer token once per request (and cached briefly). */
export interface AuthContext {
  tokenId: string;
  /** The login the token belongs to: logging out revokes every token of it. */
  loginId: string;
  tokenHash: string;
  restricted: boolean;
  /** The brand the context was derived for: permissions depend on it, so another brand reloads it. */
  brandId: BrandId;
  /** The user's holding list is exactly what others gave them (see isFixedHoldingList). */
  fixedHoldingList: boolean;
  /** The partner organisation the user belongs to, or null: a partner user sees only what is shared with it. */
  partnerId: number | null;
  user: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    businessId: number | null;
    properties: Record<string, unknown>;
    mustAcceptTerms: boolean;
    /** The language saved on the account, for answers to a client that does not say which it wants. */
    language: LanguageCode | null;
  };
  /** The holding session this token is bound to, when a holding has been selected. */
  session: {
    id: string;
    holdingId: number;
    yearId: number | null;
    readOnly: boolean;
    holdingRole: HoldingRole | null;
    restrictCroppingAccess: boolean;
    /** Set for a partner user: what they see is what the holding shares with this partner. */
    partnerId: number | null;
    permissions: Permissions;
  } | null;
}

interface ContextRow extends Record<string, unknown> {
  token_id: string;
  login_id: string;
  restricted: boolean;
  signup_pending: boolean;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  business_id: number | null;
  properties: Record<string, unknown>;
  language: string | null;
  tcs_accepted_version: number | null;
  latest_tcs: number | null;
  session_id: string | null;
  holding_id: number | null;
  year_id: number | null;
  read_only: boolean | null;
  session_ended: boolean | null;
  holding_role: number | null;
  holding_permissions: unknown;
  restrict_cropping_access: boolean | null;
  holding_features: Partial<HoldingFeatureFlags> | null;
  /** The account roles of the holding's owners; empty when it has none, null without a holding session. */
  owner_roles: number[] | null;
  is_agronomist: boolean | null;
  owns_a_holding: boolean;
  partner_id: number | null;
  /** Whether the user's partner is enabled for some crop year of the session's holding. */
  partner_enabled: boolean | null;
}

/**
 * Loads the caller behind a token hash in one query: the token, its user, and the holding session it is
 * bound to with the user's membership of that holding. Returns null for unknown, expired or revoked tokens.
 */
export async function loadAuthContext(
  db: Db,
  tokenHash: string,
  brandId: BrandId,
): Promise<AuthContext | null> {
  const brand = brands[brandId];
  const [row] = await sqlRows<ContextRow>(
    db,
    sql`
    SELECT t.id AS token_id, coalesce(t.login_id, t.id) AS login_id, t.restricted, u.signup_pending, u.id AS user_id, u.email, u.first_name, u.last_name, u.role,
           u.business_id, u.properties, u.language, u.tcs_accepted_version,
           (SELECT max(version) FROM terms_and_conditions) AS latest_tcs,
           s.id AS session_id, s.holding_id, s.year_id, s.read_only, (s.ended_at IS NOT NULL) AS session_ended,
           hu.holding_role, hu.holding_permissions, hu.restrict_cropping_access, h.features AS holding_features,
           CASE WHEN hu.holding_role IN (${HoldingRole.Member}, ${HoldingRole.RestrictedMember}) THEN
             ${ownerRolesSql(sql`s.holding_id`)}
           END AS owner_roles,
           (h.agronomist_id = u.id) AS is_agronomist,
           EXISTS (SELECT 1 FROM holding_users o WHERE o.user_id = u.id AND o.holding_role = 2) AS owns_a_holding,
           u.partner_id,
           EXISTS (SELECT 1 FROM partner_holdings ph
                    WHERE ph.partner_id = u.partner_id AND ph.holding_id = s.holding_id AND ph.enabled) AS partner_enabled
      FROM access_tokens t
      JOIN users u ON u.id = t.user_id
      LEFT JOIN sessions s ON s.id = t.session_id
      LEFT JOIN holdings h ON h.id = s.holding_id
      LEFT JOIN holding_users hu ON hu.holding_id = s.holding_id AND hu.user_id = u.id
     WHERE t.token_hash = ${tokenHash} AND t.revoked_at IS NULL AND t.expires_at > now()`,
  );
  if (!row) return null;
  const role = resolveRole(row.role);
  const user = {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role,
    businessId: row.business_id,
    properties: row.properties ?? {},
    language: supportedLanguage(row.language) ?? null,
    mustAcceptTerms:
      brand.features.termsAndConditions &&
      row.latest_tcs !== null &&
      (row.tcs_accepted_version ?? 0) < row.latest_tcs,
  };
  const fixedHoldingList = isFixedHoldingList(role, row.owns_a_holding);
  let session: AuthContext['session'] = null;
  // Access to a holding ends the moment a membership is removed: the session is then ignored.
  // A partner user reaches a holding only while it enables their partner, and never as member or admin.
  const partnerId = row.partner_id ?? null;
  const mayUseHolding =
    partnerId !== null
      ? Boolean(row.partner_enabled)
      : row.holding_role !== null || Boolean(row.is_agronomist) || mayOpenEveryHolding(role);
  if (
    row.session_id &&
    row.holding_id !== null &&
    !row.session_ended &&
    mayUseHolding &&
    partnerId !== null
  ) {
    session = {
      id: row.session_id,
      holdingId: row.holding_id,
      yearId: row.year_id,
      readOnly: true,
      holdingRole: null,
      restrictCroppingAccess: true,
      partnerId,
      permissions: partnerPermissions(),
    };
  } else if (row.session_id && row.holding_id !== null && !row.session_ended && mayUseHolding) {
    const readOnly = Boolean(row.read_only);
    const holdingFeatures = row.holding_features ?? {};
    session = {
      id: row.session_id,
      holdingId: row.holding_id,
      yearId: row.year_id,
      readOnly,
      holdingRole: row.holding_role as HoldingRole | null,
      restrictCroppingAccess:
        row.holding_role === HoldingRole.RestrictedMember && row.restrict_cropping_access !== false,
      partnerId: null,
      permissions: derivePermissions({
        role,
        holdingRole: row.holding_role as HoldingRole | null,
        holdingPermissions: (row.holding_permissions as HoldingPermissions | null) ?? null,
        // Only members are narrowed by the owners, so only their query reads the owners' roles.
        ownerPermissions: ownerPermissionsOf(row.owner_roles, holdingFeatures),
        holdingFeatures,
        brandFeatures: brand.features,
        readOnlySession: readOnly,
        fixedHoldingList,
      }),
    };
  }
  return {
    tokenId: row.token_id,
    loginId: row.login_id,
    tokenHash,
    // An account still being set up reaches only the wizard's calls, whatever its token says: accepting the
    // terms lifts a token's restriction, but not this one.
    restricted: row.restricted || row.signup_pending,
    brandId,
    fixedHoldingList,
    partnerId,
    user,
    session,
  };
}

/**
 * The owners' permissions by their roles and the holding's features; null for users who are not members. It
 * costs some 20 µs, once per context load: the context cache covers it like the rest.
 */
function ownerPermissionsOf(
  ownerRoles: readonly number[] | null,
  features: Partial<HoldingFeatureFlags>,
): HoldingPermissions | null {
  return ownerRoles === null ? null : ownerHoldingPermissions(ownerRoles.map(resolveRole), features);
}
