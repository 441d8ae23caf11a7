import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { documentListResponseSchema } from '@headland/domain/api/documentsApi';
import { checkDocumentSelection, type DocumentProblem } from '@headland/domain/documentRules';
import { ApiRequestError } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { documentsKey } from './documentsQueries.ts';

/** Problems the server names by code; anything else it refuses is shown as the spec's Import error. */
const namedProblems: ReadonlySet<string> = new Set([
  'tooManyFiles',
  'tooLarge',
  'fileType',
  'heic',
  'yearNotInSession',
]);

/** The problem an answer names, when it names one the popup can word; null for any other failure. */
export function problemOfAnswer(error: unknown): DocumentProblem | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const body = error.body as { Code?: unknown; Params?: Record<string, unknown> } | undefined;
  if (typeof body?.Code !== 'string' || !namedProblems.has(body.Code)) return null;
  return { code: body.Code, ...(body.Params ?? {}) } as DocumentProblem;
}

export interface DocumentUpload {
  /** The share sent so far, 0 to 100, while an upload runs; null otherwise. */
  percent: number | null;
  /** Why the last selection was refused, in or before the server. */
  problem: DocumentProblem | null;
  /** The last upload failed otherwise: the Import error dialog is due. */
  importError: boolean;
  upload(files: readonly File[], yearId: number): Promise<void>;
  dismiss(): void;
}

/**
 * Sends a selection of files to the library: checked here first (count, total size, type by name) so that
 * nothing is sent that the server would refuse, then posted with its progress reported.
 */
export function useDocumentUpload(): DocumentUpload {
  const api = useApiClient();
  const client = useQueryClient();
  const { holding } = useAppSession();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<DocumentProblem | null>(null);
  const [importError, setImportError] = useState(false);

  const upload = useCallback(
    async (files: readonly File[], yearId: number) => {
      setProblem(null);
      setImportError(false);
      const refused = checkDocumentSelection(files);
      if (refused) {
        setProblem(refused);
        return;
      }
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      setPercent(0);
      try {
        // No blocking spinner and no error dialog: the popup shows the progress and its own error dialog.
        await api.post(`/api/import/document/import/${holding.HoldingId}/${yearId}`, {
          formData: form,
          onUploadProgress: (fraction) => setPercent(Math.round(fraction * 100)),
          schema: documentListResponseSchema,
          spinner: false,
          errorDialog: false,
        });
        await client.invalidateQueries({ queryKey: documentsKey(holding.HoldingId) });
      } catch (error) {
        const named = problemOfAnswer(error);
        if (named) setProblem(named);
        else setImportError(true);
      } finally {
        setPercent(null);
      }
    },
    [api, client, holding.HoldingId],
  );

  const dismiss = useCallback(() => {
    setProblem(null);
    setImportError(false);
  }, []);

  return { percent, problem, importError, upload, dismiss };
}
