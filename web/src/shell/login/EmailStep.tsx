import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { tokenRequestSchema } from '@headland/domain/api/sessionApi';
import { textLimits } from '../forms/schemaLimits.ts';

export interface EmailStepProps {
  /** A link-login error or the last sign-in's error, shown above the form. */
  error: string | null;
  initialEmail?: string;
  /** Asks the single sign-on check; resolves once the screen has moved on (to the link or the password). */
  onContinue(email: string): Promise<void>;
}

/**
 * The first step of signing in where the brand has single sign-on (session-shell §2, §4): the e-mail address
 * alone, so that an address of an organisation with its own sign-in goes there before any password is typed.
 */
export function EmailStep({ error, initialEmail = '', onContinue }: EmailStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const complete = email.trim() !== '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    try {
      await onContinue(email.trim());
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
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" disabled={!complete} loading={busy}>
          {t('signon.next')}
        </Button>
      </Stack>
    </form>
  );
}
