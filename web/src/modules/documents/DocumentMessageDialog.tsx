import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface DocumentMessageDialogProps {
  title: string;
  message: string;
  onClose(): void;
  /** With a confirmation, Yes and No; without, OK alone. */
  onConfirm?(): void;
}

/** The library's message boxes: the Import error and the Remove warning. */
export function DocumentMessageDialog({ title, message, onClose, onConfirm }: DocumentMessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('documents.closeWindow') }}
      onClose={onClose}
      title={title}
      centered
      zIndex={3000}
    >
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          {onConfirm ? (
            <>
              <Button onClick={onConfirm}>{t('documents.yes')}</Button>
              <Button variant="default" onClick={onClose}>
                {t('documents.no')}
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>{t('documents.ok')}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
