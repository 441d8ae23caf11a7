import { useTranslation } from 'react-i18next';
import { Badge } from '@mantine/core';
import { useOffline } from './browserConnectivity.ts';

/** The header's notice while the server cannot be reached; it goes when the connection returns. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Badge
      role="status"
      color="orange"
      variant="filled"
      title={t('header.offlineDetails')}
      aria-description={t('header.offlineDetails')}
      style={{ flexShrink: 0 }}
    >
      {t('header.offline')}
    </Badge>
  );
}
