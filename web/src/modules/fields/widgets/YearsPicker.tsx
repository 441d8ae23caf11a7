import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, Popover, Stack } from '@mantine/core';

export interface YearsPickerProps {
  /** Every year that can be chosen. */
  years: readonly number[];
  currentYear: number;
  value: readonly number[];
  onChange: (years: number[]) => void;
}

/**
 * Chooses the crop years the timeline shows (fields-croppings-maps §2): a box per year, with None, Current
 * Year and All as shortcuts. The choice is applied by Ok; closing the popup otherwise keeps the years shown.
 */
export function YearsPicker({ years, currentYear, value, onChange }: YearsPickerProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState<number[]>([...value]);
  const sortedYears = [...years].sort((a, b) => a - b);
  const chosen = [...value].sort((a, b) => a - b);

  const open = () => {
    setPending([...value]);
    setOpened(true);
  };
  const handleOk = () => {
    onChange([...pending].sort((a, b) => a - b));
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          onClick={() => (opened ? setOpened(false) : open())}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {t('fields.yearsPicker.button', {
            years: chosen.length === 0 ? t('fields.yearsPicker.noneChosen') : chosen.join(', '),
          })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="dialog" aria-label={t('fields.yearsPicker.dialog')}>
          <Checkbox.Group
            label={t('fields.yearsPicker.years')}
            value={pending.map(String)}
            onChange={(checked) => setPending(checked.map(Number))}
          >
            <Stack gap={4} mt={4}>
              {sortedYears.map((year) => (
                <Checkbox key={year} value={String(year)} label={String(year)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setPending([])}>
              {t('fields.yearsPicker.none')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setPending([currentYear])}>
              {t('fields.yearsPicker.current')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setPending([...sortedYears])}>
              {t('fields.yearsPicker.all')}
            </Button>
            <Button size="xs" onClick={handleOk}>
              {t('fields.yearsPicker.ok')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
