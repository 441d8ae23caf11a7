import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodeInviteParameter, encodeInviteParameter, invitationLink } from './permissionsApi.ts';

const nodeBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('the invite parameter', () => {
  it.each(['0b6f4b4e-7a53-4c43-9d2a-3f5f0f3d2a11', 'a', 'ab', 'abc', 'abcd', 'x y+z/'])(
    'encodes %s as base64 of its JSON and reads it back',
    (id) => {
      const encoded = encodeInviteParameter(id);
      expect(encoded).toBe(nodeBase64(JSON.stringify({ id, type: 'holding' })));
      expect(decodeInviteParameter(encoded)).toEqual({ id, type: 'holding' });
    },
  );

  it.each([
    ['not base64', '%%%'],
    ['not JSON', nodeBase64('hello')],
    ['another type', nodeBase64(JSON.stringify({ id: 'x', type: 'business' }))],
    ['a numeric id', nodeBase64(JSON.stringify({ id: 7, type: 'holding' }))],
    ['an empty id', nodeBase64(JSON.stringify({ id: '', type: 'holding' }))],
    ['a bare array', nodeBase64('[]')],
    ['empty', ''],
  ])('refuses %s', (_, value) => {
    expect(decodeInviteParameter(value)).toBeNull();
  });

  it('reads a parameter written without padding', () => {
    const padded = nodeBase64(JSON.stringify({ id: 'ab', type: 'holding' }));
    expect(decodeInviteParameter(padded.replace(/=+$/, ''))).toEqual({ id: 'ab', type: 'holding' });
  });

  it('builds the e-mail link on the public address, URL-encoded, with the secret', () => {
    const link = invitationLink('https://farm.example/', 'id-1', 'Zk_-09');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://farm.example/');
    expect(decodeInviteParameter(url.searchParams.get('invite')!)).toEqual({
      id: 'id-1',
      type: 'holding',
      secret: 'Zk_-09',
    });
  });

  it('carries a secret beside the id and type, and refuses an empty one', () => {
    const encoded = encodeInviteParameter('id-1', 's3cret');
    expect(decodeInviteParameter(encoded)).toEqual({ id: 'id-1', type: 'holding', secret: 's3cret' });
    const empty = nodeBase64(JSON.stringify({ id: 'id-1', type: 'holding', secret: '' }));
    expect(decodeInviteParameter(empty)).toBeNull();
  });
});
