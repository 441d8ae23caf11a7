import { useTranslation } from 'react-i18next';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { inviterName, type InvitationNotice as Notice } from '../session/inviteLink.ts';

export interface InvitationNoticeProps {
  notice: Notice;
}

/** What the login screen says about the invitation link the page was opened with. */
export function InvitationNotice({ notice }: InvitationNoticeProps) {
  const { t } = useTranslation();
  const title = t('invitation.title');
  switch (notice.kind) {
    case 'loading':
      return (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('invitation.loading')}</Text>
        </Group>
      );
    case 'invalid':
      return (
        <Alert color="red" role="alert" title={title}>
          {t('invitation.invalid')}
        </Alert>
      );
    case 'refused':
      return (
        <Alert color="red" role="alert" title={title}>
          {notice.message}
        </Alert>
      );
    case 'unavailable':
      return (
        <Alert color="yellow" title={title}>
          {t('invitation.unavailable')}
        </Alert>
      );
    case 'accepted':
      return (
        <Alert color="yellow" title={title}>
          {t('invitation.accepted')}
        </Alert>
      );
    case 'joined':
      return (
        <Alert color="green" role="status" title={title}>
          {notice.holdingName
            ? t('invitation.joined', { holding: notice.holdingName })
            : t('invitation.joinedUnnamed')}
        </Alert>
      );
    case 'pending': {
      const { invitation } = notice;
      const inviter = inviterName(invitation);
      return (
        <Alert color="blue" title={title}>
          <Text size="sm">
            {inviter
              ? t('invitation.description', { inviter, holding: invitation.holdingName })
              : t('invitation.descriptionNoInviter', { holding: invitation.holdingName })}
          </Text>
          <Text size="sm">{t('invitation.signInAs', { email: invitation.email })}</Text>
        </Alert>
      );
    }
  }
}
