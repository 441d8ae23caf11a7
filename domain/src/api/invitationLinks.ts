import { z } from 'zod';

/**
 * Invitation links (holdings spec §7, session-shell §2, §5): the `invite` parameter of the link and what anyone
 * holding one may learn before signing in. Apart from the permissions dialog's calls (permissionsApi.ts, which
 * re-exports these), so that the sign-in page carries only what it reads.
 */

/** The secret of the invitation link; without the right one the call tells nothing. */
export const invitationSecretQuerySchema = z.object({ secret: z.string().max(200).optional() });

/** How long an invitation link works after it was (last) sent. */
export const invitationLifetimeDays = 14;

/** What anyone holding an invitation link may learn before signing in. */
export const publicInvitationSchema = z.object({
  holdingName: z.string(),
  /** The address the invitation was sent to: the account that must sign in to accept it. */
  email: z.string(),
  issuerFirstName: z.string().nullable(),
  issuerLastName: z.string().nullable(),
  accepted: z.boolean(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/**
 * The `invite` login-time URL parameter (session-shell §2, §5): base64 of JSON with a string id and type, and
 * the link's random single-use `secret` (absent from links written before secrets, which cannot be accepted).
 */
export const inviteParameterSchema = z.object({
  id: z.string().min(1),
  type: z.literal('holding'),
  secret: z.string().min(1).max(200).optional(),
});
export type InviteParameter = z.infer<typeof inviteParameterSchema>;

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// The domain runs in the browser and in Node alike and may not rely on either's base64 helpers; invitation
// ids are ASCII, so a plain encoder of character codes below 128 is enough.
function base64OfAscii(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 3) {
    const codes = [0, 1, 2].map((offset) => text.charCodeAt(index + offset));
    const [a, b, c] = codes.map((code) => (Number.isNaN(code) ? 0 : code)) as [number, number, number];
    const bits = (a << 16) | (b << 8) | c;
    const present = Math.min(3, text.length - index);
    for (let part = 0; part < 4; part += 1) {
      out += part <= present ? base64Alphabet[(bits >> (18 - part * 6)) & 63] : '=';
    }
  }
  return out;
}

function asciiOfBase64(encoded: string): string | null {
  const clean = encoded.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return null;
  let out = '';
  for (let index = 0; index < clean.length; index += 4) {
    const chunk = clean.slice(index, index + 4);
    let bits = 0;
    for (let part = 0; part < 4; part += 1) {
      bits = (bits << 6) | (part < chunk.length ? base64Alphabet.indexOf(chunk[part]!) : 0);
    }
    const bytes = [(bits >> 16) & 255, (bits >> 8) & 255, bits & 255].slice(0, chunk.length - 1);
    out += String.fromCharCode(...bytes);
  }
  return out;
}

/** The `invite` parameter's value for an invitation id and its secret (before URL encoding). */
export function encodeInviteParameter(invitationId: string, secret?: string): string {
  if (/[^\x20-\x7e]/.test(invitationId + (secret ?? ''))) {
    throw new RangeError('An invitation id and secret are plain ASCII');
  }
  const parameter: InviteParameter = { id: invitationId, type: 'holding', ...(secret ? { secret } : {}) };
  return base64OfAscii(JSON.stringify(parameter));
}

/** Reads an `invite` parameter; null when it is not base64 of an object with a string id and type holding. */
export function decodeInviteParameter(value: string): InviteParameter | null {
  const json = asciiOfBase64(value.trim());
  if (json === null) return null;
  try {
    const parsed = inviteParameterSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The link of an invitation e-mail: the web app's address with the `invite` parameter. */
export function invitationLink(publicUrl: string, invitationId: string, secret: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/?invite=${encodeURIComponent(encodeInviteParameter(invitationId, secret))}`;
}
