import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorSwatch, Select } from '@mantine/core';
import { cropColour, cropDefinitions } from '@headland/domain/crops';
import { CropLabel, cssColour } from './CropLabel.tsx';
import { cropName } from '../../../i18n/cropNames.ts';

export interface CropPickerProps {
  label: string;
  value: number | null;
  onChange: (cropId: number | null) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
}

/**
 * A searchable crop list, each crop shown with its colour. Hidden crops are not offered, except the one a
 * cropping already has, so that opening an old cropping does not lose its crop.
 */
export function CropPicker({ label, value, onChange, onBlur, required, disabled, error }: CropPickerProps) {
  const { t, i18n } = useTranslation();
  const data = useMemo(
    () =>
      cropDefinitions
        .filter((crop) => !crop.hidden || crop.id === value)
        .map((crop) => ({ value: String(crop.id), label: cropName(t, crop.id) ?? crop.name }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [value, t, i18n.language],
  );
  return (
    <Select
      label={label}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(selected) => onChange(selected === null ? null : Number(selected))}
      onBlur={onBlur}
      searchable
      required={required}
      disabled={disabled}
      error={error}
      allowDeselect={false}
      nothingFoundMessage={t('fields.cropping.noCropFound')}
      leftSection={
        value === null ? undefined : (
          <ColorSwatch color={cssColour(cropColour(value))} size={14} aria-hidden="true" />
        )
      }
      renderOption={({ option }) => (
        <CropLabel label={option.label} colour={cropColour(Number(option.value))} />
      )}
    />
  );
}
