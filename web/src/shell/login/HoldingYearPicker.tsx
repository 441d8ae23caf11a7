import { useState, type FormEvent } from 'react';
import '../appStyles.ts';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  Alert,
  Button,
  Loader,
  NativeSelect,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { holdingQueryMaxLength, type HoldingSummary } from '@headland/domain/api/sessionApi';
import { holdingSearchMaxResults, holdingSearchMinChars } from '@headland/domain/limits';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { queryHoldings } from '../session/sessionRequests.ts';
import { lastCropYear } from '../session/useShellController.ts';

export interface HoldingYearPickerProps {
  /** The user's own holdings (from the session start), listed before any search. */
  holdings: readonly HoldingSummary[];
  initialHolding: HoldingSummary | null;
  initialYear?: number;
  /** Set when the server or the year check refused the last choice. */
  invalidHolding?: boolean;
  onContinue(holding: HoldingSummary, yearId: number): Promise<unknown>;
}

const searchDebounceMs = 250;

function sortedYears(holding: HoldingSummary | null): number[] {
  return holding ? [...holding.CropYears].sort((a, b) => b - a) : [];
}

/** Holding search box, holding list and crop-year list; commits only with a holding and one of its years. */
export function HoldingYearPicker({
  holdings,
  initialHolding,
  initialYear,
  invalidHolding = false,
  onContinue,
}: HoldingYearPickerProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const [holding, setHolding] = useState<HoldingSummary | null>(initialHolding);
  const [year, setYear] = useState<number | undefined>(() =>
    initialHolding
      ? initialYear !== undefined && initialHolding.CropYears.includes(initialYear)
        ? initialYear
        : lastCropYear(initialHolding)
      : undefined,
  );
  const [busy, setBusy] = useState(false);

  const searching = debounced.length >= holdingSearchMinChars;
  const results = useQuery({
    queryKey: ['session', 'holdingSearch', debounced],
    queryFn: ({ signal }) => queryHoldings(api, debounced, signal),
    enabled: searching,
    staleTime: 30_000,
  });

  const listed: readonly HoldingSummary[] = searching
    ? (results.data ?? []).slice(0, holdingSearchMaxResults)
    : holdings;
  const cut = searching && (results.data?.length ?? 0) > holdingSearchMaxResults;
  // The chosen holding stays on screen while the user searches for another one, but apart from the matches
  // when it is not one of them.
  const chosenApart =
    holding && !listed.some((entry) => entry.HoldingId === holding.HoldingId) ? holding : null;
  const options = chosenApart ? [chosenApart, ...listed] : listed;
  const radio = (entry: HoldingSummary) => (
    <Radio
      key={entry.HoldingId}
      value={String(entry.HoldingId)}
      label={entry.TradingName}
      description={entry.Town ?? undefined}
    />
  );

  const handleHoldingChange = (value: string) => {
    const next = options.find((entry) => String(entry.HoldingId) === value) ?? null;
    setHolding(next);
    setYear(next ? lastCropYear(next) : undefined);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!holding || year === undefined || busy) return;
    setBusy(true);
    try {
      await onContinue(holding, year);
    } finally {
      setBusy(false);
    }
  };

  const years = sortedYears(holding);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {invalidHolding && (
          <Alert color="red" role="alert">
            {t('holdingStep.invalidHolding')}
          </Alert>
        )}
        <TextInput
          label={t('holdingStep.search')}
          description={t('holdingStep.searchHint', { count: holdingSearchMinChars })}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={holdingQueryMaxLength}
          rightSection={
            searching && results.isFetching ? <Loader size="xs" aria-label={t('common.loading')} /> : null
          }
        />
        {chosenApart && (
          <Radio.Group
            label={t('screens.holdingStep.current')}
            value={String(chosenApart.HoldingId)}
            onChange={handleHoldingChange}
          >
            <Stack gap="xs" mt="xs">
              {radio(chosenApart)}
            </Stack>
          </Radio.Group>
        )}
        <Radio.Group
          label={searching ? t('holdingStep.searchResults') : t('holdingStep.yourHoldings')}
          value={holding && !chosenApart ? String(holding.HoldingId) : null}
          onChange={handleHoldingChange}
        >
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap="xs" mt="xs">
              {listed.map(radio)}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
        {cut && (
          <Text size="sm" c="dimmed" role="status">
            {t('screens.holdingStep.moreMatches', { count: holdingSearchMaxResults })}
          </Text>
        )}
        {searching && results.isSuccess && results.data.length === 0 && (
          <Text c="dimmed">{t('holdingStep.noResults')}</Text>
        )}
        {!searching && holdings.length === 0 && <Text c="dimmed">{t('holdingStep.noHoldings')}</Text>}
        <NativeSelect
          label={t('holdingStep.cropYear')}
          value={year === undefined ? '' : String(year)}
          onChange={(event) => setYear(Number(event.currentTarget.value))}
          data={years.map((value) => String(value))}
          disabled={years.length === 0}
          error={holding && years.length === 0 ? t('holdingStep.noYears') : undefined}
        />
        <Button type="submit" disabled={!holding || year === undefined} loading={busy}>
          {t('holdingStep.continue')}
        </Button>
      </Stack>
    </form>
  );
}
