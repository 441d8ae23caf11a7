import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Center, Loader, Overlay } from '@mantine/core';
import { useApiClient } from '../http/ApiClientContext.tsx';

/** Blocks the screen while a call that needs the spinner is under way. */
export function SpinnerOverlay() {
  const { t } = useTranslation();
  const api = useApiClient();
  const busy = useSyncExternalStore(api.subscribeBusy, api.isBusy);
  if (!busy) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.15} blur={1}>
      <Center h="100%">
        <div role="status" aria-label={t('common.loading')} aria-live="polite">
          <Loader />
        </div>
      </Center>
    </Overlay>
  );
}
