import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  holdingDeletedResponseSchema,
  holdingDeleteMessages,
  holdingEmptyResponseSchema,
  type HoldingDetails,
} from '@headland/domain/api/holdingsApi';
import { describeApiError } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useRefreshAfterHoldingChange } from './holdingsQueries.ts';

/** The message box a delete shows: a refusal titled 'Unable to delete holding', or the confirmation. */
export type DeleteBox =
  { kind: 'refused'; message: string } | { kind: 'confirm'; holding: HoldingDetails } | null;

export interface HoldingDelete {
  box: DeleteBox;
  /** The holding whose emptiness is being checked. */
  checking: number | null;
  start(holding: HoldingDetails): Promise<void>;
  confirm(): Promise<void>;
  dismiss(): void;
}

/**
 * The delete of session-shell §5: never the session's own holding, only an empty one, and only after the user
 * has clicked Delete in the confirmation. The server checks the same again.
 */
export function useHoldingDelete({ onDeleted }: { onDeleted(holding: HoldingDetails): void }): HoldingDelete {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useAppSession();
  const refresh = useRefreshAfterHoldingChange();
  const [box, setBox] = useState<DeleteBox>(null);
  const [checking, setChecking] = useState<number | null>(null);

  const refusal = (error: unknown): DeleteBox => {
    const problem = describeApiError(error, false);
    if (problem.kind !== 'message') return { kind: 'refused', message: t('holdings.genericError') };
    // The server words its refusals as the domain does; they are shown in the user's language.
    if (problem.message === holdingDeleteMessages.notEmpty)
      return { kind: 'refused', message: t('holdings.delete.notEmpty') };
    if (problem.message === holdingDeleteMessages.selected)
      return { kind: 'refused', message: t('holdings.delete.selected') };
    return { kind: 'refused', message: problem.message };
  };

  const start = async (holding: HoldingDetails) => {
    if (holding.HoldingId === session.holding.HoldingId) {
      setBox({ kind: 'refused', message: t('holdings.delete.selected') });
      return;
    }
    setChecking(holding.HoldingId);
    try {
      const { Empty } = await api.get(`/api/dashboard/holding/empty/${holding.HoldingId}`, {
        schema: holdingEmptyResponseSchema,
        errorDialog: false,
      });
      setBox(
        Empty ? { kind: 'confirm', holding } : { kind: 'refused', message: t('holdings.delete.notEmpty') },
      );
    } catch (error) {
      setBox(refusal(error));
    } finally {
      setChecking(null);
    }
  };

  const confirm = async () => {
    if (box?.kind !== 'confirm') return;
    const { holding } = box;
    setBox(null);
    try {
      await api.post(`/api/dashboard/holding/delete/${holding.HoldingId}`, {
        schema: holdingDeletedResponseSchema,
        errorDialog: false,
      });
    } catch (error) {
      setBox(refusal(error));
      return;
    }
    await refresh(holding.HoldingId, session.holding.HoldingId);
    onDeleted(holding);
  };

  return { box, checking, start, confirm, dismiss: () => setBox(null) };
}
