import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ShellController, ShellState } from '../session/useShellController.ts';
import { EmailConfirmationNotice } from './EmailConfirmationNotice.tsx';
import { EmailStep } from './EmailStep.tsx';
import { InvitationNotice } from './InvitationNotice.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { leaveForAddress } from './leavePage.ts';
import { PasswordStep } from './PasswordStep.tsx';
import { ForgotPasswordLink, usePasswordReset } from './ResetPassword.tsx';
import { LoginLinkDialog } from '../signup/LoginLinkDialog.tsx';

// The steps after the password load when reached: a first visit needs only the password step.
const TermsStep = lazy(() => import('./TermsStep.tsx').then((step) => ({ default: step.TermsStep })));
const HoldingYearPicker = lazy(() =>
  import('./HoldingYearPicker.tsx').then((step) => ({ default: step.HoldingYearPicker })),
);

export interface LoginScreenProps {
  state: Extract<ShellState, { kind: 'login' }>;
  controller: ShellController;
  productName: string;
  /**
   * Where the brand has single sign-on: the check of an address, answering its identity provider's login link
   * or null. With it the login screen starts at the e-mail step.
   */
  checkSingleSignOn?: (email: string) => Promise<string | null>;
}

/** The e-mail step's progress, where the brand has single sign-on. */
type SignOn =
  { kind: 'email'; email: string | undefined } | { kind: 'password'; email: string } | { kind: 'leaving' };

/**
 * The login screen and its steps (session-shell §2): e-mail (single sign-on only), password, terms and
 * conditions, holding and year.
 */
export function LoginScreen({ state, controller, productName, checkSingleSignOn }: LoginScreenProps) {
  const { t } = useTranslation();
  const { invitation } = state;
  const invitedEmail = invitation?.kind === 'pending' ? invitation.invitation.email : undefined;
  const reset = usePasswordReset();
  const [signOn, setSignOn] = useState<SignOn>({ kind: 'email', email: undefined });

  // A login link goes to the identity provider; no link, or a failed check, goes on to the password (§8).
  const continueWithEmail = async (email: string) => {
    const link = await checkSingleSignOn!(email).catch(() => null);
    if (link && /^https?:\/\//i.test(link)) {
      setSignOn({ kind: 'leaving' });
      leaveForAddress(link);
      return;
    }
    setSignOn({ kind: 'password', email });
  };
  const emailStepShown = checkSingleSignOn !== undefined && signOn.kind === 'email';
  const startEmail = (signOn.kind === 'email' ? signOn.email : undefined) ?? invitedEmail ?? reset.email;
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-fieldGreen-0)">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={460}>
        <Stack>
          <Group justify="space-between" align="flex-end">
            <Title order={1} size="h3" c="fieldGreen.8">
              {productName}
            </Title>
            <LanguagePicker />
          </Group>
          <EmailConfirmationNotice />
          {invitation && <InvitationNotice notice={invitation} />}
          {state.step === 'password' && reset.screen}
          {state.step === 'password' && !reset.screen && (
            <>
              {reset.notice}
              {signOn.kind === 'leaving' && (
                <Group gap="sm" role="status">
                  <Loader size="sm" />
                  <Text>{t('signon.leaving')}</Text>
                </Group>
              )}
              {emailStepShown && (
                <EmailStep
                  // The invitation's address arrives after the form is shown: the form starts again with it.
                  key={startEmail ?? ''}
                  // An error of the page's link or of the last sign-in; not again once the address is being changed.
                  error={signOn.kind === 'email' && signOn.email === undefined ? state.error : null}
                  onContinue={continueWithEmail}
                  initialEmail={startEmail}
                />
              )}
              {checkSingleSignOn === undefined && (
                <PasswordStep
                  key={invitedEmail ?? reset.email ?? ''}
                  error={state.error}
                  onSignIn={controller.signIn}
                  initialEmail={invitedEmail ?? reset.email}
                />
              )}
              {checkSingleSignOn !== undefined && signOn.kind === 'password' && (
                <PasswordStep
                  key={signOn.email}
                  error={state.error}
                  onSignIn={controller.signIn}
                  initialEmail={signOn.email}
                  onChangeEmail={() => setSignOn({ kind: 'email', email: signOn.email })}
                />
              )}
              {signOn.kind !== 'leaving' && (
                <>
                  <ForgotPasswordLink onClick={reset.start} />
                  <LoginLinkDialog onResetPassword={reset.start} />
                </>
              )}
            </>
          )}
          <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
            {state.step === 'terms' && (
              <TermsStep
                text={state.start.TermsAndConditions?.Text ?? null}
                onAccept={controller.acceptTerms}
              />
            )}
            {state.step === 'holding' && (
              <>
                <Title order={2}>{t('holdingStep.title')}</Title>
                <HoldingYearPicker
                  holdings={state.start.Holdings}
                  initialHolding={state.start.InitialHolding}
                  invalidHolding={state.invalidHolding}
                  onContinue={controller.chooseHolding}
                />
              </>
            )}
          </Suspense>
          {(state.step === 'terms' || state.step === 'holding') && (
            // A user without holdings (their access just removed, say) must be able to leave and sign in again.
            <Group justify="flex-end">
              <Button variant="subtle" size="compact-sm" onClick={() => void controller.logOut()}>
                {t('screens.holdingStep.logOut')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
