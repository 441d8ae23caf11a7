import { decodeInviteParameter, type PublicInvitation } from '@headland/domain/api/invitationLinks';

/** The `invite` login-time parameter (session-shell §2, §5): absent, unreadable, or a holding invitation. */
export type InviteLink =
  | { kind: 'none' }
  | { kind: 'invalid' }
  /** `secret` is the link's single-use secret; links sent before secrets have none and are refused. */
  | { kind: 'holding'; id: string; secret?: string };

/**
 * Reads the `invite` parameter of a page address's query. It must be base64 of JSON naming a string id and
 * type 'holding'; anything else is invalid. A '+' of the base64 that reached the page unescaped reads as a
 * space in a query, so spaces are turned back first (base64 has none of its own).
 */
export function readInviteLink(search: string): InviteLink {
  const params = new URLSearchParams(search);
  const value = params.get('invite');
  if (value === null) return { kind: 'none' };
  const decoded = decodeInviteParameter(value.trim().replaceAll(' ', '+'));
  if (!decoded) return { kind: 'invalid' };
  return decoded.secret
    ? { kind: 'holding', id: decoded.id, secret: decoded.secret }
    : { kind: 'holding', id: decoded.id };
}

/** What the login screen tells about the invitation the page was opened with. */
export type InvitationNotice =
  | { kind: 'invalid' }
  | { kind: 'loading' }
  /** Signing in as `invitation.email` accepts it. */
  | { kind: 'pending'; invitation: PublicInvitation }
  | { kind: 'accepted'; invitation: PublicInvitation }
  /** The server refused the invitation (cancelled, sent to someone else...), in its own words. */
  | { kind: 'refused'; message: string }
  /** The description could not be read; signing in still tries to accept the invitation. */
  | { kind: 'unavailable' }
  /** Signing in accepted it: the holding is now in the user's list. */
  | { kind: 'joined'; holdingName: string | null };

/** The invitation (id and secret) to send with the session start, or null when there is none worth sending. */
export function inviteToAccept(
  link: InviteLink,
  notice: InvitationNotice | null,
): { id: string; secret: string | null } | null {
  if (link.kind !== 'holding' || notice === null) return null;
  return notice.kind === 'loading' || notice.kind === 'pending' || notice.kind === 'unavailable'
    ? { id: link.id, secret: link.secret ?? null }
    : null;
}

/** The name of whoever sent the invitation, or null when the server does not know it. */
export function inviterName(invitation: PublicInvitation): string | null {
  const name = [invitation.issuerFirstName, invitation.issuerLastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || null;
}
