import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFilterShortcut } from '../../shell/help/filterShortcut.ts';

export interface UserFilterProps {
  value: string;
  onChange(value: string): void;
}

/** The 'Filter by user name' box each tab shows; the text is shared by all tabs. */
export function UserFilter({ value, onChange }: UserFilterProps) {
  const { t } = useTranslation();
  const filterRef = useFilterShortcut();
  return (
    <TextInput
      ref={filterRef}
      label={t('permissions.filter')}
      type="search"
      maw={320}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
