import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { tokenRequestSchema } from '@headland/domain/api/sessionApi';
import { textLimits } from '../forms/schemaLimits.ts';

export interface PasswordStepProps {
  /** The token call's error_description, or a link-login error, shown above the form. */
  error: string | null;
  onSignIn(email: string, password: string): Promise<void>;
  /** The address to sign in with, when the page tells it (an invitation's address). */
  initialEmail?: string;
  /**
   * Where the address was given on the e-mail step (single sign-on): it is shown read-only, and this goes back
   * to that step to change it.
   */
  onChangeEmail?: () => void;
}

/** E-mail and password sign-in. */
export function PasswordStep({ error, onSignIn, initialEmail = '', onChangeEmail }: PasswordStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = email.trim() !== '' && password !== '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    try {
      await onSignIn(email.trim(), password);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Title order={2}>{t('login.title')}</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          {...textLimits(tokenRequestSchema.shape.username)}
          type="email"
          autoComplete="username"
          value={email}
          readOnly={onChangeEmail !== undefined}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {onChangeEmail && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onChangeEmail}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('signon.changeEmail')}
          </Button>
        )}
        <PasswordInput
          label={t('login.password')}
          {...textLimits(tokenRequestSchema.shape.password)}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePasswordVisibility') }}
        />
        <Button type="submit" disabled={!complete} loading={busy}>
          {t('login.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
