import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { FieldMap } from '../../map/FieldMap.ts';
import type { Measurement } from '../../map/measure/measureGeometry.ts';
import { areaText, lengthText } from '../../map/measure/measureFormat.ts';
import {
  canClearMeasures,
  canStartMeasure,
  initialMeasureState,
  type MeasureKind,
  type MeasureState,
} from '../../map/measure/measureState.ts';
import type { MeasureTool } from '../../map/measure/MeasureTool.ts';

export interface ToolsPanelProps {
  fieldMap: FieldMap;
  /** Measure on the British National Grid where it applies (the main brand). */
  nationalGrid: boolean;
  onClose: () => void;
}

/**
 * The tools panel: measure lengths (whole metres) and areas (hectares, 2 decimals), Clear and Close. The
 * measuring code is loaded the first time the panel opens; closing the panel removes the measures.
 */
export function ToolsPanel({ fieldMap, nationalGrid, onClose }: ToolsPanelProps) {
  const { t } = useTranslation();
  const [tool, setTool] = useState<MeasureTool | null>(null);
  const [state, setState] = useState<MeasureState>(initialMeasureState);
  const [live, setLive] = useState<Measurement | null>(null);
  const textRef = useRef(t);
  useLayoutEffect(() => {
    textRef.current = t;
  });

  useEffect(() => {
    let disposed = false;
    let created: MeasureTool | null = null;
    void import('../../map/measure/MeasureTool.ts').then(({ MeasureTool }) => {
      if (disposed) return;
      created = new MeasureTool({
        map: fieldMap.map,
        nationalGrid,
        formatMeasure: (kind, value) => formatMeasure(textRef.current, kind, value),
        onChange: (next, measurement) => {
          setState(next);
          setLive(measurement);
        },
      });
      // While the tools are open, clicks on the map are for measuring: selection, context menu and tooltip stay
      // out of the way (a double-click ending a line would otherwise open the context menu).
      fieldMap.setPointerTools(false);
      setTool(created);
    });
    return () => {
      disposed = true;
      created?.dispose();
      fieldMap.setPointerTools(true);
    };
  }, [fieldMap, nationalGrid]);

  const start = (kind: MeasureKind) => tool?.start(kind);
  const drawing = state.status === 'drawing' ? state.kind : null;

  return (
    <Paper shadow="md" p="sm" withBorder w={280} role="dialog" aria-label={t('map.tools.title')}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('map.tools.title')}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant={drawing === 'length' ? 'filled' : 'light'}
            disabled={!tool || !canStartMeasure(state)}
            onClick={() => start('length')}
          >
            {t('map.tools.measureLength')}
          </Button>
          <Button
            size="xs"
            variant={drawing === 'area' ? 'filled' : 'light'}
            disabled={!tool || !canStartMeasure(state)}
            onClick={() => start('area')}
          >
            {t('map.tools.measureArea')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" aria-live="polite">
          {drawing
            ? t(drawing === 'length' ? 'map.tools.drawingLength' : 'map.tools.drawingArea')
            : t(state.status === 'finished' ? 'map.tools.finished' : 'map.tools.idle')}
        </Text>
        {drawing && live && (
          <Text size="sm" aria-label={t('map.tools.current')}>
            {formatMeasure(t, drawing, live.value)}
          </Text>
        )}
        {state.measures.length > 0 && (
          <List size="sm" spacing={2} aria-label={t('map.tools.measures')}>
            {state.measures.map((measure) => (
              <List.Item key={measure.id} title={t(`map.tools.method.${measure.method}`)}>
                {t(measure.kind === 'length' ? 'map.tools.lengthItem' : 'map.tools.areaItem', {
                  number: state.measures.filter((each) => each.kind === measure.kind && each.id <= measure.id)
                    .length,
                  value: formatMeasure(t, measure.kind, measure.value),
                })}
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end" gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!canClearMeasures(state)}
            onClick={() => tool?.clear()}
          >
            {t('map.tools.clear')}
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            {t('map.tools.close')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function formatMeasure(
  t: (key: string, options?: Record<string, unknown>) => string,
  kind: MeasureKind,
  value: number,
) {
  return kind === 'length'
    ? t('map.units.metres', { value: lengthText(value) })
    : t('map.units.hectares', { value: areaText(value) });
}
