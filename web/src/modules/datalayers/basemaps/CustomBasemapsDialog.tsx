import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { CustomBasemapInput, CustomBasemapRecord } from '@headland/domain/api/basemapsApi';
import {
  basemapNameMaxLength,
  basemapUrlMaxLength,
  validateCustomBasemap,
  type BasemapField,
  type BasemapProblem,
} from '@headland/domain/basemapRules';
import { ApiRequestError } from '../../../shell/http/apiClient.ts';
import { useChangeBasemaps } from './basemapsQueries.ts';

interface Draft {
  id: number | null;
  name: string;
  url: string;
  extent: [string, string, string, string];
  zoomMin: string;
  zoomMax: string;
}

const emptyDraft: Draft = { id: null, name: '', url: '', extent: ['', '', '', ''], zoomMin: '', zoomMax: '' };

function draftOf(basemap: CustomBasemapRecord): Draft {
  const extent = (basemap.Extent ?? []).map(String);
  return {
    id: basemap.Id,
    name: basemap.Name,
    url: basemap.Url,
    extent: [extent[0] ?? '', extent[1] ?? '', extent[2] ?? '', extent[3] ?? ''],
    zoomMin: basemap.ZoomMin === null ? '' : String(basemap.ZoomMin),
    zoomMax: basemap.ZoomMax === null ? '' : String(basemap.ZoomMax),
  };
}

/** A typed number, NaN when it is not one (the rules then refuse it); null when left empty. */
const numberOf = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim().replace(',', '.'));

function valuesOf(draft: Draft): CustomBasemapInput {
  const extent = draft.extent.map(numberOf);
  return {
    Name: draft.name.trim(),
    Url: draft.url.trim(),
    // Left empty, the map is offered everywhere; a part filled in must be the whole of it.
    Extent: extent.every((value) => value === null) ? null : extent.map((value) => value ?? Number.NaN),
    ZoomMin: numberOf(draft.zoomMin),
    ZoomMax: numberOf(draft.zoomMax),
  };
}

const extentLabels = ['west', 'south', 'east', 'north'] as const;

export interface CustomBasemapsDialogProps {
  basemaps: readonly CustomBasemapRecord[];
  onClose(): void;
}

/**
 * The holding's custom base maps (fields-croppings-maps §3: Name, Url, Extent, ZoomMin, ZoomMax), for Master users
 * and above: the list with Edit and Remove, and the form that adds or changes one, checked by the rules of
 * domain/src/basemapRules.ts before it is sent.
 */
export function CustomBasemapsDialog({ basemaps, onClose }: CustomBasemapsDialogProps) {
  const { t } = useTranslation();
  const change = useChangeBasemaps();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = attempted ? validateCustomBasemap(valuesOf(draft)) : [];
  const problemText = (problem: Pick<BasemapProblem, 'code' | 'params'>) =>
    t(`map.basemapForm.problems.${problem.code}`, problem.params);
  const errorOf = (field: BasemapField) => {
    const problem = problems.find((each) => each.field === field);
    return problem ? problemText(problem) : undefined;
  };

  const failed = (error: unknown) => {
    const first = error instanceof ApiRequestError ? error.apiError?.Errors?.[0] : undefined;
    const code = first?.Code?.startsWith('basemap.') ? first.Code.slice('basemap.'.length) : null;
    setRefusal(
      code
        ? t(`map.basemapForm.problems.${code}`, { ...(first?.Params ?? {}), defaultValue: first?.Message })
        : t('map.basemapForm.saveFailed'),
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setRefusal(null);
    const values = valuesOf(draft);
    if (validateCustomBasemap(values).length > 0) return;
    change.mutate(draft.id === null ? { kind: 'add', values } : { kind: 'change', id: draft.id, values }, {
      onSuccess: () => {
        setDraft(emptyDraft);
        setAttempted(false);
      },
      onError: failed,
    });
  };

  const remove = (basemap: CustomBasemapRecord) => {
    setRefusal(null);
    change.mutate({ kind: 'remove', id: basemap.Id }, { onError: failed });
    if (draft.id === basemap.Id) setDraft(emptyDraft);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('map.basemapForm.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('map.close') }}
    >
      <Stack gap="sm">
        {basemaps.length === 0 ? (
          <Text size="sm">{t('map.basemapForm.none')}</Text>
        ) : (
          <Table aria-label={t('map.basemapForm.list')}>
            <Table.Tbody>
              {basemaps.map((basemap) => (
                <Table.Tr key={basemap.Id}>
                  <Table.Td>{basemap.Name}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="xs" c="dimmed">
                      {basemap.Url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={t('map.basemapForm.edit', { name: basemap.Name })}
                        onClick={() => {
                          setDraft(draftOf(basemap));
                          setAttempted(false);
                        }}
                      >
                        {t('map.basemapForm.editShort')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        color="red"
                        aria-label={t('map.basemapForm.remove', { name: basemap.Name })}
                        disabled={change.isPending}
                        onClick={() => remove(basemap)}
                      >
                        {t('map.basemapForm.removeShort')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={handleSubmit} noValidate aria-label={t('map.basemapForm.formTitle')}>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {draft.id === null ? t('map.basemapForm.formTitle') : t('map.basemapForm.changeTitle')}
            </Text>
            <TextInput
              label={t('map.basemapForm.name')}
              required
              maxLength={basemapNameMaxLength}
              value={draft.name}
              error={errorOf('Name')}
              onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            />
            <TextInput
              label={t('map.basemapForm.url')}
              description={t('map.basemapForm.urlHint')}
              required
              maxLength={basemapUrlMaxLength}
              value={draft.url}
              error={errorOf('Url')}
              onChange={(event) => setDraft({ ...draft, url: event.currentTarget.value })}
            />
            <Text size="sm" fw={500} id="basemap-extent-label">
              {t('map.basemapForm.extent')}
            </Text>
            <SimpleGrid cols={4} spacing="xs" role="group" aria-labelledby="basemap-extent-label">
              {extentLabels.map((side, index) => (
                <TextInput
                  key={side}
                  label={t(`map.basemapForm.${side}`)}
                  inputMode="decimal"
                  maxLength={24}
                  value={draft.extent[index]}
                  error={index === 0 ? errorOf('Extent') : undefined}
                  onChange={(event) => {
                    const extent = [...draft.extent] as Draft['extent'];
                    extent[index] = event.currentTarget.value;
                    setDraft({ ...draft, extent });
                  }}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                label={t('map.basemapForm.zoomMin')}
                inputMode="numeric"
                maxLength={4}
                value={draft.zoomMin}
                error={errorOf('ZoomMin')}
                onChange={(event) => setDraft({ ...draft, zoomMin: event.currentTarget.value })}
              />
              <TextInput
                label={t('map.basemapForm.zoomMax')}
                inputMode="numeric"
                maxLength={4}
                value={draft.zoomMax}
                error={errorOf('ZoomMax')}
                onChange={(event) => setDraft({ ...draft, zoomMax: event.currentTarget.value })}
              />
            </SimpleGrid>
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end">
              {draft.id !== null && (
                <Button variant="default" onClick={() => setDraft(emptyDraft)}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button type="submit" loading={change.isPending}>
                {draft.id === null ? t('map.basemapForm.add') : t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
