import type { OwnRefusalCode } from '@headland/domain/api/refusalCodes';
import { permissionsMessages } from '@headland/domain/api/permissionsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import {
  invitationHoldingPermissions,
  normaliseHoldingPermissions,
  ownerHoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, resolveRole, type InvitationAccessLevel } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest } from '../../http/httpErrors.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import type { AuthContext } from '../../auth/authContext.ts';
import { isInvitationId, secretMatches } from './invitations.service.ts';
import {
  holdingOwnersAndFeatures,
  insertMember,
  invitationById,
  markInvitationAccepted,
  membershipRole,
} from './invitations.queries.ts';

export interface AcceptInvitationDeps {
  db: Db;
  authCache: AuthCache;
}

const refused = (code: OwnRefusalCode) => badRequest(code, {}, [{ Field: 'acceptedInviteId' }]);

/**
 * Accepts a pending invitation for the signed-in user, given the secret of its link (single use: it is
 * accepted once, and within its lifetime), when the user's e-mail address is the invited one (compared
 * case-insensitively; an address changes only once it confirms a link sent to it). Every access level makes the user a Member; the level chooses the saved
 * permissions (`invitationHoldingPermissions` for the user's account role): Full gives the role's defaults,
 * Agronomist and Operator less. A user who already belongs to the holding keeps their membership as it is.
 * Answers the holding joined.
 */
export async function acceptInvitation(
  deps: AcceptInvitationDeps,
  auth: AuthContext,
  invitationId: string,
  secret: string | null | undefined,
): Promise<number> {
  if (!isInvitationId(invitationId.trim())) throw refused('invalidInvitation');
  const userId = auth.user.id;
  const holdingId = await deps.db.transaction(async (tx) => {
    const invitation = await invitationById(tx, invitationId.trim(), { forUpdate: true });
    // A wrong secret is told apart from nothing: the invitation might as well not exist.
    if (!invitation || !secretMatches(invitation.secret_hash, secret)) {
      throw refused('invitationGone');
    }
    if (invitation.accepted_on !== null) throw refused('invitationAccepted');
    if (invitation.expired) throw refused('invitationExpired');
    if (invitation.email.trim().toLowerCase() !== auth.user.email.trim().toLowerCase()) {
      throw refused('invitationOtherEmail');
    }
    const accessLevel = invitation.access_level as InvitationAccessLevel;
    const existingRole = await membershipRole(tx, invitation.holding_id, userId);
    if (existingRole === null) {
      // The level's permissions, within what the holding's owners have, as a save of the grid stores them.
      const holding = await holdingOwnersAndFeatures(tx, invitation.holding_id);
      const owners = ownerHoldingPermissions(holding.owner_roles.map(resolveRole), holding.features ?? {});
      await insertMember(tx, {
        holdingId: invitation.holding_id,
        userId,
        holdingRole: HoldingRole.Member,
        holdingPermissions: normaliseHoldingPermissions(
          invitationHoldingPermissions(accessLevel, auth.user.role),
          auth.user.role,
          HoldingRole.Member,
          owners,
        ),
      });
    }
    await markInvitationAccepted(tx, invitation.id, userId);
    await recordEvent(
      tx,
      { userId, holdingId: invitation.holding_id, sessionId: auth.session?.id ?? null },
      {
        action: existingRole === null ? EventAction.Create : EventAction.Update,
        source: Module.UserAccount,
        objectType: 'HoldingUser',
        data: {
          UserId: userId,
          Email: auth.user.email,
          InvitationAccessLevel: accessLevel,
          HoldingRole: existingRole ?? HoldingRole.Member,
        },
      },
    );
    return invitation.holding_id;
  });
  deps.authCache.forgetWhere((cached) => cached.user.id === userId);
  return holdingId;
}
