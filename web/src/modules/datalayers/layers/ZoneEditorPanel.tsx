import { formatArea } from '../../../i18n/numberFormat.ts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { DataLayer, LayerZone, RestoreZone, ZoneChangeResponse } from '@headland/domain/api/layersApi';
import { withFormulaSubscripts } from '@headland/domain/layers/colourScales';
import { rateUnitOf } from '@headland/domain/layers/rateUnits';
import {
  canResetZone,
  cancelZoneEdit,
  layerZonesChanged,
  parseRate,
  parseZoneValue,
  parseZoneNumber,
  startZoneEdit,
  zoneEditChanged,
  zoneLayerKind,
  zoneToolEnabled,
  type EditedZone,
  type TrackedLayerZone,
  type ZoneTool,
} from '@headland/domain/layers/zoneEditRules';
import type { FieldMap } from '../../../map/FieldMap.ts';
import { ZoneEditor, type ZoneDrawing } from '../../../map/edit/ZoneEditor.ts';
import { useApiClient } from '../../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../../shell/session/AppSessionContext.tsx';
import { apiFailureCode, apiFailureMessage } from './apiFailure.ts';
import { useLayerFormats } from './LayerLegend.tsx';
import { layerZonesQuery, useLayerTotals, useZoneOperation, type ZoneOperation } from './layersQueries.ts';

/** What change tracking compares of a zone (§4: value, label, picture and geometry). */
function trackedZone(zone: LayerZone): TrackedLayerZone {
  return {
    Id: zone.DataLayerZoneId,
    Geometry: zone.Geometry?.WellKnownText ?? '',
    Value: zone.Value,
    Number: zone.Number,
    Label: zone.Label,
    DocumentId: zone.DocumentId,
  };
}

/** A zone as the layer had it when editing began, as Cancel sends it back. */
function restoredZone(zone: LayerZone): RestoreZone {
  return {
    DataLayerZoneId: zone.DataLayerZoneId,
    Geometry: { WellKnownText: zone.Geometry?.WellKnownText ?? '', CoordinateSystemId: 4326 },
    Number: zone.Number,
    Value: zone.Value,
    Label: zone.Label,
    DocumentId: zone.DocumentId,
    UserDefined: zone.UserDefined,
    ProductRate: zone.ProductRate,
    Style: zone.Style,
    Buffer: zone.Buffer,
    RegularShape: zone.RegularShape,
    InitValue: zone.InitValue,
    InitProductRate: zone.InitProductRate,
  };
}

export interface ZoneEditorPanelProps {
  fieldMap: FieldMap;
  layer: DataLayer;
  onClose: () => void;
}

/**
 * The zone editor of a data layer: the zone tools (draw polygon, circle, rectangle or square and add it, cut,
 * split, merge), the zones with their number, value or rate and label, Save, Cancel (restoring what was there)
 * and Reset, and for application layers the field and plan totals. Every geometry is made by the server.
 */
