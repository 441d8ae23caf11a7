import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { IsoDate } from '@headland/domain/isoDate';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { dateLocale } from '../../../i18n/dateLocale.ts';
import { DatePicker } from './DatePicker.tsx';

/** A calendar day's accessible name, in the locale the picker uses. */
function dayName(date: IsoDate): string {
  return new Intl.DateTimeFormat(dateLocale('en', navigator.languages), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function Harness({
  initial,
  onChange,
}: {
  initial: IsoDate | null;
  onChange: (value: IsoDate | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DatePicker
      label="Sowing date"
      value={value}
      today={() => '2025-03-14'}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderPicker(initial: IsoDate | null = null) {
  const onChange = vi.fn();
  renderWithProviders(<Harness initial={initial} onChange={onChange} />);
  return { onChange, input: screen.getByLabelText('Sowing date') as HTMLInputElement };
}

function type(input: HTMLInputElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('DatePicker typing', () => {
  it('shows the value as dd/mm/yyyy', () => {
    const { input } = renderPicker('2024-10-01');
    expect(input.value).toBe('01/10/2024');
    expect(input).toHaveProperty('placeholder', 'dd/mm/yyyy');
  });

  it('refuses 31/02/2025: the value stays and the input says why', () => {
    const { input, onChange } = renderPicker('2025-02-10');
    type(input, '31/02/2025');
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('10/02/2025');
    expect(screen.getByText('This is not a valid date. Type it as dd/mm/yyyy.')).toBeTruthy();
  });

  it.each([
    ['1/2/2025', '2025-02-01', '01/02/2025'],
    ['29/02/2024', '2024-02-29', '29/02/2024'],
    [' 07/11/2025 ', '2025-11-07', '07/11/2025'],
  ])('takes %j as %s', (typed, expected, shown) => {
    const { input, onChange } = renderPicker();
    type(input, typed);
    expect(onChange).toHaveBeenCalledWith(expected);
    expect(input.value).toBe(shown);
    expect(screen.queryByText(/not a valid date/)).toBeNull();
  });

  it.each(['2025-02-01', '29/02/2025', '12/13/2025', 'tomorrow'])('refuses %j', (typed) => {
    const { input, onChange } = renderPicker();
    type(input, typed);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('takes a typed date on Enter', () => {
    const { input, onChange } = renderPicker();
    fireEvent.change(input, { target: { value: '05/06/2025' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('2025-06-05');
  });

  it('clears the value when the text is emptied', () => {
    const { input, onChange } = renderPicker('2025-02-10');
    type(input, '');
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe('DatePicker calendar', () => {
  function openCalendar() {
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar for Sowing date' }));
    return screen.getByRole('dialog', { name: 'Calendar for Sowing date' });
  }

  it("opens on the value's month with month and year selectors", () => {
    renderPicker('2024-10-01');
    const dialog = openCalendar();
    expect((within(dialog).getByLabelText('Month') as HTMLSelectElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Year') as HTMLSelectElement).value).toBe('2024');
    expect(
      within(dialog)
        .getByRole('button', { name: dayName('2024-10-01') })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('Today takes the current date and closes', () => {
    const { input, onChange } = renderPicker('2024-10-01');
    const dialog = openCalendar();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Today' }));
    expect(onChange).toHaveBeenCalledWith('2025-03-14');
    expect(input.value).toBe('14/03/2025');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Clear empties the date and closes', () => {
    const { input, onChange } = renderPicker('2024-10-01');
    const dialog = openCalendar();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(input.value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Ok takes the day picked in the month and year chosen', () => {
    const { input, onChange } = renderPicker('2024-10-01');
    const dialog = openCalendar();
    fireEvent.change(within(dialog).getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: dayName('2026-02-28') }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onChange).toHaveBeenCalledWith('2026-02-28');
    expect(input.value).toBe('28/02/2026');
  });

  it('Ok without a pick keeps the value', () => {
    const { onChange } = renderPicker('2024-10-01');
    const dialog = openCalendar();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
