import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { permissionsLayers } from './permissionsLayers.ts';

export interface ConfirmBoxProps {
  title: string;
  message: string;
  /** The confirming button's text; Yes by default. */
  confirmLabel?: string;
  /** The declining button's text; No by default. */
  declineLabel?: string;
  /** A confirmation that takes something away is shown in red. */
  danger?: boolean;
  onConfirm(): void;
  /** No, Escape or the close button: nothing happens. */
  onDecline(): void;
}

/** A question over the permissions dialog, answered by confirming or declining. */
export function ConfirmBox({
  title,
  message,
  confirmLabel,
  declineLabel,
  danger = false,
  onConfirm,
  onDecline,
}: ConfirmBoxProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onDecline}
      title={title}
      centered
      zIndex={permissionsLayers.confirm}
      closeButtonProps={{ 'aria-label': t('permissions.close') }}
    >
      <Stack>
        <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDecline}>
            {declineLabel ?? t('permissions.no')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm}>
            {confirmLabel ?? t('permissions.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