export function ZoneEditorPanel({ fieldMap, layer, onClose }: ZoneEditorPanelProps) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const session = useAppSession();
  const { formatNumber } = useLayerFormats();
  const zonesQuery = useQuery(layerZonesQuery(api, session.holding.HoldingId, layer.DataLayerId));
  const zones = useMemo(() => zonesQuery.data?.Zones ?? [], [zonesQuery.data]);
  const kind = zoneLayerKind(layer.TypeId);
  const operation = useZoneOperation(layer.DataLayerId);
  const totals = useLayerTotals(kind === 'application');
  const [tool, setTool] = useState<ZoneTool | null>(null);
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [newValue, setNewValue] = useState('');
  const [edit, setEdit] = useState<{ zoneId: number; zone: EditedZone; rate: string; number: string } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  // The zones as they were when editing began: Cancel puts the layer back to them, geometry included.
  const [initialZones, setInitialZones] = useState<LayerZone[] | null>(null);
  if (initialZones === null && zonesQuery.data) setInitialZones(zonesQuery.data.Zones);
  const zonesChanged = useMemo(
    () => initialZones !== null && layerZonesChanged(initialZones.map(trackedZone), zones.map(trackedZone)),
    [initialZones, zones],
  );
  const rateUnit = layer.RateUnitId ? rateUnitOf(layer.RateUnitId) : undefined;
  const unitName = rateUnit?.Name ?? layer.Unit ?? '';

  const send = (request: ZoneOperation, after?: (result: ZoneChangeResponse) => void) => {
    setProblem(null);
    operation.mutate(request, {
      onSuccess: (result) => after?.(result),
      onError: (failure) =>
        setProblem(
          apiFailureCode(failure) === 'invalidMerge'
            ? t('layers.editor.invalidMerge')
            : t('layers.editor.failed', { message: apiFailureMessage(failure, i18n) }),
        ),
    });
  };
  /** A finished drawing: the shape added (with the value typed for it) or cut, or the line splitting the zone. */
  const handleDrawn = (drawing: ZoneDrawing) => {
    if (drawing.kind === 'line') {
      const zoneId = selected[0];
      if (zoneId !== undefined) send({ kind: 'split', body: { ZoneId: zoneId, Line: drawing.line } });
      return;
    }
    if (drawing.tool === 'cut') {
      send({ kind: 'cut', body: drawing.shape });
      return;
    }
    const value = parseRate(newValue);
    const values =
      value.problem === null
        ? kind === 'application'
          ? { ProductRate: value.value }
          : { Value: value.value }
        : {};
    send({ kind: 'add', body: { ...values, ...drawing.shape } });
  };

  /** Clicking a zone of this layer selects it (several for merge). */
  const handleZonePicked = (id: number) =>
    setSelected((current) =>
      tool === 'merge'
        ? current.includes(id)
          ? current.filter((other) => other !== id)
          : [...current, id]
        : [id],
    );

  // The map's side of the editor hears the latest handlers, without being made again when they change.
  const handlers = useRef({ handleDrawn, handleZonePicked });
  useLayoutEffect(() => {
    handlers.current = { handleDrawn, handleZonePicked };
  });

  // The editor owns the pointer while open: no tooltip, context menu or field selection meanwhile (§4 Map edit
  // modes).
  const [editor, setEditor] = useState<ZoneEditor | null>(null);
  useEffect(() => {
    const created = new ZoneEditor({
      map: fieldMap.map,
      layerId: layer.DataLayerId,
      setPointerTools: (enabled) => fieldMap.setPointerTools(enabled),
      onDrawn: (drawing) => handlers.current.handleDrawn(drawing),
      onZonePicked: (zoneId) => handlers.current.handleZonePicked(zoneId),
    });
    setEditor(created);
    return () => {
      created.dispose();
      setEditor(null);
    };
  }, [fieldMap, layer.DataLayerId]);

  // In split mode the first click picks the zone; the clicks after it draw the line.
  useEffect(() => editor?.setTool(tool, selected.length), [editor, tool, selected.length]);

  // Outlines the selected zones.
  useEffect(() => {
    editor?.showSelection(
      zones.flatMap((zone) =>
        selected.includes(zone.DataLayerZoneId) && zone.Geometry?.WellKnownText
          ? [zone.Geometry.WellKnownText]
          : [],
      ),
    );
  }, [editor, zones, selected]);

  const chooseTool = (next: ZoneTool) => {
    setProblem(null);
    setTool((current) => (current === next ? null : next));
    if (next === 'split' ? selected.length !== 1 : next !== 'merge') setSelected([]);
  };

  const openZone = (zone: LayerZone) => {
    setEdit({
      zoneId: zone.DataLayerZoneId,
      zone: startZoneEdit({
        Geometry: zone.Geometry?.WellKnownText ?? '',
        Value: zone.Value,
        Number: zone.Number,
        Label: zone.Label,
        DocumentId: zone.DocumentId,
      }),
      rate: String((kind === 'application' ? zone.ProductRate : zone.Value) ?? ''),
      number: zone.Number === null ? '' : String(zone.Number),
    });
    setSelected([zone.DataLayerZoneId]);
  };

  const editedZone = edit ? zones.find((zone) => zone.DataLayerZoneId === edit.zoneId) : undefined;
  const numberCheck = edit ? parseZoneNumber(edit.number) : null;
  const rateCheck = edit ? parseZoneValue(edit.rate, layer.TypeId) : null;
  const rateError =
    rateCheck?.problem === 'required'
      ? t('layers.editor.rateRequired')
      : rateCheck?.problem === 'negative'
        ? t('layers.editor.rateNegative')
        : null;

  const handleSave = () => {
    if (!edit || !numberCheck || numberCheck.problem || !rateCheck || rateCheck.problem) return;
    send(
      {
        kind: 'edit',
        zoneId: edit.zoneId,
        body: {
          Number: numberCheck.value,
          Label: edit.zone.current.Label,
          ...(kind === 'application' ? { ProductRate: rateCheck.value } : { Value: rateCheck.value }),
        },
      },
      () => setEdit(null),
    );
  };

  /** Cancel puts back the zone's number, value and label as they were when the zone was opened. */
  const handleCancel = () => {
    if (!edit) return;
    const restored = cancelZoneEdit(edit.zone);
    const initialZone = zones.find((zone) => zone.DataLayerZoneId === edit.zoneId);
    const initialRate = kind === 'application' ? initialZone?.ProductRate : restored.current.Value;
    setEdit({
      ...edit,
      zone: restored,
      rate: initialRate === null || initialRate === undefined ? '' : String(initialRate),
      number: restored.current.Number === null ? '' : String(restored.current.Number),
    });
  };

  /** Cancel of the editor: the layer's zones put back as they were when editing began (one call). */
  const handleCancelAll = () => {
    if (!initialZones) return;
    send({ kind: 'restore', body: { Zones: initialZones.map(restoredZone) } }, (result) => {
      // Zones re-created have new ids: the restored set is where editing starts again.
      const order = new Map(initialZones.map((zone, index) => [zone.DataLayerZoneId, index]));
      const restored = [...result.Changed, ...result.Added];
      restored.sort(
        (a, b) =>
          (order.get(a.DataLayerZoneId) ?? restored.length) -
          (order.get(b.DataLayerZoneId) ?? restored.length),
      );
      setInitialZones(restored);
      setEdit(null);
      setSelected([]);
      setTool(null);
    });
  };

  const fieldTotals = totals.data?.Fields.filter((total) => total.LayerId === layer.DataLayerId) ?? [];
  const planTotals = totals.data?.Plans.filter((total) => total.PlanName === layer.PlanName) ?? [];
  const name = withFormulaSubscripts(layer.Name);
  const valueHeading =
    kind === 'application' ? t('layers.editor.rate', { unit: unitName }) : t('layers.editor.value');

  return (
    <Paper
      role="dialog"
      aria-label={t('layers.editor.title', { name })}
      shadow="md"
      withBorder
      p="sm"
      w={380}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('layers.editor.title', { name })}
          </Text>
          <CloseButton size="sm" aria-label={t('layers.editor.close')} onClick={onClose} />
        </Group>
        <Group gap={4} role="toolbar" aria-label={t('layers.editor.tools')}>
          {(
            ['drawPolygon', 'drawCircle', 'drawRectangle', 'drawSquare', 'cut', 'split', 'merge'] as const
          ).map((item) => (
            <Button
              key={item}
              size="compact-xs"
              variant={tool === item ? 'filled' : 'default'}
              aria-pressed={tool === item}
              onClick={() => chooseTool(item)}
            >
              {t(`layers.editor.${item}`)}
            </Button>
          ))}
        </Group>
        {tool !== null && (
          <Text size="xs" c="dimmed">
            {t(
              tool === 'cut'
                ? 'layers.editor.hint.cut'
                : tool === 'split'
                  ? 'layers.editor.hint.split'
                  : tool === 'merge'
                    ? 'layers.editor.hint.merge'
                    : tool === 'drawPolygon'
                      ? 'layers.editor.hint.draw'
                      : 'layers.editor.hint.shape',
            )}
          </Text>
        )}
        {tool?.startsWith('draw') && (
          <TextInput
            size="xs"
            label={
              kind === 'application'
                ? t('layers.editor.rate', { unit: unitName })
                : t('layers.editor.newValue')
            }
            inputMode="decimal"
            value={newValue}
            onChange={(event) => setNewValue(event.currentTarget.value)}
          />
        )}
        {(tool === 'merge' || tool === 'split') && (
          <Group gap="xs">
            <Text size="xs">{t('layers.editor.selectedZones', { count: selected.length })}</Text>
            {tool === 'merge' && (
              <Button
                size="xs"
                disabled={!zoneToolEnabled('merge', selected.length)}
                loading={operation.isPending}
                onClick={() =>
                  send({ kind: 'merge', body: { ZoneIds: [...selected] } }, () => setSelected([]))
                }
              >
                {t('layers.editor.mergeSelected')}
              </Button>
            )}
          </Group>
        )}
        {problem && (
          <Alert color="red" role="alert" p="xs">
            {problem}
          </Alert>
        )}

        <ScrollArea.Autosize mah={220}>
          {zones.length === 0 && !zonesQuery.isPending ? (
            <Text size="xs">{t('layers.editor.noZones')}</Text>
          ) : (
            <Table fz="xs" verticalSpacing={2} aria-label={t('layers.editor.zones')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('layers.editor.number')}</Table.Th>
                  <Table.Th>{valueHeading}</Table.Th>
                  <Table.Th>{t('layers.editor.label')}</Table.Th>
                  <Table.Th>{t('layers.editor.area')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {zones.map((zone) => {
                  const value = kind === 'application' ? zone.ProductRate : zone.Value;
                  return (
                    <Table.Tr
                      key={zone.DataLayerZoneId}
                      bg={selected.includes(zone.DataLayerZoneId) ? 'red.0' : undefined}
                    >
                      <Table.Td>
                        <UnstyledButton fz="xs" td="underline" onClick={() => openZone(zone)}>
                          {zone.Number ?? '–'}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        {value === null ? '' : formatNumber(value)}
                        {zone.UserDefined && (
                          <span
                            title={t('layers.editor.userDefined')}
                            aria-label={t('layers.editor.userDefined')}
                          >
                            {' *'}
                          </span>
                        )}
                      </Table.Td>
                      <Table.Td>{zone.Label ?? ''}</Table.Td>
                      <Table.Td>
                        {t('map.units.hectares', { value: formatArea(zone.Area, i18n.language) })}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </ScrollArea.Autosize>

        {edit && editedZone && (
          <Stack
            gap={4}
            role="group"
            aria-label={t('layers.editor.zone', { number: editedZone.Number ?? '' })}
          >
            <Text size="xs" fw={600}>
              {t('layers.editor.zone', { number: editedZone.Number ?? '' })}
            </Text>
            <Group gap="xs" grow>
              <TextInput
                size="xs"
                label={t('layers.editor.number')}
                inputMode="numeric"
                value={edit.number}
                error={numberCheck?.problem ? t('layers.editor.numberInvalid') : null}
                onChange={(event) => setEdit({ ...edit, number: event.currentTarget.value })}
              />
              <TextInput
                size="xs"
                label={valueHeading}
                inputMode="decimal"
                value={edit.rate}
                error={rateError}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  const parsed = parseZoneValue(text, layer.TypeId);
                  setEdit({
                    ...edit,
                    rate: text,
                    zone: { ...edit.zone, current: { ...edit.zone.current, Value: parsed.value } },
                  });
                }}
              />
            </Group>
            <TextInput
              size="xs"
              label={t('layers.editor.label')}
              maxLength={200}
              value={edit.zone.current.Label ?? ''}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setEdit({
                  ...edit,
                  zone: { ...edit.zone, current: { ...edit.zone.current, Label: text || null } },
                });
              }}
            />
            <Group gap="xs" justify="flex-end">
              {canResetZone(kind, editedZone) && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() =>
                    send({ kind: 'resetZone', zoneId: editedZone.DataLayerZoneId }, () => setEdit(null))
                  }
                >
                  {t('layers.editor.reset')}
                </Button>
              )}
              <Button size="compact-xs" variant="default" onClick={handleCancel}>
                {t('layers.editor.cancel')}
              </Button>
              <Button
                size="compact-xs"
                onClick={handleSave}
                loading={operation.isPending}
                disabled={
                  Boolean(numberCheck?.problem) ||
                  Boolean(rateCheck?.problem) ||
                  (!zoneEditChanged(edit.zone) && edit.number === String(editedZone.Number ?? ''))
                }
              >
                {t('layers.editor.save')}
              </Button>
            </Group>
          </Stack>
        )}

        <Button
          size="compact-xs"
          variant="default"
          disabled={!zonesChanged}
          loading={operation.isPending}
          onClick={handleCancelAll}
        >
          {t('layers.editor.cancelAll')}
        </Button>

        {kind !== 'other' && (
          <Button size="compact-xs" variant="default" onClick={() => send({ kind: 'resetLayer' })}>
            {t('layers.editor.resetAll')}
          </Button>
        )}

        {kind === 'application' && (
          <Stack gap={2}>
            {fieldTotals.map((total) => (
              <Text size="xs" key={`field-${total.LayerId}`} aria-label={t('layers.editor.fieldTotal')}>
                {t('layers.editor.fieldTotal')}:{' '}
                {t('layers.editor.total', {
                  total: formatNumber(total.Total),
                  unit: total.TotalUnit,
                  area: formatArea(total.Area, i18n.language),
                })}
              </Text>
            ))}
            {planTotals.map((total, index) => (
              <Text size="xs" key={`plan-${index}`} aria-label={t('layers.editor.planTotal')}>
                {t('layers.editor.planTotal')}:{' '}
                {t('layers.editor.total', {
                  total: formatNumber(total.Total),
                  unit: total.TotalUnit,
                  area: formatArea(total.Area, i18n.language),
                })}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
