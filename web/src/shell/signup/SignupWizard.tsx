import { useEffect, useMemo, useState, type FormEvent } from 'react';
import '../appStyles.ts';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  List,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Stepper,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { signupSetupSchema, type Address, type SignupData } from '@headland/domain/api/signupApi';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { ApiRequestError } from '../http/apiClient.ts';
import { textLimits } from '../forms/schemaLimits.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { AutoSignup } from './AutoSignup.tsx';
import { getAddress, lookupAddresses, readSignupData, setupSignup } from './signupRequests.ts';
import {
  initialSignupForm,
  joinsInvitedHolding,
  narrowPlace,
  regionsFor,
  setupPayload,
  signupSteps,
  signupStepsFor,
  stepProblems,
  townsFor,
  type SignupForm,
  type SignupProblems,
} from './signupForm.ts';

export interface SignupWizardProps {
  productName: string;
  /** Signs in with the new password once the account is set up. */
  onDone(email: string, password: string): Promise<void>;
  /** The person declined: the account being set up is cancelled and the login ends. */
  onCancelAccount(): Promise<void>;
}

const shape = signupSetupSchema.shape;

/**
 * The four-step sign-up wizard (session-shell §2, §4): Terms and conditions, Contact, Holding, Password. An
 * Access-role account opened for someone gets the one-screen auto sign-up instead.
 */
