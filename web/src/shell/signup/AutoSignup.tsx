import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Progress,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { autoSignupSchema, type SignupData } from '@headland/domain/api/signupApi';
import {
  newPasswordError,
  passwordMismatchMessage,
  passwordRequiredMessage,
  passwordRuleMessage,
} from '@headland/domain/passwordRule';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { ApiRequestError } from '../http/apiClient.ts';
import { textLimits } from '../forms/schemaLimits.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { autoSignup } from './signupRequests.ts';

export interface AutoSignupProps {
  data: SignupData;
  /** Signs in with the new password once the account is set up. */
  onDone(email: string, password: string): Promise<void>;
}

interface AutoSignupForm {
  firstName: string;
  lastName: string;
  password: string;
  confirmation: string;
  termsAccepted: boolean;
}

type Problems = Partial<Record<keyof AutoSignupForm, string>>;

const shape = autoSignupSchema.shape;

const passwordProblem: Record<string, string> = {
  [passwordRequiredMessage]: 'signup.errors.passwordRequired',
  [passwordRuleMessage]: 'signup.errors.passwordRule',
  [passwordMismatchMessage]: 'signup.errors.passwordMismatch',
};

/** The problems of the form, as text ids; empty when it may be sent. */
export function autoSignupProblems(form: AutoSignupForm, hasTerms: boolean): Problems {
  const problems: Problems = {};
  if (!shape.firstName.safeParse(form.firstName).success)
    problems.firstName = 'signup.errors.firstNameRequired';
  if (!shape.lastName.safeParse(form.lastName).success) problems.lastName = 'signup.errors.lastNameRequired';
  const password = newPasswordError(form.password, form.confirmation);
  if (password) {
    problems[password === passwordMismatchMessage ? 'confirmation' : 'password'] = passwordProblem[password];
  }
  if (hasTerms && !form.termsAccepted) problems.termsAccepted = 'signup.errors.termsRequired';
  return problems;
}

/** Where the set-up is: the form, sending it, signing in, or a failure that may be tried again. */
type Phase = 'form' | 'settingUp' | 'signingIn' | 'failed';

/**
 * The shell's auto sign-up (role Access; session-shell §2, §6): an Access-role account opened for someone is set
 * up on one screen instead of the four-step wizard. The names known for the person are filled in, the terms are
 * accepted here, and a password is chosen; there is no holding step, since Access users work on the holdings
 * they are given.
 */
export function AutoSignup({ data, onDone }: AutoSignupProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [form, setForm] = useState<AutoSignupForm>({
    firstName: data.firstName,
    lastName: data.lastName,
    password: '',
    confirmation: '',
    termsAccepted: false,
  });
  const [attempted, setAttempted] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = attempted ? autoSignupProblems(form, data.tcs !== null) : {};
  const error = (field: keyof AutoSignupForm) => (problems[field] ? t(problems[field]) : undefined);
  const update = (changes: Partial<AutoSignupForm>) => setForm((current) => ({ ...current, ...changes }));
  const working = phase === 'settingUp' || phase === 'signingIn';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setAttempted(true);
    if (working || Object.keys(autoSignupProblems(form, data.tcs !== null)).length > 0) return;
    setRefusal(null);
    setPhase('settingUp');
    try {
      await autoSignup(api, {
        firstName: form.firstName,
        lastName: form.lastName,
        password: form.password,
        termsOfUseVersion: data.tcs?.version ?? null,
      });
    } catch (failure) {
      // A refusal in words (a field the server would not take) is shown as it is; anything else can be retried.
      if (failure instanceof ApiRequestError && failure.status < 500 && failure.status !== 429) {
        const first = failure.apiError?.Errors?.[0];
        setRefusal(
          first?.Code?.startsWith('signup.')
            ? t(`signup.errors.${first.Code.slice('signup.'.length)}`, { defaultValue: first.Message })
            : (first?.Message ?? failure.apiError?.Message ?? t('autoSignup.failed')),
        );
        setPhase('form');
      } else {
        setPhase('failed');
      }
      return;
    }
    setPhase('signingIn');
    await onDone(data.email, form.password);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('autoSignup.title')}>
      <Stack>
        <Title order={2}>{t('autoSignup.title')}</Title>
        <Text size="sm">{t('autoSignup.intro')}</Text>
        <TextInput label={t('signup.email')} value={data.email} readOnly />
        <Group grow align="flex-start">
          <TextInput
            label={t('signup.firstName')}
            required
            {...textLimits(shape.firstName)}
            value={form.firstName}
            error={error('firstName')}
            disabled={working}
            onChange={(event) => update({ firstName: event.currentTarget.value })}
          />
          <TextInput
            label={t('signup.lastName')}
            required
            {...textLimits(shape.lastName)}
            value={form.lastName}
            error={error('lastName')}
            disabled={working}
            onChange={(event) => update({ lastName: event.currentTarget.value })}
          />
        </Group>
        <NewPasswordFields
          schema={shape.password}
          password={form.password}
          confirmation={form.confirmation}
          passwordError={error('password')}
          confirmationError={error('confirmation')}
          disabled={working}
          onChange={update}
        />
        {data.tcs && (
          <ScrollArea.Autosize
            mah={200}
            type="auto"
            // The viewport is what scrolls: it takes the focus, so that the text scrolls from the keyboard.
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('signup.steps.terms') }}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {data.tcs.text}
            </Text>
          </ScrollArea.Autosize>
        )}
        {data.tcs && (
          <Checkbox
            label={t('signup.agreeTerms')}
            checked={form.termsAccepted}
            error={error('termsAccepted')}
            disabled={working}
            onChange={(event) => update({ termsAccepted: event.currentTarget.checked })}
          />
        )}
        {working && (
          <Stack gap={4} role="status">
            <Text size="sm">
              {t(phase === 'settingUp' ? 'autoSignup.settingUp' : 'autoSignup.signingIn')}
            </Text>
            <Progress
              value={phase === 'settingUp' ? 50 : 90}
              striped
              animated
              aria-label={t('autoSignup.progress')}
            />
          </Stack>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        {phase === 'failed' && (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('autoSignup.failed')}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void submit()}>
                {t('autoSignup.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={working}>
            {t('autoSignup.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
