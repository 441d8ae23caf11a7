import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { InvitationAccessLevel } from '@headland/domain/roles';
import { dateLocale } from '../../i18n/dateLocale.ts';
import { canSendInvitation } from './InvitationsTab.tsx';
import { fakePermissionsServer } from './testing/fakePermissionsServer.ts';
import { aPermissionsResponse, anInvitation } from './testing/permissionsFixtures.ts';
import { renderPermissionsDialog } from './testing/renderPermissionsDialog.tsx';

const invites = [
  anInvitation(),
  anInvitation({
    email: 'old.hand@example.com',
    accessLevel: InvitationAccessLevel.Full,
    issuedOn: '2025-01-10T10:00:00.000Z',
    acceptedOn: '2025-01-12T08:30:00.000Z',
    deliveryStatus: null,
  }),
];

async function openInvitations(list = invites) {
  const server = fakePermissionsServer({ data: aPermissionsResponse({ invites: list }) });
  renderPermissionsDialog({ server, initialView: 'invitations' });
  await screen.findByRole('heading', { name: 'Send an invitation' });
  return server;
}

/** A date as the tab shows it in this browser's English. */
const shown = (iso: string) =>
  new Intl.DateTimeFormat(dateLocale('en', navigator.languages), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
const row = (email: string) => within(screen.getByRole('row', { name: email }));
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('canSendInvitation', () => {
  it.each([
    ['new.hand@example.com', '3', true],
    ['  new.hand@example.com ', '1', true],
    ['', '1', false],
    ['new.hand', '1', false],
    ['new.hand@example', '2', false],
    ['new.hand@example.com', '', false],
    ['new.hand@example.com', '4', false],
  ])('%j with level %j: %s', (email, level, expected) => {
    expect(canSendInvitation(email, level)).toBe(expected);
  });
});

describe('Invitations tab', { timeout: 30_000 }, () => {
  it('lists the invitations with access level, issue date, status and delivery', async () => {
    await openInvitations();
    const pending = row('new.hand@example.com');
    expect(pending.getByText('Operator')).toBeTruthy();
    expect(pending.getByText(shown('2025-03-04T10:00:00.000Z'))).toBeTruthy();
    expect(pending.getByText('Pending')).toBeTruthy();
    expect(pending.getByText('Sent')).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Send again' })).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    const accepted = row('old.hand@example.com');
    expect(accepted.getByText('Full')).toBeTruthy();
    expect(accepted.getByText(`Accepted on ${shown('2025-01-12T08:30:00.000Z')}`)).toBeTruthy();
    expect(accepted.queryByRole('button')).toBeNull();
  });

  it('says when no invitation has been sent, with the advice about removing users', async () => {
    await openInvitations([]);
    expect(
      screen.getByText(
        'No invitations to join this holding have been sent yet. You can use the form below to send one.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/check whether users who no longer need access to this holding should be removed/),
    ).toBeTruthy();
  });

  it('enables Send only for a well-formed e-mail address and a chosen access level', async () => {
    await openInvitations([]);
    const email = screen.getByLabelText('Email address');
    const level = screen.getByLabelText('Initial access level') as HTMLSelectElement;
    expect(level.value).toBe('');
    expect([...level.options].map((option) => option.textContent)).toEqual([
      'Please select',
      'Full',
      'Agronomist',
      'Operator',
    ]);
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'fred@' } });
    fireEvent.change(level, { target: { value: String(InvitationAccessLevel.Agronomist) } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'fred@example.com' } });
    expect(sendButton().disabled).toBe(false);
  });

  it('sends an invitation and lists it', async () => {
    const server = await openInvitations([]);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'fred@example.com' } });
    fireEvent.change(screen.getByLabelText('Initial access level'), {
      target: { value: String(InvitationAccessLevel.Agronomist) },
    });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('status')).textContent).toBe(
      'An invitation has been sent to fred@example.com.',
    );
    const sent = server.calls.find((call) => call.path === '/api/holdings/v1/invites/send');
    expect(sent?.body).toEqual({ email: 'fred@example.com', accessLevel: InvitationAccessLevel.Agronomist });
    expect(row('fred@example.com').getByText('Agronomist')).toBeTruthy();
    expect(row('fred@example.com').getByText('Waiting to be sent')).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('asks before sending an invitation again, with the same e-mail and access level', async () => {
    const server = await openInvitations();
    fireEvent.click(row('new.hand@example.com').getByRole('button', { name: 'Send again' }));
    const question = await screen.findByRole('dialog', { name: 'Send the invitation again' });
    fireEvent.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send the invitation again' })).toBeNull(),
    );
    expect(server.calls.filter((call) => call.path === '/api/holdings/v1/invites/send')).toHaveLength(0);

    fireEvent.click(row('new.hand@example.com').getByRole('button', { name: 'Send again' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send the invitation again' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === '/api/holdings/v1/invites/send')?.body).toEqual({
        email: 'new.hand@example.com',
        accessLevel: InvitationAccessLevel.Operator,
      }),
    );
  });

  it('asks before cancelling an invitation, then removes it', async () => {
    const server = await openInvitations();
    fireEvent.click(row('new.hand@example.com').getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Cancel the invitation' });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'new.hand@example.com' })).toBeNull());
    const cancel = server.calls.find((call) => call.method === 'DELETE');
    expect(cancel?.path).toBe('/api/holdings/v1/invites/cancel');
    expect(cancel?.query.get('email')).toBe('new.hand@example.com');
  });

  it('filters the invitations by e-mail address', async () => {
    await openInvitations();
    fireEvent.change(screen.getByLabelText('Filter by user name'), { target: { value: 'OLD' } });
    expect(screen.queryByRole('row', { name: 'new.hand@example.com' })).toBeNull();
    expect(screen.getByRole('row', { name: 'old.hand@example.com' })).toBeTruthy();
  });
});
