import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';

export interface FileDropZoneProps {
  /** What the zone is for, in the spec's words: the accessible name of the zone and of its file input. */
  label: string;
  description?: string;
  /** File name endings or types for the browser's file chooser, e.g. '.zip,.kml'. */
  accept?: string;
  /** The chosen file, shown by name. */
  file: File | null;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * The drop zone of the screens' file uploads: drop a file on it, or choose one with its 'Browse' button. The
 * native file input stays in the page (hidden), so that the zone works with the keyboard and browser tests can
 * set files on it by its label.
 */
export function FileDropZone({ label, description, accept, file, onFile, disabled }: FileDropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const descriptionId = useId();

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files?.[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <Stack gap={4} maw={480}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text id={descriptionId} size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Paper
        withBorder
        p="md"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={handleDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c={file ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {file ? t('files.chosen', { name: file.name }) : t('files.dropHere')}
          </Text>
          <Button variant="default" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
            {t('files.browse')}
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          aria-label={label}
          aria-describedby={description ? descriptionId : undefined}
          accept={accept}
          disabled={disabled}
          hidden
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            // Reset so that choosing the same file again is seen as a change.
            event.currentTarget.value = '';
            if (chosen) onFile(chosen);
          }}
        />
      </Paper>
    </Stack>
  );
}
