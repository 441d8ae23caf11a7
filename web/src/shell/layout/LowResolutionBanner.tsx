import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import { lowResolutionHeightPx, lowResolutionWidthPx } from '@headland/domain/limits';
import { useWindowSize } from './useWindowSize.ts';

/**
 * Warns once per page that the window is smaller than the app is designed for. The window is measured rather
 * than the screen, because a large screen with a small window crowds the app just the same.
 */
export function LowResolutionBanner() {
  const { t } = useTranslation();
  const { width, height } = useWindowSize();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || (width >= lowResolutionWidthPx && height >= lowResolutionHeightPx)) return null;
  return (
    <Alert
      color="yellow"
      role="status"
      withCloseButton
      closeButtonLabel={t('lowResolution.dismiss')}
      onClose={() => setDismissed(true)}
      radius={0}
    >
      {t('lowResolution.message', { width: lowResolutionWidthPx, height: lowResolutionHeightPx })}
    </Alert>
  );
}
