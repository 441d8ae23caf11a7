import { describe, expect, it } from 'vitest';
import {
  encodeInviteParameter,
  invitationLink,
  type PublicInvitation,
} from '@headland/domain/api/permissionsApi';
import { inviteToAccept, inviterName, readInviteLink, type InvitationNotice } from './inviteLink.ts';

const base64 = (text: string) => btoa(text);
const query = (value: string) => `?invite=${encodeURIComponent(value)}`;

describe('readInviteLink', () => {
  it.each([
    ['no parameter', '?lang=en', { kind: 'none' }],
    [
      'a holding invitation',
      query(base64('{"id":"inv-42","type":"holding"}')),
      { kind: 'holding', id: 'inv-42' },
    ],
    [
      'the encoding the invitation e-mail uses',
      query(encodeInviteParameter('abc123')),
      { kind: 'holding', id: 'abc123' },
    ],
    ['an empty value', '?invite=', { kind: 'invalid' }],
    ['text that is not base64', '?invite=%%%not-base64', { kind: 'invalid' }],
    ['base64 of text that is not JSON', query(base64('holding inv-42')), { kind: 'invalid' }],
    ['JSON that is not an object', query(base64('"inv-42"')), { kind: 'invalid' }],
    ['an id that is not a string', query(base64('{"id":42,"type":"holding"}')), { kind: 'invalid' }],
    ['an empty id', query(base64('{"id":"","type":"holding"}')), { kind: 'invalid' }],
    ['another type', query(base64('{"id":"inv-42","type":"business"}')), { kind: 'invalid' }],
    ['no type', query(base64('{"id":"inv-42"}')), { kind: 'invalid' }],
  ])('%s', (_name, search, expected) => {
    expect(readInviteLink(search)).toEqual(expected);
  });

  it("reads a link whose '+' reached the page unescaped", () => {
    // '{"id":">>>>>>","type":"holding"}' has a '+' in its base64.
    const encoded = base64('{"id":">>>>>>","type":"holding"}');
    expect(encoded).toContain('+');
    expect(readInviteLink(`?invite=${encoded}`)).toEqual({ kind: 'holding', id: '>>>>>>' });
  });

  it('reads the links the server puts in invitation e-mails, with their secret', () => {
    const link = new URL(invitationLink('https://headland.example/', 'inv-7', 'Secret_-123'));
    expect(readInviteLink(link.search)).toEqual({ kind: 'holding', id: 'inv-7', secret: 'Secret_-123' });
  });
});

describe('inviteToAccept', () => {
  const invitation: PublicInvitation = {
    holdingName: 'Brook Farm',
    email: 'bob@example.com',
    issuerFirstName: 'Ann',
    issuerLastName: 'Field',
    accepted: false,
  };
  const link = { kind: 'holding', id: 'inv-1', secret: 's3cret' } as const;
  const sent = { id: 'inv-1', secret: 's3cret' };

  it.each<[InvitationNotice | null, { id: string; secret: string } | null]>([
    [{ kind: 'loading' }, sent],
    [{ kind: 'pending', invitation }, sent],
    [{ kind: 'unavailable' }, sent],
    [{ kind: 'accepted', invitation: { ...invitation, accepted: true } }, null],
    [{ kind: 'refused', message: 'gone' }, null],
    [{ kind: 'joined', holdingName: 'Brook Farm' }, null],
    [null, null],
  ])('%j sends %j', (notice, expected) => {
    expect(inviteToAccept(link, notice)).toEqual(expected);
  });

  it('sends nothing without a holding invitation', () => {
    expect(inviteToAccept({ kind: 'invalid' }, { kind: 'invalid' })).toBeNull();
    expect(inviteToAccept({ kind: 'none' }, { kind: 'loading' })).toBeNull();
  });

  it.each([
    ['Ann', 'Field', 'Ann Field'],
    ['Ann', null, 'Ann'],
    [' ', null, null],
    [null, null, null],
  ])('names the inviter %j %j as %j', (first, last, expected) => {
    expect(inviterName({ ...invitation, issuerFirstName: first, issuerLastName: last })).toBe(expected);
  });
});
