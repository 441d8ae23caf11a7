import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { textLimits } from '../../shell/forms/schemaLimits.ts';
import { useTranslation } from 'react-i18next';
import { sendInvitationRequestSchema, type Invitation } from '@headland/domain/api/permissionsApi';
import { isEmail } from '@headland/domain/passwordRule';
import { InvitationAccessLevel, invitationAccessLevelSchema } from '@headland/domain/roles';
import { dateLocale } from '../../i18n/dateLocale.ts';
import { UserFilter } from './UserFilter.tsx';

export interface InvitationsTabProps {
  invites: readonly Invitation[];
  /** A read-only session sends and cancels nothing. */
  readOnly: boolean;
  filter: string;
  onFilterChange(value: string): void;
  /** Sends a new invitation; resolves true when it was sent. */
  onSend(email: string, accessLevel: InvitationAccessLevel): Promise<boolean>;
  /** Asks to send a pending invitation again (after a confirmation). */
  onResend(invitation: Invitation): void;
  /** Asks to cancel a pending invitation (after a confirmation). */
  onCancel(invitation: Invitation): void;
}

const accessLevels = Object.values(InvitationAccessLevel);

/** Whether the Send button may be pressed (holdings spec §5.2): a well-formed e-mail and a chosen level. */
export function canSendInvitation(email: string, accessLevel: string): boolean {
  return isEmail(email) && invitationAccessLevelSchema.safeParse(Number(accessLevel)).success;
}

/** Invitations whose e-mail address contains the filter text, ignoring case. */
export function filterInvitations(invites: readonly Invitation[], filter: string): Invitation[] {
  const text = filter.trim().toLocaleLowerCase();
  return invites.filter((invite) => !text || invite.email.toLocaleLowerCase().includes(text));
}

/** The Invitations tab: the holding's invitations and the form that sends a new one. */
export function InvitationsTab({
  invites,
  readOnly,
  filter,
  onFilterChange,
  onSend,
  onResend,
  onCancel,
}: InvitationsTabProps) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [accessLevel, setAccessLevel] = useState('');
  const [sending, setSending] = useState(false);
  const shown = filterInvitations(invites, filter);
  const showDelivery = shown.some((invite) => invite.deliveryStatus !== null);
  const sendable = !readOnly && !sending && canSendInvitation(email, accessLevel);

  const locale = dateLocale(i18n.language, typeof navigator === 'undefined' ? [] : navigator.languages);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(iso),
    );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sendable) return;
    setSending(true);
    try {
      const sent = await onSend(email.trim(), invitationAccessLevelSchema.parse(Number(accessLevel)));
      if (sent) {
        setEmail('');
        setAccessLevel('');
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack>
      <UserFilter value={filter} onChange={onFilterChange} />
      {invites.length === 0 ? (
        <Text>{t('permissions.invitations.none')}</Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('permissions.noMatch')}</Text>
      ) : (
        <Table aria-label={t('permissions.invitations.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('permissions.invitations.email')}</Table.Th>
              <Table.Th>{t('permissions.invitations.accessLevel')}</Table.Th>
              <Table.Th>{t('permissions.invitations.issuedOn')}</Table.Th>
              <Table.Th>{t('permissions.invitations.status')}</Table.Th>
              {showDelivery && <Table.Th>{t('permissions.invitations.delivery')}</Table.Th>}
              <Table.Th>{t('permissions.invitations.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((invite) => (
              <Table.Tr key={invite.email} aria-label={invite.email}>
                <Table.Td>{invite.email}</Table.Td>
                <Table.Td>{t(`permissions.accessLevels.${invite.accessLevel}`)}</Table.Td>
                <Table.Td>{formatDate(invite.issuedOn)}</Table.Td>
                <Table.Td>
                  {invite.acceptedOn === null
                    ? t('permissions.invitations.pending')
                    : t('permissions.invitations.acceptedOn', { date: formatDate(invite.acceptedOn) })}
                </Table.Td>
                {showDelivery && (
                  <Table.Td>
                    {invite.deliveryStatus &&
                      t(`permissions.invitations.deliveryStatus.${invite.deliveryStatus}`)}
                  </Table.Td>
                )}
                <Table.Td>
                  {invite.acceptedOn === null && !readOnly && (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-sm" variant="light" onClick={() => onResend(invite)}>
                        {t('permissions.invitations.sendAgain')}
                      </Button>
                      <Button size="compact-sm" variant="light" color="red" onClick={() => onCancel(invite)}>
                        {t('permissions.invitations.cancel')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={handleSubmit} noValidate aria-labelledby="permissions-invitation-form">
        <Stack gap="sm">
          <Title order={3} size="h5" id="permissions-invitation-form">
            {t('permissions.invitations.formTitle')}
          </Title>
          <Alert color="yellow" variant="light">
            {t('permissions.invitations.advice')}
          </Alert>
          <Group align="flex-end">
            <TextInput
              label={t('permissions.invitations.emailAddress')}
              {...textLimits(sendInvitationRequestSchema.shape.email)}
              type="email"
              autoComplete="off"
              w={320}
              value={email}
              disabled={readOnly}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <NativeSelect
              label={t('permissions.invitations.initialAccessLevel')}
              w={200}
              value={accessLevel}
              disabled={readOnly}
              data={[
                { value: '', label: t('permissions.invitations.pleaseSelect'), disabled: true },
                ...accessLevels.map((level) => ({
                  value: String(level),
                  label: t(`permissions.accessLevels.${level}`),
                })),
              ]}
              onChange={(event) => setAccessLevel(event.currentTarget.value)}
            />
            <Button type="submit" disabled={!sendable} loading={sending}>
              {t('permissions.invitations.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
