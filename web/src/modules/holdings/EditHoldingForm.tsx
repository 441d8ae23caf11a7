import { useMemo, useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Fieldset, Group, List, Stack, Tabs } from '@mantine/core';
import { useLeaveGuard } from '../../shell/useLeaveGuard.ts';
import { dialogFooterStyle } from '../../shell/dialogs/dialogFooter.ts';
import type { HoldingDetails, HoldingStatus } from '@headland/domain/api/holdingsApi';
import { validateHoldingForm, type HoldingFormField } from '@headland/domain/holdingRules';
import { isAgronomistOrManager, resolveRole } from '@headland/domain/roles';
import { latestOpenableCropYear } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { isConflictError, serverMessages } from '../fields/serverMessages.ts';
import {
  asksNvzQuestion,
  holdingFormValues,
  holdingSaveRequest,
  initialHoldingForm,
  reduceHoldingForm,
} from './holdingForm.ts';
import { holdingMessageText, translateHoldingError } from './holdingMessageText.ts';
import {
  useHoldingStatus,
  useManagedHoldings,
  useRefreshAfterHoldingChange,
  useSaveHolding,
} from './holdingsQueries.ts';
import { HoldingTab } from './HoldingTab.tsx';
import { MessageBox } from './MessageBox.tsx';
import { WeatherTab } from './WeatherTab.tsx';

export interface EditHoldingFormProps {
  holding: HoldingDetails | null;
  status: HoldingStatus;
  yearId: number;
  onCancel(): void;
  onSaved(holding: HoldingDetails): void;
}

/** The form's messages by field, in the wording shown. */
export type HoldingFormMessages = Partial<Record<HoldingFormField, string>>;

const weatherFields: readonly HoldingFormField[] = ['weatherStationId', 'customWeather', 'monthlyRainfall'];

