import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import {
  importPreviewResponseSchema,
  importTargets,
  importTaskSchema,
  layersPath,
  layersRoutes,
  type ImportCommitRequest,
  type ImportPreviewResponse,
  type ImportTarget,
  type ImportTask,
} from '@headland/domain/api/layersApi';
import type { IsoDate } from '@headland/domain/isoDate';
import { PhosphateMethod, soilUnits } from '@headland/domain/layers/soil';
import { FileDropZone } from '../../../shell/files/FileDropZone.tsx';
import { DatePicker } from '../../fields/widgets/DatePicker.tsx';
import { useApiClient } from '../../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../../shell/session/AppSessionContext.tsx';
import { apiFailureMessage } from './apiFailure.ts';
import { layersKey } from './layersQueries.ts';

/** How often a running import's progress is read. */
const pollMs = 500;

const soilTargets: readonly ImportTarget[] = [
  'ignore',
  'longitude',
  'latitude',
  'easting',
  'northing',
  'sampleId',
  'P',
  'K',
  'Mg',
  'pH',
  'OrganicMatter',
  'PIndex',
  'KIndex',
  'MgIndex',
];
const yieldTargets: readonly ImportTarget[] = [
  'ignore',
  'longitude',
  'latitude',
  'easting',
  'northing',
  'yield',
  'flow',
  'moisture',
  'speed',
  'heading',
  'time',
];

export interface LayerImportDialogProps {
  fields: readonly FieldResponse[];
  onClose: () => void;
  onImported: (layerIds: readonly number[]) => void;
}

/**
 * The import of soil analysis (a laboratory CSV or a zipped shapefile of sample zones) and yield (a combine's
 * points as CSV or a zipped shapefile): the file, its preview, the mapping of columns to nutrients and units,
 * and a progress bar while the server imports it.
 */
