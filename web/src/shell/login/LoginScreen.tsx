import { useTranslation } from 'react-i18next';
import { Button, Center, Group, Paper, Stack, Title } from '@mantine/core';
import type { ShellController, ShellState } from '../session/useShellController.ts';
import { EmailConfirmationNotice } from './EmailConfirmationNotice.tsx';
import { HoldingYearPicker } from './HoldingYearPicker.tsx';
import { InvitationNotice } from './InvitationNotice.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { PasswordStep } from './PasswordStep.tsx';
import { TermsStep } from './TermsStep.tsx';

export interface LoginScreenProps {
  state: Extract<ShellState, { kind: 'login' }>;
  controller: ShellController;
  productName: string;
}

/** The login screen and its steps: password, terms and conditions, holding and year. */
export function LoginScreen({ state, controller, productName }: LoginScreenProps) {
  const { t } = useTranslation();
  const { invitation } = state;
  const invitedEmail = invitation?.kind === 'pending' ? invitation.invitation.email : undefined;
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
          {state.step === 'password' && (
            <PasswordStep
              // The invitation's address arrives after the form is shown: the form starts again with it.
              key={invitedEmail ?? ''}
              error={state.error}
              onSignIn={controller.signIn}
              initialEmail={invitedEmail}
            />
          )}
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
