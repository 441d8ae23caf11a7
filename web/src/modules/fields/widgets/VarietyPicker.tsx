import { useMemo } from 'react';
import { Autocomplete } from '@mantine/core';

export interface VarietyOption {
  VarietyId: number | null;
  Name: string;
  CropId: number;
}

export interface VarietyPickerProps {
  label: string;
  cropId: number | null;
  /** The variety name as typed or picked. */
  value: string;
  options: readonly VarietyOption[];
  onChange: (variety: { VarietyId: number | null; VarietyName: string }) => void;
  disabled?: boolean;
}

const normalise = (name: string) => name.trim().toLocaleLowerCase('en-GB');

/**
 * The variety of a cropping: the known varieties of the chosen crop are offered, and any other name may be
 * typed. Picking (or typing) a known variety's name links the cropping to it; another name is kept as text.
 */
export function VarietyPicker({ label, cropId, value, options, onChange, disabled }: VarietyPickerProps) {
  const ofCrop = useMemo(() => {
    const byName = new Map<string, VarietyOption>();
    for (const option of options) {
      if (option.CropId !== cropId || option.Name.trim() === '') continue;
      const known = byName.get(normalise(option.Name));
      // The same name may come linked and unlinked; the linked one wins.
      if (!known || (known.VarietyId === null && option.VarietyId !== null))
        byName.set(normalise(option.Name), option);
    }
    return [...byName.values()].sort((a, b) => a.Name.localeCompare(b.Name, 'en-GB'));
  }, [options, cropId]);

  const handleChange = (typed: string) => {
    const known = ofCrop.find((option) => normalise(option.Name) === normalise(typed));
    onChange({ VarietyId: known?.VarietyId ?? null, VarietyName: typed });
  };

  return (
    <Autocomplete
      label={label}
      value={value}
      onChange={handleChange}
      data={ofCrop.map((option) => option.Name)}
      disabled={disabled || cropId === null}
    />
  );
}
