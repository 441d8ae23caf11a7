import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import { documentAllowedExtensions, documentListSizes, type DocumentListSize } from '@headland/domain/limits';
import { useFilterShortcut } from '../../shell/help/filterShortcut.ts';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { DocumentGrid } from './DocumentGrid.tsx';
import { DocumentMessageDialog } from './DocumentMessageDialog.tsx';
import { DocumentPropertiesDialog } from './DocumentPropertiesDialog.tsx';
import { managesLibrary } from './documentAccess.ts';
import { useDocumentList } from './documentsQueries.ts';
import { useDocumentUpload } from './useDocumentUpload.ts';

export interface DocumentLibraryDialogProps {
  onClose(): void;
}

const accept = documentAllowedExtensions.map((ext) => `.${ext}`).join(',');

/** Documents whose name or description holds `search`, ignoring case. */
export function matchingDocuments(documents: readonly ImportDocument[], search: string): ImportDocument[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...documents];
  return documents.filter(
    (document) =>
      document.FileName.toLocaleLowerCase().includes(needle) ||
      (document.Description ?? '').toLocaleLowerCase().includes(needle),
  );
}

/**
 * The document library popup (fields-croppings-maps §2): year filter, search, size choice and thumbnails, and
 * for those who manage the library an upload drop zone with Browse and a progress bar.
 */
export function DocumentLibraryDialog({ onClose }: DocumentLibraryDialogProps) {
  const { t } = useTranslation();
  const session = useAppSession();
  const manages = managesLibrary(session.permissions, session.readOnly);
  const cropYears = useMemo(
    () => [...session.holding.CropYears].sort((a, b) => b - a),
    [session.holding.CropYears],
  );
  const [year, setYear] = useState<number | 'all'>(session.yearId);
  const [search, setSearch] = useState('');
  const filterRef = useFilterShortcut();
  const [size, setSize] = useState<DocumentListSize>('medium');
  const [opened, setOpened] = useState<ImportDocument | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useDocumentList(year);
  const upload = useDocumentUpload();
  const shown = useMemo(() => matchingDocuments(list.data ?? [], search), [list.data, search]);
  const uploadYear = year === 'all' ? session.yearId : year;

  const send = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    void upload.upload([...files], uploadYear);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (upload.percent === null) send(event.dataTransfer.files);
  };

  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('documents.closeWindow') }}
      onClose={onClose}
      title={t('documents.libraryTitle')}
      size="80rem"
      centered
      zIndex={2000}
    >
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('documents.year')}
            value={String(year)}
            onChange={(event) =>
              setYear(event.currentTarget.value === 'all' ? 'all' : Number(event.currentTarget.value))
            }
            data={[
              { value: 'all', label: t('documents.allYears') },
              ...cropYears.map((cropYear) => ({ value: String(cropYear), label: String(cropYear) })),
            ]}
          />
          <TextInput
            ref={filterRef}
            label={t('documents.search')}
            placeholder={t('documents.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="document-size-label">
              {t('documents.size')}
            </Text>
            <SegmentedControl
              aria-labelledby="document-size-label"
              value={size}
              onChange={(value) => setSize(value as DocumentListSize)}
              data={documentListSizes.map((value) => ({ value, label: t(`documents.sizes.${value}`) }))}
            />
          </Stack>
        </Group>

        {manages && (
          <Paper
            withBorder
            p="sm"
            role="group"
            aria-label={t('documents.dropZone')}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={handleDrop}
            style={{
              borderStyle: 'dashed',
              background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
            }}
          >
            <Group justify="space-between">
              <Stack gap={0}>
                <Text>{t('documents.dropZone')}</Text>
                <Text size="xs" c="dimmed">
                  {t('documents.uploadYear', { year: uploadYear })}
                </Text>
              </Stack>
              <Button
                variant="default"
                disabled={upload.percent !== null}
                onClick={() => input.current?.click()}
              >
                {t('documents.browse')}
              </Button>
              <input
                ref={input}
                type="file"
                multiple
                accept={accept}
                hidden
                aria-hidden
                tabIndex={-1}
                onChange={(event) => {
                  send(event.currentTarget.files);
                  event.currentTarget.value = '';
                }}
              />
            </Group>
            {upload.percent !== null && (
              <Progress mt="sm" value={upload.percent} aria-label={t('documents.uploading')} animated />
            )}
          </Paper>
        )}

        {upload.problem && (
          <Alert color="red" role="alert" withCloseButton onClose={upload.dismiss}>
            {t(`documents.problems.${upload.problem.code}`, { ...upload.problem })}
          </Alert>
        )}

        {list.isError ? (
          <Alert color="red" role="alert">
            {t('documents.loadError')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.isSuccess && shown.length === 0
                ? t(search.trim() ? 'documents.noMatch' : 'documents.empty')
                : t('documents.count', { count: shown.length })}
            </Text>
            <DocumentGrid
              documents={shown}
              size={size}
              onOpen={setOpened}
              height="max(200px, calc(100dvh - 400px))"
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('documents.close')}
          </Button>
        </Group>
      </Stack>

      {upload.importError && (
        <DocumentMessageDialog
          title={t('documents.importErrorTitle')}
          message={t('documents.problems.importError')}
          onClose={upload.dismiss}
        />
      )}
      {opened && (
        <DocumentPropertiesDialog document={opened} manages={manages} onClose={() => setOpened(null)} />
      )}
    </Modal>
  );
}
