import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { TreeField } from '@headland/domain/layers/layerTree';

/** A layer to create empty, then draw on the map: a holding drawing, or a field's EC scan. */
export type NewLayerDraft =
  { kind: 'drawing'; name: string } | { kind: 'ecScan'; name: string; fieldId: number };

export interface NewLayerActionsProps {
  fields: readonly TreeField[];
  /** Disables the form while the layer is on its way. */
  pending?: boolean;
  onCreate: (draft: NewLayerDraft) => void;
}

/**
 * "New drawing" and "New EC scan layer" in the layer tree dialog: a name (and for an EC scan its field), then the
 * new layer opens in the zone editor, where its shapes are drawn with their label or EC value.
 */
export function NewLayerActions({ fields, pending = false, onCreate }: NewLayerActionsProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'drawing' | 'ecScan' | null>(null);
  const [name, setName] = useState('');
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const open = (next: 'drawing' | 'ecScan') => {
    setKind(next);
    setName('');
    setFieldId(null);
    setTried(false);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const trimmed = name.trim();
    if (trimmed === '') return;
    if (kind === 'drawing') onCreate({ kind, name: trimmed });
    else if (kind === 'ecScan' && fieldId !== null)
      onCreate({ kind, name: trimmed, fieldId: Number(fieldId) });
  };

  if (kind === null) {
    return (
      <Group gap="xs" role="group" aria-label={t('layers.create.actions')}>
        <Button size="xs" variant="light" onClick={() => open('drawing')}>
          {t('layers.create.drawing')}
        </Button>
        <Button size="xs" variant="light" onClick={() => open('ecScan')} disabled={fields.length === 0}>
          {t('layers.create.ecScan')}
        </Button>
      </Group>
    );
  }
  return (
    <form
      onSubmit={handleSubmit}
      aria-label={kind === 'drawing' ? t('layers.create.drawing') : t('layers.create.ecScan')}
      noValidate
    >
      <Stack gap="xs">
        {kind === 'ecScan' && (
          <Select
            size="xs"
            label={t('layers.create.field')}
            data={fields.map((field) => ({ value: String(field.FieldId), label: field.Name }))}
            value={fieldId}
            onChange={setFieldId}
            searchable
            required
            error={tried && fieldId === null ? t('layers.create.fieldRequired') : undefined}
          />
        )}
        <TextInput
          size="xs"
          label={kind === 'drawing' ? t('layers.create.drawingName') : t('layers.create.ecScanName')}
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.currentTarget.value)}
          error={tried && name.trim() === '' ? t('layers.create.nameRequired') : undefined}
        />
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setKind(null)}>
            {t('layers.create.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={pending}>
            {t('layers.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
