import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
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
  type ImportAction,
  type ImportCommitRequest,
  type ImportCommitResponse,
  type ImportPreviewResponse,
} from '@headland/domain/api/fieldsApi';
import type { Connection } from '@headland/domain/api/appsApi';
import type { FileItem } from '@headland/domain/api/storageApi';
import { appName } from '@headland/domain/connectedApps';
import { FileDropZone } from '../../shell/files/FileDropZone.tsx';
import { FileSelectionDialog } from '../../shell/files/FileSelectionDialog.tsx';
import { downloadStorageFile, useStorageConnections } from '../../shell/files/storageQueries.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useCanEditFields, useRefreshFieldsData } from './fieldsQueries.ts';
import { serverMessages } from './serverMessages.ts';
import { formatArea } from '../../i18n/numberFormat.ts';

/**
 * The boundary files the import reads: a zipped shapefile or TASKDATA, GeoJSON, FlatGeobuf, a TASKDATA.XML, KML or
 * KMZ, or GPX.
 */
export const boundaryFileExtensions: readonly string[] = [
  '.zip',
  '.geojson',
  '.json',
  '.fgb',
  '.xml',
  '.kml',
  '.kmz',
  '.gpx',
];

/** What the user chose for one feature: a new field, the new boundary of the field it overlaps, or nothing. */
type FeatureChoice = ImportAction | 'skip';

/** Overlapping features start skipped: importing the same boundaries twice is the common mistake. */
export function initialChoices(preview: ImportPreviewResponse): Map<number, FeatureChoice> {
  return new Map(preview.Features.map((feature) => [feature.Index, feature.Overlap ? 'skip' : 'create']));
}

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

const repairedCount = (preview: ImportPreviewResponse) =>
  preview.Features.filter((feature) => feature.Repair !== null).length;
const overlapCount = (preview: ImportPreviewResponse) =>
  preview.Features.filter((feature) => feature.Overlap !== null).length;

