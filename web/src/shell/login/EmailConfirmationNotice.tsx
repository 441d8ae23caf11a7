import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { describeApiError } from '../http/apiClient.ts';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { confirmEmail } from '../session/sessionRequests.ts';

type Confirmation =
  { kind: 'confirming' } | { kind: 'confirmed'; email: string } | { kind: 'refused'; message: string };

/** The parameter of the link sent to a new e-mail address. */
export const confirmEmailParameter = 'confirmEmail';

/** Takes the single-use token out of the address, so that a reload or a shared address does not reuse it. */
function forgetConfirmParameter(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(confirmEmailParameter);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Confirms a new e-mail address when the page was opened from the link sent to it, and says how that went.
 * Shows nothing on other pages.
 */
export function EmailConfirmationNotice() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [token] = useState(() => new URLSearchParams(window.location.search).get(confirmEmailParameter));
  const [confirmation, setConfirmation] = useState<Confirmation | null>(
    token ? { kind: 'confirming' } : null,
  );
  // Strict mode runs effects twice in development; the link is spent only once.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    forgetConfirmParameter();
    confirmEmail(api, token).then(
      (answer) => setConfirmation({ kind: 'confirmed', email: answer.Email }),
      (error: unknown) => {
        const problem = describeApiError(error, false);
        setConfirmation({
          kind: 'refused',
          message: problem.kind === 'message' ? problem.message : t('errors.generic'),
        });
      },
    );
  }, [api, t, token]);

  if (confirmation === null) return null;
  const title = t('account.emailConfirmTitle');
  switch (confirmation.kind) {
    case 'confirming':
      return (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('account.emailConfirming')}</Text>
        </Group>
      );
    case 'confirmed':
      return (
        <Alert color="green" role="status" title={title}>
          {t('account.emailConfirmed', { email: confirmation.email })}
        </Alert>
      );
    case 'refused':
      return (
        <Alert color="red" role="alert" title={title}>
          {confirmation.message}
        </Alert>
      );
  }
}
