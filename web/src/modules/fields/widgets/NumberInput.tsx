import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@mantine/core';
import {
  clampNumber,
  formatNumberText,
  parseNumberText,
  stepNumber,
  type NumberFormat,
} from './numberText.ts';

export interface NumberInputProps extends NumberFormat {
  /** The accessible label, in the spec's wording. */
  label: string;
  value: number | undefined;
  /** Called with a number within min and max, or undefined when the input is empty or not a number. */
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  /** What the arrow keys add or take away; 1 by default. */
  step?: number;
  required?: boolean;
  /** Reports the value only when the input loses focus (or on Enter), not at every key stroke. */
  commitOnBlur?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  /** Shown inside the input on the right, such as the unit. */
  unit?: ReactNode;
}

/**
 * A number input (fields-croppings-maps §2): it parses a float, and empty or non-numeric text gives undefined.
 * A value beyond min or max is brought back to the bound when the input is left, so the value it reports is
 * always within range. When not being typed in, the value shows in its display format (leading zeros,
 * decimals).
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  required,
  commitOnBlur,
  disabled,
  error,
  description,
  unit,
  leadingZeros,
  decimals,
}: NumberInputProps) {
  const { t } = useTranslation();
  const format = { leadingZeros, decimals };
  const [text, setText] = useState(() => formatNumberText(value, format));
  const [touched, setTouched] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // A value changed from outside replaces the text; one this input reported already matches it.
    setShownValue(value);
    if (parseNumberText(text) !== value) setText(formatNumberText(value, format));
  }

  const report = (next: number | undefined) => {
    setShownValue(next);
    if (next !== value) onChange(next);
  };

  const commit = () => {
    const parsed = parseNumberText(text);
    const next = parsed === undefined ? undefined : clampNumber(parsed, min, max);
    setTouched(true);
    setText(formatNumberText(next, format));
    report(next);
  };

  const handleChange = (typed: string) => {
    setText(typed);
    if (commitOnBlur) return;
    const parsed = parseNumberText(typed);
    // Out of range is not reported while typing: '1' on the way to '15' with min 10 must not count.
    if (parsed === undefined || clampNumber(parsed, min, max) === parsed) report(parsed);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      commit();
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const base = parseNumberText(text) ?? value ?? min ?? 0;
    const next = clampNumber(stepNumber(base, step, event.key === 'ArrowUp' ? 1 : -1), min, max);
    setText(formatNumberText(next, format));
    report(next);
  };

  const parsedText = parseNumberText(text);
  let problem: ReactNode = error;
  if (!problem && touched && required && value === undefined) problem = t('fields.numberInput.required');
  if (!problem && parsedText !== undefined && min !== undefined && parsedText < min) {
    problem = t('fields.numberInput.min', { min });
  }
  if (!problem && parsedText !== undefined && max !== undefined && parsedText > max) {
    problem = t('fields.numberInput.max', { max });
  }

  return (
    <TextInput
      label={label}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      required={required}
      disabled={disabled}
      description={description}
      error={problem}
      rightSection={unit}
      rightSectionWidth={unit ? 40 : undefined}
      role="spinbutton"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      onChange={(event) => handleChange(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={handleKeyDown}
    />
  );
}
