import { useEffect, useRef, useState, type FormEvent } from 'react';
import '../appStyles.ts';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { passwordResetLinkCodes } from '@headland/domain/api/passwordResetApi';
import { emailMaxLength } from '@headland/domain/api/sessionApi';
import { isEmail, newPasswordError } from '@headland/domain/passwordRule';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { passwordMessageKeys } from '../forms/passwordMessages.ts';
import { requestPasswordReset, resetPassword, resetRefusal } from './passwordResetRequests.ts';
import { forgetResetPasswordParameter } from './resetPasswordLink.ts';

/** Text ids of the reasons a reset link does not work. */
const linkMessageKeys: Readonly<Record<string, string>> = {
  [passwordResetLinkCodes.used]: 'account.reset.linkUsed',
  [passwordResetLinkCodes.expired]: 'account.reset.linkExpired',
  [passwordResetLinkCodes.invalid]: 'account.reset.linkInvalid',
};

/**
 * Step 1: the address to send a reset link to. Send is disabled while sending and once sent; Cancel drops
 * the request and goes back to sign in.
 */
export function ResetPasswordRequest({ onCancel }: { onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const emailError = isEmail(email) ? null : t('user.emailInvalid');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (emailError || sending || sent) return;
    setSending(true);
    setFailed(false);
    try {
      await requestPasswordReset(api, email.trim(), i18n.language);
      setSent(true);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Title order={2}>{t('account.reset.requestTitle')}</Title>
        <Text size="sm">{t('account.reset.requestIntro')}</Text>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          aria-required
          maxLength={emailMaxLength}
          value={email}
          readOnly={sent}
          onChange={(event) => setEmail(event.currentTarget.value)}
          // The hint shows once the address has been left or sent, not while it is being typed.
          onBlur={() => email.trim() !== '' && setAttempted(true)}
          error={attempted ? emailError : null}
          data-autofocus
        />
        {sent && (
          <Alert color="fieldGreen" role="status">
            {t('account.reset.sent', { email: email.trim() })}
          </Alert>
        )}
        {failed && (
          <Alert color="red" role="alert">
            {t('errors.generic')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {sent ? t('account.reset.backToSignIn') : t('common.cancel')}
          </Button>
          <Button type="submit" loading={sending} disabled={sending || sent}>
            {t('account.reset.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type LinkState =
  { kind: 'checking' } | { kind: 'usable'; email: string } | { kind: 'refused'; message: string };

/**
 * Step 2: opened from the e-mailed link. The link is checked first (a used or expired one says so); the new
 * password and its confirmation follow the rule with its messages in order, shown after a first attempt.
 */
export function ResetPasswordStep({
  token,
  onDone,
  onCancel,
  onAskAgain,
}: {
  token: string;
  /** The password is set: back to sign in with the account's address. */
  onDone(email: string): void;
  onCancel(): void;
  onAskAgain(): void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const checked = useRef(false);

  const refusedLink = (error: unknown): string | null => {
    const refusal = resetRefusal(error);
    if (refusal?.field !== 'token') return null;
    return t(linkMessageKeys[refusal.code ?? ''] ?? 'account.reset.linkInvalid');
  };

  useEffect(() => {
    // Strict mode runs effects twice in development; one check is enough.
    if (checked.current) return;
    checked.current = true;
    // The token stays out of the address from now on: a reload or a shared screen does not carry it.
    forgetResetPasswordParameter();
    resetPassword(api, token).then(
      (answer) => setLink({ kind: 'usable', email: answer.Email }),
      (error: unknown) => setLink({ kind: 'refused', message: refusedLink(error) ?? t('errors.generic') }),
    );
    // Checked once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, token]);

  const ruleError = newPasswordError(password, confirmation);
  const shownError = attempted && ruleError ? t(passwordMessageKeys[ruleError] ?? 'errors.generic') : null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (ruleError || busy || link.kind !== 'usable') return;
    setBusy(true);
    try {
      const answer = await resetPassword(api, token, password);
      onDone(answer.Email);
    } catch (error) {
      const linkMessage = refusedLink(error);
      if (linkMessage) setLink({ kind: 'refused', message: linkMessage });
      else {
        const refusal = resetRefusal(error);
        const key = refusal ? passwordMessageKeys[refusal.message] : undefined;
        setServerError(key ? t(key) : t('errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  };

  const title = <Title order={2}>{t('account.reset.newTitle')}</Title>;
  if (link.kind === 'checking') {
    return (
      <Stack>
        {title}
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('account.reset.checking')}</Text>
        </Group>
      </Stack>
    );
  }
  if (link.kind === 'refused') {
    return (
      <Stack>
        {title}
        <Alert color="red" role="alert">
          {link.message}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('account.reset.backToSignIn')}
          </Button>
          <Button onClick={onAskAgain}>{t('account.reset.askAgain')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {title}
        <Text size="sm">{t('account.reset.newIntro', { email: link.email })}</Text>
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          maxLength={1024}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
          data-autofocus
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          maxLength={1024}
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
        />
        {(shownError ?? serverError) && (
          <Alert color="red" role="alert">
            {shownError ?? serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('account.reset.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
