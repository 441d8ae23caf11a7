import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { resetPasswordToken } from './resetPasswordLink.ts';

// The steps load when a reset starts: most visits only sign in.
const ResetPasswordRequest = lazy(() =>
  import('./ResetPasswordSteps.tsx').then((steps) => ({ default: steps.ResetPasswordRequest })),
);
const ResetPasswordStep = lazy(() =>
  import('./ResetPasswordSteps.tsx').then((steps) => ({ default: steps.ResetPasswordStep })),
);

/** Which reset screen the sign-in step shows instead of its form, if any. */
type ResetMode = { kind: 'none' } | { kind: 'request' } | { kind: 'newPassword'; token: string };

export interface PasswordReset {
  /** The reset screen to show in place of the sign-in form, or null for the sign-in form. */
  screen: ReactNode;
  /** Opens step 1 (the "Forgot password?" entry). */
  start(): void;
  /** The address to sign in with after a reset, when it set a password. */
  email: string | undefined;
  /** Shown above the sign-in form after a reset. */
  notice: ReactNode;
}

/**
 * The two reset-password steps of session-shell §2 on the sign-in screen: step 1 asks for the address, step 2
 * (opened by the `resetPassword` link parameter) sets the new password. `token` defaults to the page's.
 */
export function usePasswordReset(token: string | null = resetPasswordToken()): PasswordReset {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ResetMode>(() =>
    token ? { kind: 'newPassword', token } : { kind: 'none' },
  );
  const [done, setDone] = useState<string | undefined>(undefined);
  const backToSignIn = (email?: string) => {
    setDone(email);
    setMode({ kind: 'none' });
  };
  let screen: ReactNode = null;
  const loading = <Loader aria-label={t('common.loading')} />;
  if (mode.kind === 'request') {
    screen = (
      <Suspense fallback={loading}>
        <ResetPasswordRequest onCancel={() => backToSignIn()} />
      </Suspense>
    );
  }
  if (mode.kind === 'newPassword') {
    screen = (
      <Suspense fallback={loading}>
        <ResetPasswordStep
          token={mode.token}
          onDone={(email) => backToSignIn(email)}
          onCancel={() => backToSignIn()}
          onAskAgain={() => setMode({ kind: 'request' })}
        />
      </Suspense>
    );
  }
  return {
    screen,
    start: () => {
      setDone(undefined);
      setMode({ kind: 'request' });
    },
    email: done,
    notice:
      done !== undefined ? (
        <Alert color="fieldGreen" role="status">
          {t('account.reset.done')}
        </Alert>
      ) : null,
  };
}

/** The "Forgot password?" entry under the sign-in form. */
export function ForgotPasswordLink({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Group justify="center">
      <Anchor component="button" type="button" size="sm" onClick={onClick}>
        {t('account.reset.forgot')}
      </Anchor>
    </Group>
  );
}
