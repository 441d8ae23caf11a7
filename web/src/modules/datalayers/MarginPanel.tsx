import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import type { FieldMap } from '../../map/FieldMap.ts';
import type { MarginPicker, MarginPickerState } from '../../map/margin/MarginPicker.ts';
import { areaText, lengthText } from '../../map/measure/measureFormat.ts';
import { defaultMarginWidthMetres } from '../../map/mapConstants.ts';

export interface MarginPanelProps {
  fieldMap: FieldMap;
  fieldId: number;
  fieldName: string;
  onClose: () => void;
}

/** The margin picker's panel: width, direction, whole boundary, and the margin's area and length. */
export function MarginPanel({ fieldMap, fieldId, fieldName, onClose }: MarginPanelProps) {
  const { t } = useTranslation();
  const [picker, setPicker] = useState<MarginPicker | null>(null);
  const [state, setState] = useState<MarginPickerState | null>(null);

  useEffect(() => {
    const boundary = fieldMap.fieldFeature(fieldId)?.getGeometry() as MultiPolygon | undefined;
    if (!boundary) return;
    let disposed = false;
    let created: MarginPicker | null = null;
    void import('../../map/margin/MarginPicker.ts').then(({ MarginPicker }) => {
      if (disposed) return;
      created = new MarginPicker({ boundary, onChange: setState });
      fieldMap.setPointerTools(false);
      fieldMap.map.addInteraction(created);
      setState(created.state);
      setPicker(created);
    });
    return () => {
      disposed = true;
      if (created) fieldMap.map.removeInteraction(created);
      fieldMap.setPointerTools(true);
    };
  }, [fieldMap, fieldId]);

  const title = t('map.margin.title', { name: fieldName });
  return (
    <Paper shadow="md" p="sm" withBorder w={300} role="dialog" aria-label={title}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed" aria-live="polite">
          {t(`map.margin.steps.${state?.wholeRing ? 'wholeRing' : (state?.step ?? 'pickFirst')}`)}
        </Text>
        <NumberInput
          size="xs"
          label={t('map.margin.width')}
          min={0.5}
          max={100}
          step={0.5}
          decimalScale={1}
          defaultValue={defaultMarginWidthMetres}
          onChange={(value) => {
            const width = typeof value === 'number' ? value : Number.parseFloat(value);
            if (Number.isFinite(width) && width > 0) picker?.setWidth(width);
          }}
        />
        <Switch
          size="xs"
          label={t('map.margin.wholeRing')}
          checked={state?.wholeRing ?? false}
          onChange={(event) => picker?.setWholeRing(event.currentTarget.checked)}
        />
        {state?.area != null && state.length != null && (
          <Stack gap={0} aria-label={t('map.margin.dimensions')}>
            <Text size="sm">{t('map.margin.area', { value: areaText(state.area) })}</Text>
            <Text size="sm">{t('map.margin.length', { value: lengthText(state.length) })}</Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!state || state.wholeRing || state.step === 'pickFirst'}
            onClick={() => picker?.flipDirection()}
          >
            {t('map.margin.flip')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={state?.step === 'pickFirst'}
            onClick={() => picker?.escape()}
          >
            {t('map.margin.clear')}
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            {t('map.close')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
