import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { signupRequestQuerySchema } from '@headland/domain/api/signupApi';
import { isEmail } from '@headland/domain/passwordRule';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { textLimits } from '../forms/schemaLimits.ts';
import { requestSignupLink } from './signupRequests.ts';

/**
 * The login-link dialog (session-shell §2): someone who cannot sign in is offered a sign-up link by e-mail, or
 * the password reset. The answer never says whether the address has an account.
 */
export function LoginLinkDialog({ onResetPassword }: { onResetPassword(): void }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [opened, setOpened] = useState(false);
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const valid = isEmail(email);

  const close = () => {
    setOpened(false);
    setEmail('');
    setAttempted(false);
    setSent(false);
    setFailed(false);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!valid || sending || sent) return;
    setSending(true);
    setFailed(false);
    try {
      await requestSignupLink(api, email.trim(), i18n.language);
      setSent(true);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={() => setOpened(true)}>
          {t('signup.linkDialog.open')}
        </Anchor>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={t('signup.linkDialog.title')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={(event) => void send(event)} noValidate>
          <Stack>
            <Text size="sm">{t('signup.linkDialog.intro')}</Text>
            <TextInput
              label={t('signup.email')}
              type="email"
              autoComplete="email"
              {...textLimits(signupRequestQuerySchema.shape.email)}
              value={email}
              readOnly={sent}
              error={attempted && !valid ? t('signup.linkDialog.invalidEmail') : undefined}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            {sent && (
              <Alert color="fieldGreen" role="status">
                {t('signup.linkDialog.sent', { email: email.trim() })}
              </Alert>
            )}
            {failed && (
              <Alert color="red" role="alert">
                {t('errors.generic')}
              </Alert>
            )}
            <Group justify="space-between">
              <Button
                variant="subtle"
                onClick={() => {
                  close();
                  onResetPassword();
                }}
              >
                {t('signup.linkDialog.resetPassword')}
              </Button>
              <Button type="submit" loading={sending} disabled={sent}>
                {t('signup.linkDialog.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
