import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalEntryText, refusalText } from '../../i18n/refusalText.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useApiClient } from '../http/ApiClientContext.tsx';
import type { ApiProblem, ConflictAuthor } from '../http/apiClient.ts';
import { clearStoredAccessToken } from '../session/tokenStorage.ts';
import { reloadToLogin } from '../session/reloadToLogin.ts';

/** Above the blocking spinner, which other calls may still hold up. */
const dialogZIndex = 1100;

type ShownProblem = Exclude<ApiProblem, { kind: 'unauthorised' } | { kind: 'maintenance' }>;

/**
 * The error dialogs of session-shell-connections §8 for failed calls: one at a time, in the order they came.
 * The end of the session replaces them all with a dialog that only offers signing in again.
 */
export function ApiProblemDialogs() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<ShownProblem[]>([]);
  const [unauthorised, setUnauthorised] = useState(false);

  useEffect(
    () =>
      api.onProblem((problem) => {
        if (problem.kind === 'unauthorised') setUnauthorised(true);
        // The maintenance panel (MaintenanceGate) takes the screen instead.
        else if (problem.kind === 'maintenance') return;
        // A read the server could not be reached for: the header's offline notice says so, once.
        else if (problem.kind === 'offline' && !problem.write) return;
        else setQueue((current) => [...current, problem]);
      }),
    [api],
  );

  const handleSignInAgain = () => {
    clearStoredAccessToken();
    reloadToLogin();
  };

  if (unauthorised) {
    return (
      <Modal
        opened
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={t('errors.unauthorisedTitle')}
        centered
        zIndex={dialogZIndex}
      >
        <Stack>
          <Text>{t('errors.unauthorised')}</Text>
          <Group justify="flex-end">
            <Button onClick={handleSignInAgain}>{t('errors.signInAgain')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  const current = queue[0];
  if (!current) return null;
  const handleClose = () => setQueue((items) => items.slice(1));
  if (current.kind === 'conflict') {
    const retry = current.mode === 'retry';
    // Refresh first (§8): every screen and open form reads what is stored now, then the user may save again.
    const handleRefresh = () => {
      handleClose();
      void queryClient.invalidateQueries();
    };
    return (
      <Modal
        opened
        onClose={handleClose}
        title={t('errors.conflictTitle')}
        centered
        zIndex={dialogZIndex}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{retry ? t('errors.conflictRetry') : stopText(t, current.changedBy)}</Text>
          <ConflictFacts changedBy={current.changedBy} resources={current.resources} />
          <Group justify="flex-end">
            {retry ? (
              <>
                <Button variant="default" onClick={handleClose}>
                  {t('common.close')}
                </Button>
                <Button onClick={handleRefresh}>{t('live.conflict.refresh')}</Button>
              </>
            ) : (
              <Button onClick={handleClose}>{t('common.ok')}</Button>
            )}
          </Group>
        </Stack>
      </Modal>
    );
  }
  const message =
    current.kind === 'offline'
      ? t('errors.offline')
      : current.kind !== 'message'
        ? t('errors.generic')
        : current.entry
          ? (refusalEntryText(i18n, current.entry, current.refusal) ?? current.message)
          : current.refusal
            ? (refusalText(i18n, { ...current.refusal, Message: current.message }) ?? current.message)
            : current.message;

  return (
    <Modal
      opened
      onClose={handleClose}
      title={t('errors.title')}
      centered
      zIndex={dialogZIndex}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={handleClose}>{t('common.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The kinds of record a 409 names (`type:id`) that have words of their own. */
const conflictRecordKinds: ReadonlySet<string> = new Set([
  'cropping',
  'field',
  'holding',
  'member',
  'setting',
]);

/**
 * Who changed what, from the 409's `ChangedBy` and `Resources`, in the stop mode's words for the author: you (in
 * another tab), the named user, else another user.
 */
function ConflictFacts({ changedBy, resources }: { changedBy: ConflictAuthor | null; resources: string[] }) {
  const { t } = useTranslation();
  const who = changedBy?.Self
    ? t('errors.conflictWho.self')
    : changedBy
      ? changedBy.Name
      : t('errors.conflictWho.another');
  const kinds = [...new Set(resources.map((resource) => resource.split(':')[0] ?? ''))];
  const what = kinds
    .map((kind) => t(`errors.conflictWhat.${conflictRecordKinds.has(kind) ? kind : 'other'}`))
    .filter((text, index, all) => all.indexOf(text) === index)
    .join(', ');
  return (
    <Stack gap={2}>
      <Text size="sm">{t('errors.conflictChangedBy', { who })}</Text>
      {what && <Text size="sm">{t('errors.conflictChangedWhat', { what })}</Text>}
    </Stack>
  );
}

/** The stop mode's words: the action cannot complete because you, the named user, or another user is at work. */
function stopText(t: (key: string, options?: Record<string, string>) => string, by: ConflictAuthor | null) {
  if (by?.Self) return t('live.conflict.stopSelf');
  if (by) return t('live.conflict.stopNamed', { name: by.Name });
  return t('live.conflict.stopAnother');
}