/** The HOLDING and WEATHER tabs with Cancel and Save, applying §4.1 as the user edits and §5.1 as they type. */
export function EditHoldingForm({ holding, status, yearId, onCancel, onSaved }: EditHoldingFormProps) {
  const { t, i18n } = useTranslation();
  const session = useAppSession();
  const { brand, user } = session;
  const [state, dispatch] = useReducer(
    reduceHoldingForm,
    { holding, status, yearId, defaultStartingYear: session.yearId },
    initialHoldingForm,
  );
  // Back, reload or closing the tab asks first while the form holds unsaved changes.
  const [loadedState] = useState(() => JSON.stringify(state));
  useLeaveGuard(JSON.stringify(state) !== loadedState, t('screens.leave.unsaved'));
  const [tab, setTab] = useState<string | null>('holding');
  const [asking, setAsking] = useState(false);
  const save = useSaveHolding();
  const refresh = useRefreshAfterHoldingChange();

  const holdingId = holding?.HoldingId ?? null;
  // The form sends the version its values were read at. After a conflict Save waits until the conflict
  // dialog's Refresh has read the holding again; the form then keeps the user's values and sends the newer
  // version, so that saving again (the retry) goes through.
  const [refusedVersion, setRefusedVersion] = useState<number | null>(null);
  const storedVersion = useManagedHoldings().data?.Holdings.find(
    (candidate) => candidate.HoldingId === holdingId,
  )?.Version;
  const refreshedVersion =
    refusedVersion !== null && storedVersion !== undefined && storedVersion !== refusedVersion
      ? storedVersion
      : null;
  const sentVersion = refreshedVersion ?? holding?.Version ?? null;
  const waitsForRefresh = refusedVersion !== null && refreshedVersion === null;
  const conflicted = save.isError && isConflictError(save.error);
  const readOnly = (holding?.ReadOnly ?? false) || session.readOnly;
  // The session always has a holding here; brands without post towns have no stations to choose from.
  const weatherTab = brand.features.weather && brand.features.postTown;
  const withReportsOption = isAgronomistOrManager(resolveRole(user.Role));

  // A town other than the stored one brings its own station list.
  const townChanged = state.townId !== (holding?.TownId ?? null);
  const townStatus = useHoldingStatus(holdingId, yearId, state.townId, townChanged && state.townId !== null);
  const stations = !townChanged
    ? status.WeatherStations
    : state.townId === null
      ? []
      : (townStatus.data?.WeatherStations ?? []);
  const stationsLoading = townChanged && state.townId !== null && townStatus.isPending;

  const issues = useMemo(
    () =>
      validateHoldingForm(holdingFormValues(state, !state.isNew), {
        postTownEnabled: brand.features.postTown,
        regionsOffered: brand.regionIds.length > 0 && status.Regions.length > 0,
        startingYearRequired: true,
        weatherStationRequired: weatherTab && stations.length > 0,
        latestStartingYear: latestOpenableCropYear(isoDateFromLocalDate(new Date())),
      }),
    [state, brand, status.Regions.length, weatherTab, stations.length],
  );
  const messages: HoldingFormMessages = {};
  for (const issue of issues) messages[issue.field] ??= holdingMessageText(t, issue);
  const weatherIssues = issues.filter((issue) => weatherFields.includes(issue.field)).length;
  const holdingIssues = issues.length - weatherIssues;

  const canSave = !readOnly && issues.length === 0 && !stationsLoading && !save.isPending && !waitsForRefresh;

  const submit = (changeNVZOnAllFields: boolean) => {
    setAsking(false);
    save.mutate(
      {
        isNew: state.isNew,
        request: holdingSaveRequest(state, {
          holdingId,
          yearId,
          withWeather: weatherTab,
          withReportsOption,
          changeNVZOnAllFields,
          version: sentVersion,
        }),
      },
      {
        onError: (error) => {
          if (isConflictError(error)) setRefusedVersion(sentVersion);
        },
        onSuccess: async (saved) => {
          await refresh(saved.HoldingId, session.holding.HoldingId);
          onSaved(saved);
        },
      },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    if (asksNvzQuestion(state)) setAsking(true);
    else submit(false);
  };

  const failure = save.isError
    ? serverMessages(save.error, (entry) => translateHoldingError(t, entry), i18n)
    : [];

  const tabLabel = (text: string, count: number) => (
    <Group gap={6} wrap="nowrap">
      {text}
      {count > 0 && (
        <Badge size="xs" color="red" circle={false}>
          {t('holdings.edit.tabMessages', { count })}
        </Badge>
      )}
    </Group>
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {readOnly && <Alert color="gray">{t('holdings.edit.readOnly')}</Alert>}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label={t('holdings.edit.tabsLabel')}>
            <Tabs.Tab value="holding">{tabLabel(t('holdings.edit.holdingTab'), holdingIssues)}</Tabs.Tab>
            {weatherTab && (
              <Tabs.Tab value="weather">{tabLabel(t('holdings.edit.weatherTab'), weatherIssues)}</Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="holding" pt="md">
            <Fieldset variant="unstyled" disabled={readOnly}>
              <HoldingTab
                holding={holding}
                status={status}
                yearId={yearId}
                state={state}
                dispatch={dispatch}
                messages={messages}
                readOnly={readOnly}
              />
            </Fieldset>
          </Tabs.Panel>
          {weatherTab && (
            <Tabs.Panel value="weather" pt="md">
              <Fieldset variant="unstyled" disabled={readOnly}>
                <WeatherTab
                  status={status}
                  stations={stations}
                  stationsLoading={stationsLoading}
                  state={state}
                  dispatch={dispatch}
                  messages={messages}
                  readOnly={readOnly}
                />
              </Fieldset>
            </Tabs.Panel>
          )}
        </Tabs>
        {save.isError && !conflicted && (
          <Alert color="red" title={t('holdings.edit.saveFailed')}>
            {failure.length > 0 ? (
              <List size="sm">
                {failure.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            ) : (
              t('holdings.genericError')
            )}
          </Alert>
        )}
        <Group justify="flex-end" style={dialogFooterStyle}>
          <Button variant="default" onClick={onCancel}>
            {t('holdings.cancel')}
          </Button>
          <Button type="submit" disabled={!canSave} loading={save.isPending}>
            {t('holdings.save')}
          </Button>
        </Group>
      </Stack>
      <MessageBox
        opened={asking}
        title={t('holdings.edit.nvzQuestionTitle')}
        message={t('holdings.edit.nvzQuestion', { holding: state.tradingName.trim() })}
        buttons="yesNo"
        onClose={() => setAsking(false)}
        onConfirm={() => submit(true)}
        onDecline={() => submit(false)}
      />
    </form>
  );
}