function propertyText(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Field boundaries from a file: the file is read by the server into a preview of its polygon features with
 * their properties and areas; the chosen features become fields, named from the chosen property.
 */
export function BoundaryImport() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const canEdit = useCanEditFields();
  const refresh = useRefreshFieldsData();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [choices, setChoices] = useState<ReadonlyMap<number, FeatureChoice>>(new Map());
  const [srid, setSrid] = useState<string | null>(null);
  const [nameProperty, setNameProperty] = useState<string | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const storeConnections = useStorageConnections();
  const [browsing, setBrowsing] = useState<Connection | null>(null);

  if (!canEdit) return <Alert color="gray">{t('fields.import.noRight')}</Alert>;

  /** A file chosen in a connected app's store: fetched through the server, then read as a dropped one is. */
  const handleStoredFile = async (connectionId: number, item: FileItem) => {
    setProblem(null);
    setPreview(null);
    setPhase({ kind: 'reading', percent: 0 });
    let stored: File;
    try {
      stored = await downloadStorageFile(api, connectionId, item);
    } catch (error) {
      const messages = serverMessages(error, undefined, i18n);
      setProblem(messages.length > 0 ? messages : [t('fields.import.readError')]);
      setPhase({ kind: 'idle' });
      return;
    }
    await handleFile(stored);
  };

  const busy = phase.kind === 'reading' || phase.kind === 'importing';

  const selected = new Set([...choices].filter(([, choice]) => choice !== 'skip').map(([index]) => index));

  const handleFile = async (chosen: File | null, chosenSrid?: string) => {
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
    if (chosenSrid) form.append('srid', chosenSrid);
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
      setChoices(initialChoices(answer));
      if (answer.CrsQuestion) setSrid(String(answer.CrsQuestion.SuggestedSrid));
      setNameProperty(likelyNameProperty(answer.PropertyNames));
      setPhase({ kind: 'idle' });
    } catch (error) {
      const messages = serverMessages(error, undefined, i18n);
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
      Features: features.map((feature) => {
        const replace = choices.get(feature.Index) === 'replace' && feature.Overlap;
        return {
          Properties: feature.Properties,
          Geometry: feature.Geometry,
          Action: replace ? 'replace' : 'create',
          ReplaceFieldId: replace ? feature.Overlap!.FieldId : null,
        };
      }),
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
      const messages = serverMessages(error, undefined, i18n);
      setProblem(messages.length > 0 ? messages : [t('fields.import.importError')]);
      setPhase({ kind: 'idle' });
    }
  };

  const choose = (index: number, choice: FeatureChoice) => {
    const next = new Map(choices);
    next.set(index, choice);
    setChoices(next);
  };
  const toggle = (index: number, checked: boolean) => choose(index, checked ? 'create' : 'skip');
  const selectAll = (checked: boolean) =>
    setChoices(new Map(preview?.Features.map((feature) => [feature.Index, checked ? 'create' : 'skip'])));

  const allChecked = preview !== null && preview.Features.every((feature) => selected.has(feature.Index));
  const someChecked = preview !== null && preview.Features.some((feature) => selected.has(feature.Index));

  return (
    <Stack>
      <FileDropZone
        label={t('fields.import.file')}
        description={t('fields.import.fileHint')}
        accept={boundaryFileExtensions.join(',')}
        file={file}
        onFile={(chosen) => void handleFile(chosen)}
        disabled={busy}
      />
      {storeConnections.length > 0 && (
        <Group gap="xs">
          {storeConnections.map((connection) => (
            <Button
              key={connection.connectionId}
              variant="default"
              size="xs"
              disabled={busy}
              onClick={() => setBrowsing(connection)}
            >
              {t('fields.import.fromApp', { app: appName(connection.appId) })}
            </Button>
          ))}
        </Group>
      )}
      {browsing && (
        <FileSelectionDialog
          connectionId={browsing.connectionId}
          appName={appName(browsing.appId)}
          accepts={isBoundaryFileName}
          multiple={false}
          onClose={() => setBrowsing(null)}
          onSelect={(files) => {
            setBrowsing(null);
            if (files[0]) void handleStoredFile(browsing.connectionId, files[0]);
          }}
        />
      )}

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

      {phase.kind === 'done' && phase.result.Replaced.length > 0 && (
        <Alert color="green" title={t('fields.import.replaced', { count: phase.result.Replaced.length })}>
          <List size="sm">
            {phase.result.Replaced.map((replaced) => (
              <List.Item key={replaced.FieldId}>
                <Anchor component={Link} to={`/fields/details/${replaced.FieldId}`}>
                  {replaced.Name}
                </Anchor>{' '}
                ({t('fields.units.haValue', { value: formatArea(replaced.BoundaryArea, i18n.language) })})
              </List.Item>
            ))}
          </List>
          {phase.result.ClippedCroppings > 0 && (
            <Text size="sm" mt="xs">
              {t('fields.import.clipped', { count: phase.result.ClippedCroppings })}
            </Text>
          )}
        </Alert>
      )}

      {phase.kind === 'done' && (phase.result.Fields.length > 0 || phase.result.Replaced.length === 0) && (
        <Alert color="green" title={t('fields.import.done', { count: phase.result.Fields.length })}>
          <List size="sm">
            {phase.result.Fields.map((created) => (
              <List.Item key={created.FieldId}>
                <Anchor component={Link} to={`/fields/details/${created.FieldId}`}>
                  {created.Name}
                </Anchor>{' '}
                ({t('fields.units.haValue', { value: formatArea(created.BoundaryArea, i18n.language) })})
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {preview?.CrsQuestion && phase.kind !== 'done' && (
        <Alert color="yellow" title={t('fields.import.crsTitle')} maw={640}>
          <Stack gap="xs">
            <Text size="sm">{t('fields.import.crsText')}</Text>
            <Select
              label={t('fields.import.crsChoice')}
              data={preview.CrsQuestion.Choices.map((choice) => ({
                value: String(choice),
                label: t(`fields.import.crs.${choice}`, { defaultValue: `EPSG:${choice}` }),
              }))}
              value={srid}
              onChange={setSrid}
              allowDeselect={false}
              maw={360}
            />
            <Group>
              <Button onClick={() => void handleFile(file, srid ?? undefined)} disabled={!srid || busy}>
                {t('fields.import.crsRead')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {preview && !preview.CrsQuestion && phase.kind !== 'done' && (
        <Stack>
          <Text size="sm">
            {t('fields.import.summary', {
              format: t(`fields.import.format.${preview.Format}`),
              crs: preview.SourceCrs,
              count: preview.Features.length,
            })}
          </Text>
          {repairedCount(preview) > 0 && (
            <Alert color="yellow" title={t('fields.import.repairedTitle')}>
              {t('fields.import.repairedText', { count: repairedCount(preview) })}
            </Alert>
          )}
          {overlapCount(preview) > 0 && (
            <Alert color="yellow" title={t('fields.import.overlapTitle')}>
              {t('fields.import.overlapText', { count: overlapCount(preview) })}
            </Alert>
          )}
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
                      onChange={(event) => selectAll(event.currentTarget.checked)}
                    />
                  </Table.Th>
                  <Table.Th>{t('fields.import.feature')}</Table.Th>
                  {preview.PropertyNames.map((name) => (
                    <Table.Th key={name}>{name}</Table.Th>
                  ))}
                  <Table.Th ta="right">{t('fields.list.area')}</Table.Th>
                  <Table.Th>{t('fields.import.check')}</Table.Th>
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
                    <Table.Td ta="right">{formatArea(feature.Area, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        {feature.Repair && (
                          <Text size="xs" c="orange.8">
                            {t('fields.import.repaired', { reason: feature.Repair })}
                          </Text>
                        )}
                        {feature.Overlap && (
                          <>
                            <Text size="xs" c="orange.8">
                              {t('fields.import.overlap', {
                                name: feature.Overlap.Name,
                                share: Math.round(feature.Overlap.Share * 100),
                              })}
                            </Text>
                            <Select
                              size="xs"
                              aria-label={t('fields.import.action', { index: feature.Index + 1 })}
                              data={[
                                { value: 'skip', label: t('fields.import.actionSkip') },
                                {
                                  value: 'replace',
                                  label: t('fields.import.actionReplace', { name: feature.Overlap.Name }),
                                },
                                { value: 'create', label: t('fields.import.actionCreate') },
                              ]}
                              value={choices.get(feature.Index) ?? 'skip'}
                              onChange={(value) => value && choose(feature.Index, value as FeatureChoice)}
                              allowDeselect={false}
                              w={260}
                            />
                          </>
                        )}
                      </Stack>
                    </Table.Td>
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
