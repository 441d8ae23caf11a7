import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Popover,
  Stack,
  Table,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { defaultMinDateYear } from '@headland/domain/croppingDates';
import {
  formatDisplayDate,
  isoDateFromLocalDate,
  parseDisplayDate,
  parseIsoDate,
  type IsoDate,
} from '@headland/domain/isoDate';
import { dateLocale } from '../../../i18n/dateLocale.ts';
import { calendarWeeks, shiftMonth } from './calendarMonth.ts';

export interface DatePickerProps {
  /** The accessible label, in the spec's wording. */
  label: string;
  value: IsoDate | null;
  /** Called with a real date, or null when the date is cleared; never with a date that was refused. */
  onChange: (value: IsoDate | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  /** First and last years the year selector offers; the current value's year is always offered. */
  minYear?: number;
  maxYear?: number;
  /** Today's date; tests fix it, the app reads the clock. */
  today?: () => IsoDate;
}

const yearsAheadOffered = 10;

function readToday(): IsoDate {
  return isoDateFromLocalDate(new Date());
}

function monthOf(date: IsoDate): { year: number; month: number } {
  const parts = parseIsoDate(date);
  return parts ? { year: parts.year, month: parts.month } : { year: 2000, month: 1 };
}

/**
 * A date field: a text input taking dd/mm/yyyy, and a calendar button opening a popup with month and year
 * selectors and Today, Clear and Ok buttons (fields-croppings-maps §2). A typed date is taken when the input
 * loses focus or Enter is pressed; one that is not a real date (31/02/2025) is refused: the value stays as it
 * was and the input says why.
 */
export function DatePicker({
  label,
  value,
  onChange,
  required,
  disabled,
  error,
  description,
  minYear = defaultMinDateYear,
  maxYear,
  today = readToday,
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = dateLocale(i18n.language, navigator.languages);
  const dialogId = useId();
  const [text, setText] = useState(value ? formatDisplayDate(value) : '');
  const [refused, setRefused] = useState(false);
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState(() => monthOf(value ?? today()));
  const [pending, setPending] = useState<IsoDate | null>(value);

  // A value changed from outside (a reset form, another cropping) replaces whatever the input shows.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value ? formatDisplayDate(value) : '');
  }

  const lastYear = maxYear ?? monthOf(today()).year + yearsAheadOffered;
  const years = useMemo(() => {
    const list: number[] = [];
    for (let year = Math.min(minYear, view.year); year <= Math.max(lastYear, view.year); year += 1)
      list.push(year);
    return list;
  }, [minYear, lastYear, view.year]);

  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2001, index, 1))));
  }, [locale]);
  const weekdayNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    // 1 January 2001 was a Monday.
    return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2001, 0, 1 + index))));
  }, [locale]);
  const longDate = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    [locale],
  );

  const commitText = () => {
    const typed = text.trim();
    if (typed === '') {
      setRefused(false);
      if (value !== null) onChange(null);
      return;
    }
    const parsed = parseDisplayDate(typed);
    if (parsed === undefined) {
      setRefused(true);
      setText(value ? formatDisplayDate(value) : '');
      return;
    }
    setRefused(false);
    setText(formatDisplayDate(parsed));
    if (parsed !== value) onChange(parsed);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitText();
    }
  };

  const openCalendar = () => {
    setPending(value);
    setView(monthOf(value ?? today()));
    setOpened(true);
  };

  const choose = (date: IsoDate | null) => {
    setRefused(false);
    setOpened(false);
    if (date !== value) onChange(date);
  };

  const handleToday = () => choose(today());
  const handleClear = () => choose(null);
  const handleOk = () => choose(pending);

  const handleMonthStep = (by: number) => setView((current) => shiftMonth(current.year, current.month, by));

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      trapFocus
      returnFocus
      withinPortal
      // The calendar button carries the popup's roles: a text box may not say it is expanded.
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          label={label}
          placeholder={t('fields.datePicker.placeholder')}
          value={text}
          required={required}
          disabled={disabled}
          description={description}
          error={refused ? t('fields.datePicker.refused') : error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setRefused(false);
          }}
          onBlur={commitText}
          onKeyDown={handleKeyDown}
          autoComplete="off"
          rightSectionPointerEvents="all"
          rightSection={
            <ActionIcon
              variant="subtle"
              aria-label={t('fields.datePicker.open', { label })}
              aria-haspopup="dialog"
              aria-expanded={opened}
              aria-controls={opened ? dialogId : undefined}
              disabled={disabled}
              onClick={() => (opened ? setOpened(false) : openCalendar())}
            >
              <CalendarIcon />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" id={dialogId} role="dialog" aria-label={t('fields.datePicker.dialog', { label })}>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('fields.datePicker.previousMonth')}
              onClick={() => handleMonthStep(-1)}
            >
              ‹
            </ActionIcon>
            <NativeSelect
              aria-label={t('fields.datePicker.month')}
              value={String(view.month)}
              onChange={(event) => setView({ ...view, month: Number(event.currentTarget.value) })}
              data={monthNames.map((name, index) => ({ value: String(index + 1), label: name }))}
            />
            <NativeSelect
              aria-label={t('fields.datePicker.year')}
              value={String(view.year)}
              onChange={(event) => setView({ ...view, year: Number(event.currentTarget.value) })}
              data={years.map((year) => String(year))}
            />
            <ActionIcon
              variant="subtle"
              aria-label={t('fields.datePicker.nextMonth')}
              onClick={() => handleMonthStep(1)}
            >
              ›
            </ActionIcon>
          </Group>
          <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing={0} ta="center">
            <Table.Thead>
              <Table.Tr>
                {weekdayNames.map((name) => (
                  <Table.Th key={name} ta="center" fz="xs">
                    {name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calendarWeeks(view.year, view.month).map((week) => (
                <Table.Tr key={week[0]!.date}>
                  {week.map((cell) => {
                    const chosen = cell.date === pending;
                    return (
                      <Table.Td key={cell.date} p={1}>
                        <UnstyledButton
                          w={32}
                          h={28}
                          ta="center"
                          aria-label={longDate.format(new Date(`${cell.date}T00:00:00Z`))}
                          aria-pressed={chosen}
                          onClick={() => setPending(cell.date)}
                          onDoubleClick={() => choose(cell.date)}
                          bg={chosen ? 'var(--mantine-primary-color-filled)' : undefined}
                          c={chosen ? 'white' : cell.inMonth ? undefined : 'dimmed'}
                          style={{ borderRadius: 4 }}
                        >
                          {cell.day}
                        </UnstyledButton>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" gap="xs">
            <Button size="xs" variant="default" onClick={handleToday}>
              {t('fields.datePicker.today')}
            </Button>
            <Button size="xs" variant="default" onClick={handleClear}>
              {t('fields.datePicker.clear')}
            </Button>
            <Button size="xs" onClick={handleOk}>
              {t('fields.datePicker.ok')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function CalendarIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
