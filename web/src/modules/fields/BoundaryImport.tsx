import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  importCommitResponseSchema,
  importPreviewResponseSchema,
  type ImportCommitRequest,
  type ImportCommitResponse,
  type ImportPreviewResponse,
} from '@headland/domain/api/fieldsApi';
import { formatHectares } from '@headland/domain/units';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useCanEditFields, useRefreshFieldsData } from './fieldsQueries.ts';
import { serverMessages } from './serverMessages.ts';

/** The boundary files the import reads: a zipped shapefile, GeoJSON, or KML. */
export const boundaryFileExtensions: readonly string[] = ['.zip', '.geojson', '.json', '.kml'];

export function isBoundaryFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return boundaryFileExtensions.some((extension) => lower.endsWith(extension));
}

/** The property that most likely names the fields: one called like 'name', else the first. */
export function likelyNameProperty(propertyNames: readonly string[]): string | null {
  return (
    propertyNames.find((name) => /^(field[ _]?)?name$/i.test(name)) ??
    propertyNames.find((name) => /name/i.test(name)) ??
    propertyNames[0] ??
    null
  );
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; percent: number }
  | { kind: 'importing'; percent: number }
  | { kind: 'done'; result: ImportCommitResponse };

function propertyText(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Field boundaries from a file: the file is read by the server into a preview of its polygon features with
 * their properties and areas; the chosen features become fields, named from the chosen property.
 */
export function BoundaryImport() {
  const { t } = useTranslation();
  const api = useApiClient();
  const canEdit = useCanEditFields();
  const refresh = useRefreshFieldsData();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [nameProperty, setNameProperty] = useState<string | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);

  if (!canEdit) return <Alert color="gray">{t('fields.import.noRight')}</Alert>;

  const busy = phase.kind === 'reading' || phase.kind === 'importing';

  const handleFile = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    setPhase({ kind: 'idle' });
    if (!chosen) return;
    if (!isBoundaryFileName(chosen.name)) {
      setProblem([t('fields.import.badType')]);
      return;
    }
    const form = new FormData();
    form.append('file', chosen, chosen.name);
    setPhase({ kind: 'reading', percent: 0 });
    try {
      // No blocking spinner and no error dialog: this screen shows the upload's progress and its failure itself.
      const answer = await api.post('/api/fields/v1/import/preview', {
        formData: form,
        onUploadProgress: (fraction) => setPhase({ kind: 'reading', percent: Math.round(fraction * 100) }),
        schema: importPreviewResponseSchema,
        spinner: false,
        errorDialog: false,
      });
      setPreview(answer);
      setSelected(new Set(answer.Features.map((feature) => feature.Index)));
      setNameProperty(likelyNameProperty(answer.PropertyNames));
      setPhase({ kind: 'idle' });
    } catch (error) {
      const messages = serverMessages(error);
      setProblem(messages.length > 0 ? messages : [t('fields.import.readError')]);
      setPhase({ kind: 'idle' });
    }
  };

  const handleImport = async () => {
    if (!preview) return;
    const features = preview.Features.filter((feature) => selected.has(feature.Index));
    const body: ImportCommitRequest = {
      NameProperty: nameProperty,
      FileName: file?.name ?? null,
      Features: features.map((feature) => ({ Properties: feature.Properties, Geometry: feature.Geometry })),
    };
    setProblem(null);
    setPhase({ kind: 'importing', percent: 0 });
    try {
      const result = await api.post('/api/fields/v1/import/commit', {
        body,
        onUploadProgress: (fraction) => setPhase({ kind: 'importing', percent: Math.round(fraction * 100) }),
        schema: importCommitResponseSchema,
        spinner: false,
        errorDialog: false,
      });
      setPhase({ kind: 'done', result });
      await refresh();
    } catch (error) {
      const messages = serverMessages(error);
      setProblem(messages.length > 0 ? messages : [t('fields.import.importError')]);
      setPhase({ kind: 'idle' });
    }
  };

  const toggle = (index: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(index);
    else next.delete(index);
    setSelected(next);
  };

  const allChecked = preview !== null && preview.Features.every((feature) => selected.has(feature.Index));
  const someChecked = preview !== null && preview.Features.some((feature) => selected.has(feature.Index));

  return (
    <Stack>
      <FileInput
        label={t('fields.import.file')}
        description={t('fields.import.fileHint')}
        accept={boundaryFileExtensions.join(',')}
        value={file}
        onChange={(chosen) => void handleFile(chosen)}
        disabled={busy}
        clearable
        maw={480}
      />

      {busy && (
        <Stack gap={4} maw={480}>
          <Progress
            value={phase.percent}
            aria-label={
              phase.kind === 'reading' ? t('fields.import.readingProgress') : t('fields.import.progress')
            }
            aria-valuetext={`${phase.percent}%`}
            animated={phase.percent >= 100}
          />
          <Text size="sm">
            {phase.kind === 'reading'
              ? t('fields.import.reading', { percent: phase.percent })
              : phase.percent < 100
                ? t('fields.import.sending', { percent: phase.percent })
                : t('fields.import.creating', { percent: phase.percent })}
          </Text>
        </Stack>
      )}

      {problem && (
        <Alert color="red" role="alert" title={t('fields.import.problemTitle')}>
          {problem.length === 1 ? (
            problem[0]
          ) : (
            <List size="sm">
              {problem.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      {phase.kind === 'done' && (
        <Alert color="green" title={t('fields.import.done', { count: phase.result.Fields.length })}>
          <List size="sm">
            {phase.result.Fields.map((created) => (
              <List.Item key={created.FieldId}>
                <Anchor component={Link} to={`/fields/details/${created.FieldId}`}>
                  {created.Name}
                </Anchor>{' '}
                ({t('fields.units.haValue', { value: formatHectares(created.BoundaryArea) })})
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {preview && phase.kind !== 'done' && (
        <Stack>
          <Text size="sm">
            {t('fields.import.summary', {
              format: t(`fields.import.format.${preview.Format}`),
              count: preview.Features.length,
            })}
          </Text>
          <Select
            label={t('fields.import.nameProperty')}
            data={preview.PropertyNames}
            value={nameProperty}
            onChange={setNameProperty}
            placeholder={t('fields.import.noNameProperty')}
            clearable
            maw={320}
          />
          <ScrollArea type="auto">
            <Table aria-label={t('fields.import.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label={t('fields.import.selectAll')}
                      checked={allChecked}
                      indeterminate={someChecked && !allChecked}
                      onChange={(event) =>
                        setSelected(
                          event.currentTarget.checked
                            ? new Set(preview.Features.map((feature) => feature.Index))
                            : new Set(),
                        )
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('fields.import.feature')}</Table.Th>
                  {preview.PropertyNames.map((name) => (
                    <Table.Th key={name}>{name}</Table.Th>
                  ))}
                  <Table.Th ta="right">{t('fields.list.area')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.Features.map((feature) => (
                  <Table.Tr key={feature.Index}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('fields.import.select', { index: feature.Index + 1 })}
                        checked={selected.has(feature.Index)}
                        onChange={(event) => toggle(feature.Index, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{feature.Index + 1}</Table.Td>
                    {preview.PropertyNames.map((name) => (
                      <Table.Td key={name}>{propertyText(feature.Properties[name])}</Table.Td>
                    ))}
                    <Table.Td ta="right">{formatHectares(feature.Area)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {preview.Skipped.length > 0 && (
            <Alert color="yellow" title={t('fields.import.skipped')}>
              <List size="sm">
                {preview.Skipped.map((skipped) => (
                  <List.Item key={skipped.Index}>
                    {t('fields.import.skippedRow', { index: skipped.Index + 1, reason: skipped.Reason })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => void handleImport()}
              disabled={selected.size === 0 || busy}
              loading={phase.kind === 'importing'}
            >
              {t('fields.import.import')}
            </Button>
            {selected.size === 0 && (
              <Text size="sm" c="dimmed">
                {t('fields.import.noneSelected')}
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
