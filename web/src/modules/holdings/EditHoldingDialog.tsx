import { useTranslation } from 'react-i18next';
import { Alert, Center, Loader, Modal } from '@mantine/core';
import type { HoldingDetails } from '@headland/domain/api/holdingsApi';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { EditHoldingForm } from './EditHoldingForm.tsx';
import { holdingsLayers } from './holdingsLayers.ts';
import { useHoldingStatus } from './holdingsQueries.ts';

export interface EditHoldingDialogProps {
  /** The holding to edit; a new holding when null. */
  holding: HoldingDetails | null;
  /** Cancel closes with false; a save closes with true once `onSaved` has run. */
  onClose(saved: boolean): void;
  onSaved(holding: HoldingDetails): void;
}

/**
 * The crop year of the year block: the session's year when the holding has it (always so for the session's
 * own holding), else the holding's latest crop year.
 */
export function blockYear(holding: HoldingDetails | null, sessionYear: number): number {
  if (!holding || holding.CropYears.length === 0 || holding.CropYears.includes(sessionYear))
    return sessionYear;
  return Math.max(...holding.CropYears);
}

/** The Edit holding dialog of holdings spec §2.1, loading its data before the form opens. */
export function EditHoldingDialog({ holding, onClose, onSaved }: EditHoldingDialogProps) {
  const { t } = useTranslation();
  const { yearId: sessionYear } = useAppSession();
  const yearId = blockYear(holding, sessionYear);
  const status = useHoldingStatus(holding?.HoldingId ?? null, yearId);
  const title = holding
    ? t('holdings.edit.title', { name: holding.TradingName })
    : t('holdings.edit.newTitle');

  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={title}
      size="xl"
      zIndex={holdingsLayers.edit}
      closeButtonProps={{ 'aria-label': t('holdings.close') }}
    >
      {status.isPending ? (
        <Center p="xl">
          <Loader aria-label={t('holdings.loading')} />
        </Center>
      ) : status.isError ? (
        <Alert color="red" title={t('holdings.errorTitle')}>
          {t('holdings.edit.loadError')}
        </Alert>
      ) : (
        <EditHoldingForm
          holding={holding}
          status={status.data}
          yearId={yearId}
          onCancel={() => onClose(false)}
          onSaved={(saved) => {
            onSaved(saved);
            onClose(true);
          }}
        />
      )}
    </Modal>
  );
}
