import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  fieldWriteSchema,
  holdingValidationResponseSchema,
  type CroppingWrite,
  type FieldResponse,
} from '@headland/domain/api/fieldsApi';
import { textLimits } from '../../shell/forms/schemaLimits.ts';
import type Geometry from 'ol/geom/Geometry.js';
import type Polygon from 'ol/geom/Polygon.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import type { FieldMap } from '../../map/FieldMap.ts';
import type {
  BoundaryEditor,
  BoundaryEditorState,
  DrawType,
  EditTool,
} from '../../map/edit/BoundaryEditor.ts';
import { croppingFeatureId, writeBoundary } from '../../map/layers/fieldFeatures.ts';
import { measureArea } from '../../map/measure/measureGeometry.ts';
import { areaText } from '../../map/measure/measureFormat.ts';
import { ApiRequestError } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useLeaveGuard } from '../../shell/useLeaveGuard.ts';
import { useSaveCropping, useSaveField } from '../fields/fieldsQueries.ts';
import { croppingBoundaryWarnings } from './croppingBoundaryWarnings.ts';
import { MapToolPanel } from './MapToolPanel.tsx';
import { holdingIssueText } from '../fields/holdingIssueText.ts';

/** Editing an existing field's boundary, drawing a new field, or editing a cropping's boundary. */
export type BoundaryEditTarget =
  | { kind: 'edit'; fieldId: number; fieldName: string; version?: number }
  | { kind: 'create' }
  | { kind: 'cropping'; croppingId: number; fieldName: string; cropName: string; version?: number };

export interface BoundaryEditPanelProps {
  fieldMap: FieldMap;
  target: BoundaryEditTarget;
  nationalGrid: boolean;
  onDone: (saved: FieldResponse | null) => void;
}

/** A field boundary is a polygon: of the editor's drawing types, these make one. */
const fieldDrawTypes: readonly DrawType[] = ['Polygon', 'Box', 'Square', 'Circle'];
const tools: readonly EditTool[] = ['vertices', 'translate', 'rotate', 'resize'];

function polygonArea(geometry: Geometry | null, nationalGrid: boolean): number | null {
  if (!geometry) return null;
  const parts = geometry instanceof MultiPolygon ? geometry.getPolygons() : [geometry as Polygon];
  if (!parts.every((part) => part.getType() === 'Polygon')) return null;
  return parts.reduce((sum, part) => sum + measureArea(part, { nationalGrid }).value, 0);
}

/**
 * The boundary editing panel. The editing code is loaded when the panel opens. Save sends the boundary through
 * the fields API (a new field with its name), or for a cropping through the croppings API, where the server
 * works the cropping's area out from its new boundary; the editor stays open until the save has worked, so a
 * refused save loses nothing. Cancel gives the original boundary back. A saved cropping boundary is checked
 * with the holding validation: one outside its field or overlapping another cropping is kept, and the panel
 * says so before it closes.
 */
