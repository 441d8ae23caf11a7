import type { Invitation, PermissionsResponse, PermissionsUser } from '@headland/domain/api/permissionsApi';
import {
  defaultHoldingPermissions,
  normaliseHoldingPermissions,
  ownerHoldingPermissions,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, InvitationAccessLevel, Role } from '@headland/domain/roles';
import type { VisibleCroppingEntry } from '@headland/domain/visibleCroppings';

/** The signed-in user of the session fixtures. */
export const viewerId = 7;

export function aPermissionsUser(overrides: Partial<PermissionsUser> = {}): PermissionsUser {
  const userRole = overrides.userRole ?? Role.Client;
  const firstName = overrides.firstName ?? 'Bob';
  const lastName = overrides.lastName ?? 'Tiller';
  return {
    userId: 8,
    email: 'bob@example.com',
    firstName,
    lastName,
    displayName: `${firstName} ${lastName}`.trim(),
    userRole,
    holdingRole: HoldingRole.Member,
    userPermissions: null,
    holdingPermissions: defaultHoldingPermissions(userRole as Role),
    croppingPermissions: [],
    restrictCroppingAccess: false,
    version: 1,
    ...overrides,
  };
}

export function aCropping(overrides: Partial<VisibleCroppingEntry> = {}): VisibleCroppingEntry {
  return {
    croppingId: 501,
    description: 'Home field, Winter wheat, 10.00 ha',
    fieldId: 1,
    fieldName: 'Home field',
    fieldGroup: 'North',
    area: 10,
    cropId: 1,
    cropName: 'Winter wheat',
    varietyName: 'Skyfall',
    cropDescription: null,
    ...overrides,
  };
}

export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    email: 'new.hand@example.com',
    accessLevel: InvitationAccessLevel.Operator,
    issuedOn: '2025-03-04T10:00:00.000Z',
    acceptedOn: null,
    deliveryStatus: 'sent',
    ...overrides,
  };
}

/** The viewer (Ann Field, an owner), a member, a restricted member with one cropping withheld, two croppings. */
export function aPermissionsResponse(overrides: Partial<PermissionsResponse> = {}): PermissionsResponse {
  const holdingFeatures = overrides.holdingFeatures ?? {
    sprayAudit: true,
    perHoldingPermissions: true,
    scoutingLink: false,
  };
  // Ann, the owner, is an agronomist: she has everything the holding offers (no scouting without its link).
  const ownerPermissions = ownerHoldingPermissions([Role.Agronomist], holdingFeatures);
  return {
    year: 2025,
    currentUserId: viewerId,
    canManage: true,
    holdingFeatures,
    ownerPermissions,
    users: [
      aPermissionsUser({
        userId: viewerId,
        email: 'ann.field@example.com',
        firstName: 'Ann',
        lastName: 'Field',
        userRole: Role.Agronomist,
        holdingRole: HoldingRole.Owner,
      }),
      asSent(aPermissionsUser(), ownerPermissions),
      asSent(
        aPermissionsUser({
          userId: 9,
          email: 'cara@example.com',
          firstName: 'Cara',
          lastName: 'Mills',
          holdingRole: HoldingRole.RestrictedMember,
          restrictCroppingAccess: true,
          croppingPermissions: [
            { croppingId: 501, authorized: true },
            { croppingId: 502, authorized: false },
          ],
        }),
        ownerPermissions,
      ),
    ],
    invites: [],
    defaultPermissions: [],
    croppings: [
      aCropping(),
      aCropping({
        croppingId: 502,
        description: 'Long meadow, Winter wheat, 5.25 ha',
        fieldId: 2,
        fieldName: 'Long meadow',
        area: 5.254,
        varietyName: 'Extase',
      }),
    ],
    ...overrides,
  };
}

/** A member's permissions as the server sends them: with the rules applied and narrowed by the owners. */
function asSent(user: PermissionsUser, ownerPermissions: HoldingPermissions | null): PermissionsUser {
  const role = user.userRole as Role;
  const holdingPermissions = normaliseHoldingPermissions(
    user.holdingPermissions,
    role,
    user.holdingRole,
    ownerPermissions,
  );
  return { ...user, holdingPermissions };
}
