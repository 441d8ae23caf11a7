import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSealingKey, SealingKey } from './sealing.ts';

describe('sealing connection secrets', () => {
  const key = new SealingKey(randomBytes(32));

  it('opens a value only in the row and column it was sealed for, and only with its key', () => {
    const sealed = key.seal(7, 'refresh', 'refresh-token-value');
    expect(sealed).not.toContain('refresh-token-value');
    expect(key.open(7, 'refresh', sealed)).toBe('refresh-token-value');
    expect(key.open(8, 'refresh', sealed)).toBeNull();
    expect(key.open(7, 'access', sealed)).toBeNull();
    expect(new SealingKey(randomBytes(32)).open(7, 'refresh', sealed)).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(key.open(7, 'refresh', tampered)).toBeNull();
    expect(key.open(7, 'refresh', 'not sealed')).toBeNull();
  });

  it('seals the same secret differently each time', () => {
    expect(key.seal(1, 'password', 'x')).not.toBe(key.seal(1, 'password', 'x'));
  });

  it('reads a key of 32 bytes in base64 or hex and nothing else', () => {
    const bytes = randomBytes(32);
    expect(parseSealingKey(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parseSealingKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parseSealingKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseSealingKey('not a key!')).toBeNull();
  });
});
