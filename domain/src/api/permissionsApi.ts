import { z } from 'zod';
import { holdingFeatureFlagsSchema, holdingPermissionsSchema } from '../holdingPermissions.ts';
import { holdingRoleSchema, invitationAccessLevelSchema } from '../roles.ts';
import { visibleCroppingEntrySchema } from '../visibleCroppings.ts';
import { dbId } from './wireValues.ts';

export * from './invitationLinks.ts';

/**
 * The holding users and permissions dialog (holdings spec §2.2, §3, §7) and invitations: the permission grid,
 * its save, the switch to restricted member, sending and cancelling invitations, and the public description of
 * an invitation the web shows before sign-in. Field names are the spec's camelCase payload names.
 */

const id = z.number().int();
const cropYear = z.number().int().min(1990).max(2100);
const isoTimestamp = z.string();

export const permissionsQuerySchema = z.object({
  /** The crop year whose croppings the Cropping tab lists; defaults to the session's year. */
  year: z.coerce.number().int().min(1990).max(2100).optional(),
});

/** One cropping's authorisation for a restricted member: a cropping without an entry is authorised. */
export const croppingPermissionSchema = z.object({ croppingId: dbId, authorized: z.boolean() });
export type CroppingPermission = z.infer<typeof croppingPermissionSchema>;

export const permissionsUserSchema = z.object({
  userId: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First plus last name, else the e-mail address, else 'User #id'. */
  displayName: z.string(),
  /** The account-wide role (roles.ts Role). */
  userRole: id,
  holdingRole: holdingRoleSchema,
  /** The account's own permissions record; null for other users when the caller does not manage the holding. */
  userPermissions: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Saved permissions (else the role's defaults) with the dependency rules applied and, for members, narrowed
   * by `ownerPermissions`.
   */
  holdingPermissions: holdingPermissionsSchema,
  /**
   * For restricted members with restricted cropping access, an entry per listed cropping of the year withheld
   * from them (a cropping without an entry is authorised, holdings spec §3); empty for everyone else and for
   * every user when the caller does not manage the holding.
   */
  croppingPermissions: z.array(croppingPermissionSchema),
  /** False when the restricted member may access any cropping ('Access any cropping' ticked). */
  restrictCroppingAccess: z.boolean(),
  /** The membership's version, moved on by every change of it; a save sends the one it read. */
  version: id,
});
export type PermissionsUser = z.infer<typeof permissionsUserSchema>;

/** Where the e-mail carrying an invitation is: still to be sent (or retried), sent, or given up. */
export const mailDeliveryStatusSchema = z.enum(['queued', 'sent', 'failed']);
export type MailDeliveryStatus = z.infer<typeof mailDeliveryStatusSchema>;

export const invitationSchema = z.object({
  email: z.string(),
  accessLevel: invitationAccessLevelSchema,
  issuedOn: isoTimestamp,
  /** Null while the invitation is pending. */
  acceptedOn: isoTimestamp.nullable(),
  /** Delivery of the latest e-mail sent for it; null when none is recorded. */
  deliveryStatus: mailDeliveryStatusSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The permissions a user of this account role starts with in this holding role, dependency rules applied. */
export const defaultPermissionsEntrySchema = z.object({
  userRole: id,
  holdingRole: holdingRoleSchema,
  holdingPermissions: holdingPermissionsSchema,
});

export const permissionsResponseSchema = z.object({
  year: cropYear,
  currentUserId: id,
  /**
   * The caller may change other users, invite and restrict croppings: an owner of the holding, or an
   * administrator. Everyone else sees the grid read-only.
   */
  canManage: z.boolean(),
  holdingFeatures: holdingFeatureFlagsSchema,
  /**
   * What the holding's owners have between them: for each feature the most any owner's account role allows
   * within the holding's features (an owner always writes Holdings, except with the Demo role). Members are
   * never given more (the grid shows 'Not available' where it grants nothing, and saving clears or caps it);
   * null when the holding has no owner, and then no owner narrows its members.
   */
  ownerPermissions: holdingPermissionsSchema
    .nullable()
    .describe(
      "What the holding's owners have between them: members never get more. Null when the holding has no owner.",
    ),
  users: z.array(permissionsUserSchema),
  /** Empty unless the caller manages the holding. */
  invites: z.array(invitationSchema),
  defaultPermissions: z.array(defaultPermissionsEntrySchema),
  /** The year's listed croppings (the Cropping tab); empty unless the caller manages the holding. */
  croppings: z.array(visibleCroppingEntrySchema),
});
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;

export const savePermissionsUserSchema = z.object({
  userId: dbId,
  email: z.string().max(254).nullish(),
  /** Removes the user from the holding. */
  delete: z.boolean().nullish(),
  /** Sent only when it changed. */
  holdingRole: holdingRoleSchema.nullish(),
  /** Ignored for owners; omitted keeps what is saved. */
  holdingPermissions: holdingPermissionsSchema.nullish(),
  /** The 'Access any cropping' choice, as its inverse; omitted keeps what is saved. */
  restrictCroppingAccess: z.boolean().nullish(),
  /** Sent only for users with restricted cropping access; entries for croppings of `year`. */
  croppingPermissions: z.array(croppingPermissionSchema).max(20_000).nullish(),
  /** The membership's version the dialog read: a change or removal over a later change is refused with 409. */
  version: dbId.nullish(),
});
export type SavePermissionsUser = z.infer<typeof savePermissionsUserSchema>;

export const savePermissionsRequestSchema = z.object({
  year: cropYear,
  users: z.array(savePermissionsUserSchema).max(1_000),
});
export type SavePermissionsRequest = z.infer<typeof savePermissionsRequestSchema>;

export const savePermissionsResponseSchema = z.object({ users: z.array(permissionsUserSchema) });

export const sendInvitationRequestSchema = z.object({
  email: z.string().max(320),
  accessLevel: invitationAccessLevelSchema,
});
export type SendInvitationRequest = z.infer<typeof sendInvitationRequestSchema>;

export const cancelInvitationQuerySchema = z.object({ email: z.string().min(1).max(320) });

export const invitationsResponseSchema = z.object({ invites: z.array(invitationSchema) });

export const invitationIdParamsSchema = z.object({ id: z.string().max(100) });

/** Messages of the permission and invitation calls that the client may show as they are. */
export const permissionsMessages = {
  ownersOnly: 'Only an owner of this holding can change the access of other users.',
  ownSwitchOnly: 'You can only change your own role to restricted member.',
  lastOwner: 'A holding must keep at least one owner: make another user an owner first.',
  removeSelf: 'You cannot remove yourself from this holding.',
  removeOwner: 'An owner cannot be removed: change their role first.',
  invalidEmail: 'Please enter a valid e-mail address.',
  alreadyMember: 'This user is already a member of this holding.',
  noPendingInvitation: 'There is no pending invitation for this e-mail address.',
  invalidInvitation: 'This invitation link is not valid.',
  invitationGone:
    'This invitation no longer exists: it may have been cancelled. Ask the holding owner for a new one.',
  invitationAccepted: 'This invitation has already been accepted.',
  invitationExpired: 'This invitation has expired. Ask the holding owner to send it again.',
  invitationOtherEmail:
    'This invitation was sent to another e-mail address: sign in with that address to accept it.',
} as const;
