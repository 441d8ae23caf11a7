import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { YearsPicker } from './YearsPicker.tsx';

function Harness({ onChange }: { onChange: (years: number[]) => void }) {
  const [years, setYears] = useState([2024, 2025]);
  return (
    <YearsPicker
      years={[2022, 2023, 2024, 2025]}
      currentYear={2025}
      value={years}
      onChange={(next) => {
        setYears(next);
        onChange(next);
      }}
    />
  );
}

function open() {
  fireEvent.click(screen.getByRole('button', { name: /^Years:/ }));
  return screen.getByRole('dialog', { name: 'Years to show' });
}

function checkedYears(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.getAttribute('value') ?? '');
}

function renderPicker() {
  const onChange = vi.fn();
  renderWithProviders(<Harness onChange={onChange} />);
  return onChange;
}

describe('YearsPicker', () => {
  it('shows the chosen years and ticks them in the popup', () => {
    renderPicker();
    expect(screen.getByRole('button', { name: 'Years: 2024, 2025' })).toBeTruthy();
    expect(checkedYears(open())).toEqual(['2024', '2025']);
  });

  it.each([
    ['None', []],
    ['Current Year', [2025]],
    ['All', [2022, 2023, 2024, 2025]],
  ])('%s then Ok chooses %j', (shortcut, expected) => {
    const onChange = renderPicker();
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('button', { name: shortcut }));
    expect(checkedYears(dialog)).toEqual(expected.map(String));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onChange).toHaveBeenCalledWith(expected);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('applies single boxes ticked by hand, in year order', () => {
    const onChange = renderPicker();
    const dialog = open();
    fireEvent.click(within(dialog).getByLabelText('2022'));
    fireEvent.click(within(dialog).getByLabelText('2025'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onChange).toHaveBeenCalledWith([2022, 2024]);
    expect(screen.getByRole('button', { name: 'Years: 2022, 2024' })).toBeTruthy();
  });

  it('keeps the years when closed without Ok', () => {
    const onChange = renderPicker();
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'None' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onChange).not.toHaveBeenCalled();
    expect(checkedYears(open())).toEqual(['2024', '2025']);
  });
});
