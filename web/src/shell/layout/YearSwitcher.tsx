import { useTranslation } from 'react-i18next';
import { Button, Menu } from '@mantine/core';

export interface YearSwitcherProps {
  years: readonly number[];
  current: number;
  /** Offers opening the year after the latest one, to users who may change holdings outside read-only sessions. */
  canOpenNewYear: boolean;
  onChange(yearId: number): void;
  onOpenNewYear(): void;
}

/** The crop year of the session: the holding's years, newest first, and opening a new one. */
export function YearSwitcher({ years, current, canOpenNewYear, onChange, onOpenNewYear }: YearSwitcherProps) {
  const { t } = useTranslation();
  const sorted = [...years].sort((a, b) => b - a);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          aria-label={t('accessibleNames.cropYearButton', { year: current })}
          title={t('header.cropYear')}
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.cropYear')}</Menu.Label>
        {sorted.map((year) => (
          <Menu.Item
            key={year}
            onClick={() => onChange(year)}
            aria-current={year === current ? 'true' : undefined}
            fw={year === current ? 700 : undefined}
          >
            {year}
          </Menu.Item>
        ))}
        {canOpenNewYear && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={onOpenNewYear}>{t('header.openNewYear')}</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
