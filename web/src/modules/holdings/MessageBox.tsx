import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { holdingsLayers } from './holdingsLayers.ts';

export interface MessageBoxProps {
  opened: boolean;
  title: string;
  message: string;
  /**
   * The buttons: OK alone; Yes and No; or Delete and Cancel. Closing the box otherwise (Escape, the close
   * button) is neither answer: `onClose` only.
   */
  buttons: 'ok' | 'yesNo' | 'deleteCancel';
  onClose(): void;
  /** OK, Yes or Delete. */
  onConfirm?(): void;
  /** No. */
  onDecline?(): void;
}

/** The message boxes of the holdings screens, shown above their dialogs. */
export function MessageBox({
  opened,
  title,
  message,
  buttons,
  onClose,
  onConfirm,
  onDecline,
}: MessageBoxProps) {
  const { t } = useTranslation();
  const confirm = () => (onConfirm ?? onClose)();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      zIndex={holdingsLayers.messageBox}
      closeButtonProps={{ 'aria-label': t('holdings.close') }}
    >
      <Stack>
        <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text>
        <Group justify="flex-end">
          {buttons === 'ok' && <Button onClick={confirm}>{t('holdings.ok')}</Button>}
          {buttons === 'yesNo' && (
            <>
              <Button variant="default" onClick={onDecline ?? onClose}>
                {t('holdings.no')}
              </Button>
              <Button onClick={confirm}>{t('holdings.yes')}</Button>
            </>
          )}
          {buttons === 'deleteCancel' && (
            <>
              <Button variant="default" onClick={onClose}>
                {t('holdings.cancel')}
              </Button>
              <Button color="red" onClick={confirm}>
                {t('holdings.deleteButton')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
