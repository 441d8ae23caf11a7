import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Notification, Portal } from '@mantine/core';
import { holdingSavedBannerMs } from '@headland/domain/limits';

export interface HoldingSavedBannerProps {
  /** The trading name of the holding just saved. */
  name: string;
  /** The banner's time is up or the user closed it. */
  onDone(): void;
}

/** The holding-saved banner: shown for 10 seconds at the top of the window, above any dialog. */
export function HoldingSavedBanner({ name, onDone }: HoldingSavedBannerProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(onDone, holdingSavedBannerMs);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <Portal>
      <Notification
        role="status"
        color="green"
        withBorder
        onClose={onDone}
        closeButtonProps={{ 'aria-label': t('holdings.close') }}
        style={{
          position: 'fixed',
          top: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 400,
          minWidth: 320,
        }}
      >
        {t('holdings.saved', { name })}
      </Notification>
    </Portal>
  );
}