export function LayerImportDialog({ fields, onClose, onImported }: LayerImportDialogProps) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const client = useQueryClient();
  const session = useAppSession();
  const [kind, setKind] = useState<'soil' | 'yield'>('soil');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [mapping, setMapping] = useState<Record<string, ImportTarget>>({});
  const [soilUnit, setSoilUnit] = useState<string>('Ppm');
  const [method, setMethod] = useState<string>(PhosphateMethod.Olsen);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [date, setDate] = useState<IsoDate | null>(null);
  const [yieldOutput, setYieldOutput] = useState<'grid' | 'zones'>('grid');
  const [gridSize, setGridSize] = useState<number>(20);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [task, setTask] = useState<ImportTask | null>(null);

  /** Takes in the import task's state; when it is over, says so and shows the layers made. */
  const receiveTask = (next: ImportTask) => {
    setTask(next);
    if (next.Status === 'done') {
      setBusy(false);
      void client.invalidateQueries({ queryKey: layersKey(session.holding.HoldingId) });
      onImported(next.LayerIds);
    } else if (next.Status === 'failed') {
      setBusy(false);
      const message = next.Error
        ? t(`layersServer.error.${next.Error.Code}`, { ...next.Error.Params, defaultValue: next.Error.Code })
        : '';
      setFailure(t('layers.import.failed', { message }));
    }
  };

  const handlePreview = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file);
    try {
      const answer = await api.post(layersRoutes.importPreview, {
        formData: form,
        schema: importPreviewResponseSchema,
        errorDialog: false,
      });
      setPreview(answer);
      setMapping(
        Object.fromEntries(
          answer.Columns.map((column) => [
            column,
            (importTargets as readonly string[]).includes(answer.Mapping[column] ?? '')
              ? (answer.Mapping[column] as ImportTarget)
              : 'ignore',
          ]),
        ),
      );
    } catch (error) {
      setFailure(t('layers.import.previewFailed', { message: apiFailureMessage(error, i18n) }));
    } finally {
      setBusy(false);
    }
  };

  const handleImport = async () => {
    if (!preview) return;
    setBusy(true);
    setFailure(null);
    const body: ImportCommitRequest = {
      Mapping: mapping,
      Year: session.yearId,
      ...(kind === 'soil'
        ? { SoilUnit: soilUnit, PhosphateMethod: method as ImportCommitRequest['PhosphateMethod'] }
        : {}),
      ...(kind === 'yield' ? { YieldOutput: yieldOutput, GridSizeMetres: gridSize } : {}),
      ...(fieldId ? { FieldId: Number(fieldId) } : {}),
      ...(date ? { Date: date } : {}),
      ...(name.trim() ? { Name: name.trim() } : {}),
    };
    try {
      const started = await api.post(layersPath(layersRoutes.importCommit, { importId: preview.ImportId }), {
        body,
        schema: importTaskSchema,
        errorDialog: false,
      });
      receiveTask(started);
    } catch (error) {
      setFailure(t('layers.import.failed', { message: apiFailureMessage(error, i18n) }));
      setBusy(false);
    }
  };

  // Reads the running import's progress until it is done or failed.
  useEffect(() => {
    if (!task || task.Status === 'done' || task.Status === 'failed') return;
    const timer = window.setTimeout(() => {
      api
        .get(layersPath(layersRoutes.importTask, { taskId: task.TaskId }), {
          schema: importTaskSchema,
          spinner: false,
          errorDialog: false,
        })
        .then(receiveTask)
        .catch((error: unknown) => {
          setFailure(t('layers.import.failed', { message: apiFailureMessage(error, i18n) }));
          setBusy(false);
        });
    }, pollMs);
    return () => window.clearTimeout(timer);
    // receiveTask is remade each render; the task is what the poll follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, task, t]);

  const targets = kind === 'soil' ? soilTargets : yieldTargets;
  const fieldOptions = [...fields]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((field) => ({ value: String(field.FieldId), label: field.Name }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('layers.import.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('map.close') }}
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="layer-import-kind">
            {t('layers.import.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="layer-import-kind"
            value={kind}
            disabled={preview !== null}
            data={[
              { value: 'soil', label: t('layers.import.kindSoil') },
              { value: 'yield', label: t('layers.import.kindYield') },
            ]}
            onChange={(value) => setKind(value as 'soil' | 'yield')}
          />
        </Stack>
        <FileDropZone
          label={t('layers.import.file')}
          description={t('layers.import.fileHint')}
          accept=".csv,.zip"
          file={file}
          disabled={preview !== null}
          onFile={(chosen) => {
            setFile(chosen);
            setPreview(null);
          }}
        />
        {!preview && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('layers.import.cancel')}
            </Button>
            <Button onClick={() => void handlePreview()} disabled={!file} loading={busy}>
              {t('layers.import.preview')}
            </Button>
          </Group>
        )}

        {preview && (
          <>
            <Text size="sm">{t('layers.import.rows', { count: preview.RowCount })}</Text>
            <ScrollArea.Autosize mah={180}>
              <Table fz="xs" aria-label={t('layers.import.preview')}>
                <Table.Thead>
                  <Table.Tr>
                    {preview.Columns.map((column) => (
                      <Table.Th key={column}>{column}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.Rows.slice(0, 5).map((row, index) => (
                    <Table.Tr key={index}>
                      {preview.Columns.map((column) => (
                        <Table.Td key={column}>{row[column] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Text size="sm" fw={600}>
              {t('layers.import.mapping')}
            </Text>
            <Group gap="xs" align="flex-start">
              {preview.Columns.map((column) => (
                <Select
                  key={column}
                  size="xs"
                  w={150}
                  label={t('layers.import.columnFor', { column })}
                  data={targets.map((target) => ({
                    value: target,
                    label: t(`layers.import.target.${target}`),
                  }))}
                  value={mapping[column] ?? 'ignore'}
                  allowDeselect={false}
                  onChange={(value) => value && setMapping({ ...mapping, [column]: value as ImportTarget })}
                />
              ))}
            </Group>
            {kind === 'soil' ? (
              <Group gap="xs" grow>
                <Select
                  size="xs"
                  label={t('layers.import.soilUnit')}
                  data={soilUnits.map((unit) => ({ value: unit, label: t(`layers.import.unit.${unit}`) }))}
                  value={soilUnit}
                  allowDeselect={false}
                  onChange={(value) => value && setSoilUnit(value)}
                />
                <Select
                  size="xs"
                  label={t('layers.import.phosphateMethod')}
                  data={[PhosphateMethod.Olsen, PhosphateMethod.Morgan]}
                  value={method}
                  allowDeselect={false}
                  onChange={(value) => value && setMethod(value)}
                />
              </Group>
            ) : (
              <Group gap="xs" grow>
                <Select
                  size="xs"
                  label={t('layers.import.yieldOutput')}
                  data={[
                    { value: 'grid', label: t('layers.import.grid') },
                    { value: 'zones', label: t('layers.import.zones') },
                  ]}
                  value={yieldOutput}
                  allowDeselect={false}
                  onChange={(value) => value && setYieldOutput(value as 'grid' | 'zones')}
                />
                <NumberInput
                  size="xs"
                  label={t('layers.import.gridSize')}
                  min={5}
                  max={100}
                  value={gridSize}
                  disabled={yieldOutput !== 'grid'}
                  onChange={(value) => setGridSize(typeof value === 'number' ? value : 20)}
                />
              </Group>
            )}
            <Group gap="xs" grow>
              <Select
                size="xs"
                label={t('layers.import.field')}
                placeholder={t('layers.import.anyField')}
                data={fieldOptions}
                value={fieldId}
                clearable
                searchable
                onChange={setFieldId}
              />
              <DatePicker label={t('layers.import.date')} value={date} onChange={setDate} />
            </Group>
            <TextInput
              size="xs"
              label={t('layers.import.name')}
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            {task && (
              <Stack gap={2}>
                <Text size="xs" id="layer-import-progress">
                  {t('layers.import.progress')}: {task.Progress} %
                </Text>
                <Progress
                  value={task.Progress}
                  aria-labelledby="layer-import-progress"
                  animated={task.Status === 'running'}
                />
              </Stack>
            )}
            {task?.Status === 'done' && (
              <Alert color="green" role="status">
                {t('layers.import.done', { count: task.LayerIds.length })}
              </Alert>
            )}
            <Group justify="flex-end">
              {task?.Status === 'done' ? (
                <Button onClick={onClose}>{t('layers.import.close')}</Button>
              ) : (
                <>
                  <Button variant="default" onClick={onClose}>
                    {t('layers.import.cancel')}
                  </Button>
                  <Button onClick={() => void handleImport()} loading={busy}>
                    {t('layers.import.import')}
                  </Button>
                </>
              )}
            </Group>
          </>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