export function SignupWizard({ productName, onDone, onCancelAccount }: SignupWizardProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [data, setData] = useState<SignupData | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<SignupForm | null>(null);
  const [step, setStep] = useState(0);
  // Errors show after the first failed commit of a step (sign-up §5).
  const [committed, setCommitted] = useState<boolean[]>([false, false, false, false]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readSignupData(api).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setForm(initialSignupForm(answer));
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const steps = useMemo(() => (data ? signupStepsFor(data) : signupSteps), [data]);
  const stepName = steps[step]!;
  const problems: SignupProblems = useMemo(
    () => (form && committed[step] ? stepProblems(stepName, form) : {}),
    [form, committed, step, stepName],
  );

  if (loadFailed) {
    return (
      <Frame productName={productName}>
        <Alert color="red" role="alert">
          {t('signup.invalidRequest')}
        </Alert>
      </Frame>
    );
  }
  if (data?.autoSignup) {
    return (
      <Frame productName={productName}>
        <AutoSignup data={data} onDone={onDone} />
      </Frame>
    );
  }
  if (!data || !form) {
    return (
      <Frame productName={productName}>
        <Center>
          <Loader aria-label={t('common.loading')} />
        </Center>
      </Frame>
    );
  }

  const update = (changes: Partial<SignupForm>) =>
    setForm((current) => (current ? { ...current, ...changes } : current));
  const error = (field: keyof SignupForm) => (problems[field] ? t(problems[field]) : undefined);

  const next = async (event?: FormEvent) => {
    event?.preventDefault();
    setCommitted((current) => current.map((value, index) => (index === step ? true : value)));
    if (Object.keys(stepProblems(stepName, form)).length > 0) return;
    if (stepName === 'terms' && form.consent !== 'yes') return;
    if (step < steps.length - 1) {
      setStep(step + 1);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await setupSignup(api, setupPayload(form, data.tcs?.version ?? null, !joinsInvitedHolding(data)));
    } catch (failure) {
      setServerError(refusalText(failure, t));
      setBusy(false);
      return;
    }
    try {
      await onDone(data.email, form.password);
    } finally {
      setBusy(false);
    }
  };

  const back = () => setStep(Math.max(0, step - 1));

  return (
    <Frame productName={productName}>
      <Title order={2}>{t('signup.title')}</Title>
      <Stepper active={step} size="xs" allowNextStepsSelect={false} aria-label={t('signup.progress')}>
        {steps.map((name) => (
          <Stepper.Step key={name} label={t(`signup.steps.${name}`)} />
        ))}
      </Stepper>
      <form onSubmit={(event) => void next(event)} noValidate aria-label={t(`signup.steps.${stepName}`)}>
        <Stack>
          <Title order={3} size="h4">
            {t(`signup.steps.${stepName}`)}
          </Title>
          {stepName === 'terms' && (
            <TermsPart
              data={data}
              form={form}
              update={update}
              error={error}
              onCancelAccount={onCancelAccount}
            />
          )}
          {stepName === 'contact' && (
            <>
              <TextInput label={t('signup.email')} value={data.email} readOnly />
              <TextInput
                label={t('signup.firstName')}
                required
                {...textLimits(shape.firstName)}
                value={form.firstName}
                error={error('firstName')}
                onChange={(event) => update({ firstName: event.currentTarget.value })}
              />
              <TextInput
                label={t('signup.lastName')}
                required
                {...textLimits(shape.lastName)}
                value={form.lastName}
                error={error('lastName')}
                onChange={(event) => update({ lastName: event.currentTarget.value })}
              />
              <TextInput
                label={t('signup.phoneNumber')}
                required
                type="tel"
                autoComplete="tel"
                {...textLimits(shape.phoneNumber)}
                value={form.phoneNumber}
                error={error('phoneNumber')}
                onChange={(event) => update({ phoneNumber: event.currentTarget.value })}
              />
            </>
          )}
          {stepName === 'holding' && (
            <HoldingPart data={data} form={form} setForm={setForm} update={update} error={error} />
          )}
          {stepName === 'password' && (
            <>
              <NewPasswordFields
                schema={shape.password}
                password={form.password}
                confirmation={form.confirmation}
                passwordError={error('password')}
                confirmationError={error('confirmation')}
                onChange={update}
              />
            </>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={back} disabled={step === 0 || busy}>
              {t('signup.back')}
            </Button>
            <Button type="submit" loading={busy} disabled={stepName === 'terms' && form.consent === 'no'}>
              {step === steps.length - 1 ? t('signup.confirm') : t('signup.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Frame>
  );
}

function Frame({ productName, children }: { productName: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-fieldGreen-0)">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={640}>
        <Stack>
          <Title order={1} size="h3" c="fieldGreen.8">
            {productName}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The server's refusal of the setup in the user's words: by its code when the translations have it. */
function refusalText(
  failure: unknown,
  t: (key: string, options?: { defaultValue: string }) => string,
): string {
  if (failure instanceof ApiRequestError) {
    const first = failure.apiError?.Errors?.[0];
    const message = first?.Message ?? failure.apiError?.Message;
    if (first?.Code?.startsWith('signup.')) {
      return t(`signup.errors.${first.Code.slice('signup.'.length)}`, { defaultValue: message ?? '' });
    }
    if (message) return message;
  }
  return t('errors.generic');
}

interface PartProps {
  data: SignupData;
  form: SignupForm;
  update(changes: Partial<SignupForm>): void;
  error(field: keyof SignupForm): string | undefined;
}

function TermsPart({
  data,
  form,
  update,
  error,
  onCancelAccount,
}: PartProps & { onCancelAccount(): Promise<void> }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  return (
    <>
      {data.tcs ? (
        <ScrollArea.Autosize
          mah={260}
          type="auto"
          // The viewport is what scrolls: it takes the focus, so that the text scrolls from the keyboard.
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('signup.steps.terms') }}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {data.tcs.text}
          </Text>
        </ScrollArea.Autosize>
      ) : null}
      <Checkbox
        label={t('signup.agreeTerms')}
        checked={form.termsAccepted}
        error={error('termsAccepted')}
        onChange={(event) => update({ termsAccepted: event.currentTarget.checked })}
      />
      <Radio.Group
        label={t('signup.consentQuestion')}
        value={form.consent ?? ''}
        error={error('consent')}
        onChange={(value) => update({ consent: value === 'yes' ? 'yes' : 'no' })}
      >
        <Group mt="xs">
          <Radio value="yes" label={t('signup.yes')} />
          <Radio value="no" label={t('signup.no')} />
        </Group>
      </Radio.Group>
      {form.consent === 'no' && (
        <Alert color="orange" role="alert" title={t('signup.consentRefusedTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t('signup.consentRefused')}</Text>
            <Group>
              <Button variant="default" onClick={() => update({ consent: null })} disabled={cancelling}>
                {t('signup.goBack')}
              </Button>
              <Button
                color="red"
                loading={cancelling}
                onClick={() => {
                  setCancelling(true);
                  void onCancelAccount().finally(() => setCancelling(false));
                }}
              >
                {t('signup.cancelAccount')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </>
  );
}

function HoldingPart({
  data,
  form,
  setForm,
  update,
  error,
}: PartProps & { setForm(change: (current: SignupForm | null) => SignupForm | null): void }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [lookup, setLookup] = useState<{ housesListed: boolean; addresses: Address[] } | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const regions = regionsFor(data, form.postCode);
  const towns = townsFor(data, form.postCode, form.regionId);
  const narrow = (changes: Partial<SignupForm>) =>
    setForm((current) => (current ? narrowPlace(data, { ...current, ...changes }) : current));

  const find = async () => {
    setLookupError(null);
    setLookup(null);
    setChosen('');
    const text = form.postCode.trim();
    if (text.length < 2) {
      setLookupError(t('signup.errors.postCode'));
      return;
    }
    let found: Awaited<ReturnType<typeof lookupAddresses>>;
    try {
      found = await lookupAddresses(api, text);
    } catch {
      setLookupError(t('signup.errors.addressUnavailable'));
      return;
    }
    setLookup(found);
    // A single match (one district, one house) is the answer: it is chosen rather than left to pick.
    if (found.addresses.length === 1) await choose(found.addresses[0]!.udprn, found);
  };

  const choose = async (udprn: string, from = lookup) => {
    setChosen(udprn);
    if (!udprn) return;
    let address: Address;
    try {
      address = await getAddress(api, udprn);
    } catch {
      setLookupError(t('signup.errors.addressNotFound'));
      return;
    }
    const lines = [address.line_1, address.line_2, address.line_3].filter((line) => line.trim() !== '');
    const town = data.towns.find((entry) => entry.name.toLowerCase() === address.post_town.toLowerCase());
    setForm((current) =>
      current
        ? narrowPlace(data, {
            ...current,
            postCode: from?.housesListed ? address.postcode : current.postCode,
            address: from?.housesListed ? lines.join('\n') : current.address,
            regionId: town?.region ?? current.regionId,
            townId: town?.id ?? current.townId,
          })
        : current,
    );
  };

  return (
    <>
      {data.holdingInvites.length > 0 && (
        <Alert color="fieldGreen" title={t('signup.invitedTitle')}>
          <List size="sm">
            {data.holdingInvites.map((invite) => (
              <List.Item key={invite.id}>
                {t('signup.invitedTo', {
                  holding: invite.holdingName,
                  name: [invite.issuerFirstName, invite.issuerLastName].filter(Boolean).join(' '),
                })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Checkbox
        label={t('signup.holdingExists')}
        checked={form.holdingExists}
        onChange={(event) => update({ holdingExists: event.currentTarget.checked })}
      />
      {!form.holdingExists && (
        <TextInput
          label={t('signup.holdingName')}
          required
          {...textLimits(shape.holdingName)}
          value={form.holdingName}
          error={error('holdingName')}
          onChange={(event) => update({ holdingName: event.currentTarget.value })}
        />
      )}
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('signup.postCode')}
          required
          autoComplete="postal-code"
          {...textLimits(shape.postCode)}
          value={form.postCode}
          error={error('postCode')}
          onChange={(event) => narrow({ postCode: event.currentTarget.value })}
        />
        <Button variant="light" onClick={() => void find()}>
          {t('signup.findAddress')}
        </Button>
      </Group>
      {lookupError && (
        <Text size="sm" c="red" role="alert">
          {lookupError}
        </Text>
      )}
      {lookup && !lookup.housesListed && (
        <Text size="sm" role="status">
          {t('signup.noHouseAddresses')}
        </Text>
      )}
      {lookup && lookup.addresses.length === 0 && (
        <Text size="sm" role="status">
          {t('signup.errors.addressNotFound')}
        </Text>
      )}
      {lookup && lookup.addresses.length > 0 && (
        <NativeSelect
          label={lookup.housesListed ? t('signup.chooseAddress') : t('signup.chooseDistrict')}
          value={chosen}
          onChange={(event) => void choose(event.currentTarget.value)}
          data={[
            { value: '', label: t('signup.pleaseSelect') },
            ...lookup.addresses.map((address) => ({
              value: address.udprn,
              label: [address.line_1, address.line_2, address.post_town, address.postcode]
                .filter((part) => part.trim() !== '')
                .join(', '),
            })),
          ]}
        />
      )}
      <Textarea
        label={t('signup.address')}
        required
        autosize
        minRows={2}
        {...textLimits(shape.address)}
        value={form.address}
        error={error('address')}
        onChange={(event) => update({ address: event.currentTarget.value })}
      />
      <NativeSelect
        label={t('signup.region')}
        required
        value={form.regionId === null ? '' : String(form.regionId)}
        error={error('regionId')}
        onChange={(event) =>
          narrow({
            regionId: event.currentTarget.value ? Number(event.currentTarget.value) : null,
            townId: null,
          })
        }
        data={[
          { value: '', label: t('signup.pleaseSelect') },
          ...regions.map((region) => ({ value: String(region.id), label: region.name })),
        ]}
      />
      <NativeSelect
        label={t('signup.town')}
        required
        value={form.townId === null ? '' : String(form.townId)}
        error={error('townId')}
        onChange={(event) => {
          const town = data.towns.find((entry) => String(entry.id) === event.currentTarget.value);
          update({ townId: town?.id ?? null, regionId: town?.region ?? form.regionId });
        }}
        data={[
          { value: '', label: t('signup.pleaseSelect') },
          ...towns.map((town) => ({ value: String(town.id), label: town.name })),
        ]}
      />
      <TextInput
        label={t('signup.agronomist')}
        {...textLimits(shape.agronomist)}
        value={form.agronomist}
        onChange={(event) => update({ agronomist: event.currentTarget.value })}
      />
      <TextInput
        label={t('signup.accountNumber')}
        {...textLimits(shape.accountNumber)}
        value={form.accountNumber}
        onChange={(event) => update({ accountNumber: event.currentTarget.value })}
      />
    </>
  );
}

/** Where a sign-up link that does not work leads when no one is signed in (session-shell §8). */
export function SignupErrorPage({
  productName,
  email,
  onSignIn,
}: {
  productName: string;
  email: string;
  onSignIn(): void;
}) {
  const { t } = useTranslation();
  return (
    <Frame productName={productName}>
      <Title order={2}>{t('signup.errorTitle')}</Title>
      <Alert color="red" role="alert">
        {t('signup.invalidRequest')}
      </Alert>
      <Text>{t('signup.errorText', { email })}</Text>
      <Group justify="flex-end">
        <Button onClick={onSignIn}>{t('signup.toSignIn')}</Button>
      </Group>
    </Frame>
  );
}