export function BoundaryEditPanel({ fieldMap, target, nationalGrid, onDone }: BoundaryEditPanelProps) {
  const { t } = useTranslation();
  const [editor, setEditor] = useState<BoundaryEditor | null>(null);
  const [state, setState] = useState<BoundaryEditorState | null>(null);
  const [area, setArea] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [drawType, setDrawType] = useState<DrawType>('Polygon');
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const saveField = useSaveField();
  const saveCropping = useSaveCropping();
  const api = useApiClient();
  const latest = useRef({ nationalGrid });
  useLayoutEffect(() => {
    latest.current = { nationalGrid };
  });

  useEffect(() => {
    let disposed = false;
    let created: BoundaryEditor | null = null;
    void import('../../map/edit/BoundaryEditor.ts')
      .catch(() => {
        if (!disposed) setError(t('map.edit.loadFailed'));
        return null;
      })
      .then((module) => {
        if (!module) return;
        const { BoundaryEditor } = module;
        if (disposed) return;
        created = new BoundaryEditor({
          map: fieldMap.map,
          setPointerTools: (enabled) => fieldMap.setPointerTools(enabled),
          snapSources: [fieldMap.fields.source],
          onChange: (next) => {
            setState(next);
            setArea(polygonArea(created?.geometry ?? null, latest.current.nationalGrid));
          },
        });
        if (target.kind === 'edit') {
          const geometry = fieldMap.fieldFeature(target.fieldId)?.getGeometry();
          if (geometry) created.editGeometry(geometry, 'vertices');
        } else if (target.kind === 'cropping') {
          // A cropping without a boundary of its own is drawn with its field's: editing starts from that.
          const geometry = fieldMap.croppings.source
            .getFeatureById(croppingFeatureId(target.croppingId))
            ?.getGeometry();
          if (geometry) created.editGeometry(geometry, 'vertices');
        } else {
          created.draw('Polygon');
        }
        setEditor(created);
      });
    return () => {
      disposed = true;
      created?.dispose();
    };
  }, [fieldMap, target, t]);

  const chooseDrawType = (type: DrawType) => {
    setDrawType(type);
    editor?.draw(type);
  };

  const save = async () => {
    if (!editor) return;
    setError(null);
    const geometry = editor.result();
    if (!geometry) {
      setError(t('map.edit.noArea'));
      return;
    }
    if (target.kind === 'create' && !name.trim()) {
      setError(t('map.edit.nameRequired'));
      return;
    }
    const body = { Boundary: writeBoundary(geometry), srid: 4326 as const };
    try {
      if (target.kind === 'cropping') {
        await saveCroppingBoundary(target.croppingId, { ...body, Area: null, Version: target.version });
        return;
      }
      const saved = await saveField.mutateAsync(
        target.kind === 'edit'
          ? { fieldId: target.fieldId, body: { ...body, Version: target.version } }
          : { body: { ...body, Name: name.trim() } },
      );
      editor.commit();
      onDone(saved);
    } catch (failure) {
      const message =
        failure instanceof ApiRequestError
          ? (failure.apiError?.Errors?.[0]?.Message ?? failure.apiError?.Message)
          : undefined;
      setError(message ?? t('map.edit.saveFailed'));
    }
  };

  /** Saves, then asks the holding validation whether the new boundary stays within its field and clear of others. */
  const saveCroppingBoundary = async (croppingId: number, body: CroppingWrite) => {
    const saved = await saveCropping.mutateAsync({ croppingId, body });
    editor?.commit();
    const issues = await api
      .get('/api/holdings/v1/validation', {
        query: { year: saved.YearId },
        schema: holdingValidationResponseSchema,
        spinner: false,
        errorDialog: false,
      })
      // The boundary is saved whatever the check answers; a failed check only means no warning.
      .catch(() => []);
    const found = croppingBoundaryWarnings(
      issues.map((issue) => ({ ...issue, Message: holdingIssueText(t, issue) })),
      croppingId,
    );
    if (found.length === 0) onDone(null);
    else setWarnings(found);
  };

  const cancel = () => {
    editor?.cancel();
    onDone(null);
  };

  // A boundary changed, a drawing begun or a new field's name typed, until saved or cancelled.
  useLeaveGuard(
    warnings === null && ((state?.changed ?? false) || (target.kind === 'create' && name.trim() !== '')),
    t('screens.leave.unsaved'),
  );

  const hasGeometry = state !== null && !state.drawing && state.mode !== 'none';
  const title =
    target.kind === 'edit'
      ? t('map.edit.editTitle', { name: target.fieldName })
      : target.kind === 'cropping'
        ? t('map.edit.croppingTitle', { crop: target.cropName, name: target.fieldName })
        : t('map.edit.newTitle');
  if (warnings) {
    return (
      <MapToolPanel title={title} width={320}>
        <Alert color="yellow" p="xs" role="alert" title={t('map.edit.savedWithIssues')}>
          <Stack gap={2}>
            {warnings.map((warning) => (
              <Text size="xs" key={warning}>
                {warning}
              </Text>
            ))}
          </Stack>
        </Alert>
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={() => onDone(null)}>
            {t('map.close')}
          </Button>
        </Group>
      </MapToolPanel>
    );
  }
  return (
    <MapToolPanel title={title} width={320}>
      {target.kind === 'create' && (
        <>
          <TextInput
            size="xs"
            label={t('map.edit.name')}
            {...textLimits(fieldWriteSchema.shape.Name)}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <SegmentedControl
            size="xs"
            aria-label={t('map.edit.shape')}
            value={drawType}
            onChange={(value) => chooseDrawType(value as DrawType)}
            // Choosing the shape already chosen starts the drawing again (the control reports no change).
            onClick={(event) => {
              const label = (event.target as HTMLElement).closest('label');
              if (label?.textContent === t(`map.edit.drawTypes.${drawType}`)) chooseDrawType(drawType);
            }}
            data={fieldDrawTypes.map((type) => ({ value: type, label: t(`map.edit.drawTypes.${type}`) }))}
          />
        </>
      )}
      {state?.drawing && (
        <Text size="xs" c="dimmed">
          {t(`map.edit.drawHelp.${drawType}`)}
        </Text>
      )}
      {hasGeometry && (
        <SegmentedControl
          size="xs"
          aria-label={t('map.edit.tool')}
          value={state.tool ?? 'vertices'}
          onChange={(value) => editor?.setTool(value as EditTool)}
          data={tools.map((tool) => ({ value: tool, label: t(`map.edit.tools.${tool}`) }))}
        />
      )}
      {hasGeometry && state.tool && (
        <Text size="xs" c="dimmed">
          {t(`map.edit.toolHelp.${state.tool}`)}
        </Text>
      )}
      {hasGeometry && area !== null && (
        <Text size="sm" aria-label={t('map.edit.areaLabel')}>
          {t('map.edit.area', { value: areaText(area) })}
        </Text>
      )}
      {error && (
        <Alert color="red" p="xs">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={cancel}>
          {t('map.cancel')}
        </Button>
        <Button
          size="xs"
          onClick={() => void save()}
          loading={saveField.isPending || saveCropping.isPending}
          disabled={!hasGeometry || !state.canCommit || (target.kind !== 'create' && !state.changed)}
        >
          {t('map.save')}
        </Button>
      </Group>
    </MapToolPanel>
  );
}
