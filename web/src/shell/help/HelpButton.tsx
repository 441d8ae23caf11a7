import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ActionIcon } from '@mantine/core';
import { helpLinksForPath } from '@headland/domain/helpLinks';
import { resolveRole } from '@headland/domain/roles';
import { useAppSession } from '../session/AppSessionContext.tsx';
import { HelpDialog } from './HelpDialog.tsx';
import { configuredHelpVideos } from './helpVideos.ts';

/** The header's help button: shown where the open module has help items the user may see. */
export function HelpButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useAppSession();
  const [opened, setOpened] = useState(false);
  const links = helpLinksForPath(pathname, resolveRole(session.selection.Role), configuredHelpVideos());
  if (links.length === 0) return null;
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        // On a phone-width header the holding's name keeps the room (session-shell §2 header).
        visibleFrom="xs"
        aria-label={t('help.open')}
        onClick={() => setOpened(true)}
      >
        <QuestionIcon />
      </ActionIcon>
      <HelpDialog opened={opened} links={links} onClose={() => setOpened(false)} />
    </>
  );
}

function QuestionIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3" />
      <path d="M12 17h.01" />
    </svg>
  );
}
