import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { NumberInput, type NumberInputProps } from './NumberInput.tsx';

type HarnessProps = Omit<NumberInputProps, 'label' | 'value' | 'onChange'> & {
  initial?: number;
  onChange: (value: number | undefined) => void;
};

function Harness({ initial, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NumberInput
        label="Area"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        {...props}
      />
      <output aria-label="Held value">{value === undefined ? 'undefined' : String(value)}</output>
    </>
  );
}

function renderInput(props: Omit<HarnessProps, 'onChange'> = {}) {
  const onChange = vi.fn();
  renderWithProviders(<Harness onChange={onChange} {...props} />);
  return { onChange, input: screen.getByLabelText(/^Area/) as HTMLInputElement };
}

const held = () => screen.getByLabelText('Held value').textContent;

describe('NumberInput', () => {
  it.each([
    ['12.5', 12.5],
    ['0', 0],
    ['-4', -4],
    ['', undefined],
    ['abc', undefined],
    ['12 ha', undefined],
  ])('reads %j as %j while typing', (typed, expected) => {
    const { input } = renderInput({ initial: 3 });
    fireEvent.change(input, { target: { value: typed } });
    expect(held()).toBe(String(expected));
  });

  it('reports only on blur with commit-on-blur', () => {
    const { input, onChange } = renderInput({ commitOnBlur: true });
    fireEvent.change(input, { target: { value: '7.25' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith(7.25);
  });

  it('reports on Enter with commit-on-blur', () => {
    const { input, onChange } = renderInput({ commitOnBlur: true });
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('empties non-numeric text on blur', () => {
    const { input } = renderInput({ initial: 5 });
    fireEvent.change(input, { target: { value: 'five' } });
    fireEvent.blur(input);
    expect(input.value).toBe('');
    expect(held()).toBe('undefined');
  });

  it.each([
    ['-2', '0'],
    ['250', '100'],
    ['42', '42'],
  ])('brings %s within min 0 and max 100 on blur', (typed, expected) => {
    const { input } = renderInput({ min: 0, max: 100 });
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(held()).toBe(expected);
    expect(input.value).toBe(expected);
  });

  it('says why a typed value is out of range until the input is left', () => {
    const { input } = renderInput({ min: 10, initial: 12 });
    fireEvent.change(input, { target: { value: '5' } });
    expect(screen.getByText('The value must be at least 10.')).toBeTruthy();
    // Out of range is not reported while typing: it may be the start of a larger number.
    expect(held()).toBe('12');
  });

  it('asks for a required value once left empty', () => {
    const { input } = renderInput({ required: true, initial: 2 });
    expect(screen.queryByText('A number is required.')).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(screen.getByText('A number is required.')).toBeTruthy();
  });

  it.each([
    [{ leadingZeros: 2 }, 5, '05'],
    [{ leadingZeros: 3, decimals: 1 }, 7.25, '007.3'],
    [{ decimals: 2 }, 12.3, '12.30'],
  ])('shows the value in its display format %j', (format, initial, shown) => {
    const { input } = renderInput({ ...format, initial });
    expect(input.value).toBe(shown);
  });

  it('formats a typed value when left', () => {
    const { input } = renderInput({ leadingZeros: 2 });
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    expect(input.value).toBe('03');
  });

  it('steps with the arrow keys within the bounds', () => {
    const { input } = renderInput({ initial: 0.2, step: 0.1, max: 0.4 });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(held()).toBe('0.3');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(held()).toBe('0.4');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('0.3');
  });
});
