import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import {
  DocumentKind,
  londonDateOf,
  validateDocumentForm,
  type DocumentFormField,
} from '@headland/domain/documentRules';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useLeaveGuard } from '../../shell/useLeaveGuard.ts';
import { DatePicker } from '../fields/widgets/DatePicker.tsx';
import { DocumentMessageDialog } from './DocumentMessageDialog.tsx';
import { PdfIcon } from './DocumentThumbnail.tsx';
import { useDeleteDocument, useEditDocument, useImageUrl } from './documentsQueries.ts';

// The map's code loads only when a geotagged picture is opened.
const DocumentLocationMap = lazy(() =>
  import('./DocumentLocationMap.tsx').then((module) => ({ default: module.DocumentLocationMap })),
);

export interface DocumentPropertiesDialogProps {
  document: ImportDocument;
  /** Whether the session manages the library; otherwise every field is read-only and Close is the only button. */
  manages: boolean;
  onClose(): void;
}

/**
 * The document properties popup (fields-croppings-maps §2, §5): preview linking to the original, name,
 * description, year, upload date (never editable), document date and, for a geotagged picture, a map of where
 * it was taken. Delete asks first, with the Remove warning.
 */
export function DocumentPropertiesDialog({ document, manages, onClose }: DocumentPropertiesDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { holding } = useAppSession();
  const edit = useEditDocument();
  const remove = useDeleteDocument();
  const [fileName, setFileName] = useState(document.FileName);
  const [description, setDescription] = useState(document.Description ?? '');
  const [year, setYear] = useState(document.Year);
  const originalDate = document.ExifDate ? londonDateOf(document.ExifDate) : null;
  const [documentDate, setDocumentDate] = useState<string | null>(originalDate);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const preview = useImageUrl(document.ThumbnailPath, 'large');
  const years = useMemo(
    () => [...new Set([...holding.CropYears, document.Year])].sort((a, b) => b - a),
    [holding.CropYears, document.Year],
  );

  const changed =
    fileName !== document.FileName ||
    description !== (document.Description ?? '') ||
    year !== document.Year ||
    documentDate !== originalDate;
  useLeaveGuard(manages && changed && !edit.isSuccess, t('screens.leave.unsaved'));

  const issues = validateDocumentForm({ fileName, description, year }, holding.CropYears);
  const errorOf = (field: DocumentFormField) => {
    const issue = tried ? issues.find((item) => item.field === field) : undefined;
    return issue ? t(`documents.problems.${issue.problem.code}`) : undefined;
  };

  const openOriginal = async () => {
    // The window opens now, while the click still counts as the user's; the file follows.
    const view = window.open('', '_blank');
    const file = await api.get(document.FilePath, { responseType: 'blob', spinner: false });
    const url = URL.createObjectURL(file.blob);
    if (view) view.location.href = url;
    else window.location.assign(url);
  };

  const handleSave = async () => {
    setTried(true);
    if (issues.length > 0) return;
    await edit.mutateAsync({
      ImportDocumentId: document.ImportDocumentId,
      FileName: fileName.trim(),
      Description: description === '' ? null : description,
      Year: year,
      // An unchanged day keeps the time the picture was taken; a new day is that day in London.
      ExifDate: documentDate === originalDate ? document.ExifDate : documentDate,
    });
    onClose();
  };

  const handleDelete = async () => {
    setConfirming(false);
    await remove.mutateAsync(document.ImportDocumentId);
    onClose();
  };

  const readOnly = !manages;
  const location = document.ExifLocation;
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('documents.closeWindow') }}
      onClose={onClose}
      title={t('documents.propertiesTitle')}
      size="lg"
      centered
      zIndex={2100}
    >
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap">
          <Stack gap={4} align="center" miw={200}>
            {document.Kind === DocumentKind.Picture ? (
              preview && (
                <img
                  src={preview}
                  alt={t('documents.preview', { name: document.FileName })}
                  style={{ maxWidth: 240, maxHeight: 240 }}
                />
              )
            ) : (
              <PdfIcon size={120} />
            )}
            <Anchor component="button" type="button" onClick={() => void openOriginal()}>
              {t('documents.openOriginal')}
            </Anchor>
          </Stack>
          <Stack gap="xs" style={{ flex: 1 }}>
            <TextInput
              label={t('documents.name')}
              required
              readOnly={readOnly}
              value={fileName}
              onChange={(event) => setFileName(event.currentTarget.value)}
              error={errorOf('fileName')}
            />
            <Textarea
              label={t('documents.description')}
              readOnly={readOnly}
              value={description}
              autosize
              minRows={2}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={errorOf('description')}
            />
            <NativeSelect
              label={t('documents.year')}
              disabled={readOnly}
              value={String(year)}
              onChange={(event) => setYear(Number(event.currentTarget.value))}
              data={years.map((value) => ({ value: String(value), label: String(value) }))}
              error={errorOf('year')}
            />
            <DatePicker
              label={t('documents.uploadDate')}
              value={londonDateOf(document.UploadDate)}
              onChange={() => undefined}
              disabled
            />
            <DatePicker
              label={t('documents.documentDate')}
              value={documentDate}
              onChange={setDocumentDate}
              disabled={readOnly}
            />
          </Stack>
        </Group>
        {location && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('documents.location')}
            </Text>
            <Suspense fallback={<div style={{ height: 220 }} />}>
              <DocumentLocationMap lon={location.Lon} lat={location.Lat} label={t('documents.locationMap')} />
            </Suspense>
          </Stack>
        )}
        <Group justify="space-between">
          <div>
            {manages && (
              <Button
                color="red"
                variant="outline"
                onClick={() => setConfirming(true)}
                loading={remove.isPending}
              >
                {t('documents.delete')}
              </Button>
            )}
          </div>
          <Group>
            {manages ? (
              <>
                <Button variant="default" onClick={onClose}>
                  {t('documents.cancel')}
                </Button>
                <Button onClick={() => void handleSave()} loading={edit.isPending}>
                  {t('documents.save')}
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>{t('documents.close')}</Button>
            )}
          </Group>
        </Group>
      </Stack>
      {confirming && (
        <DocumentMessageDialog
          title={t('documents.removeTitle')}
          message={t(
            document.Kind === DocumentKind.Picture
              ? 'documents.problems.removePicture'
              : 'documents.problems.removeDocument',
          )}
          onClose={() => setConfirming(false)}
          onConfirm={() => void handleDelete()}
        />
      )}
    </Modal>
  );
}
