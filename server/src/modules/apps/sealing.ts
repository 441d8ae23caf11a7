import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets of a connection (tokens, passwords, the PKCE verifier) are sealed with AES-256-GCM before they are
 * written. The associated data names the row and the column, so a sealed value copied into another row or
 * column fails its authentication tag instead of opening there.
 */
export type SealedPurpose = 'access' | 'refresh' | 'password' | 'verifier';

const version = 'v1';

export class SealingKey {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('A sealing key is 32 bytes');
    this.#key = key;
  }

  seal(connectionId: number, purpose: SealedPurpose, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(boundTo(connectionId, purpose));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The secret, or null when the value was not sealed for this row and purpose with this key. */
  open(connectionId: number, purpose: SealedPurpose, sealed: string): string | null {
    const [tag, payload] = sealed.split('.');
    if (tag !== version || !payload) return null;
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, 12));
      decipher.setAAD(boundTo(connectionId, purpose));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

const boundTo = (connectionId: number, purpose: SealedPurpose) =>
  Buffer.from(`app_connections:${connectionId}:${purpose}`, 'utf8');

/** Reads CONNECTION_SEALING_KEY: 32 bytes written in base64 (or 64 hex digits); null when it is not that. */
export function parseSealingKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : null;
}

export const sealingKeyAdvice =
  'Set CONNECTION_SEALING_KEY to 32 random bytes in base64, for example the output of `openssl rand -base64 32`, ' +
  'and keep it: connections sealed with one key do not open with another.';
