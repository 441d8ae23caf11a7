import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Button, Group, Stack, Title } from '@mantine/core';
import { BoundaryImport } from './BoundaryImport.tsx';
import { CroppingEditorPage } from './CroppingEditorPage.tsx';
import { CroppingTimeline } from './CroppingTimeline.tsx';
import { FieldDetails } from './FieldDetails.tsx';
import { FieldList } from './FieldList.tsx';
import { canAccess } from '@headland/domain/permissions';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { HoldingValidationPanel } from './HoldingValidationPanel.tsx';
import { RenderFallback } from './widgets/RenderFallback.tsx';

type FieldsView = 'list' | 'timeline' | 'validation' | 'import';

const views: readonly { view: FieldsView; path: string; text: string }[] = [
  { view: 'list', path: '/fields', text: 'fields.nav.list' },
  { view: 'timeline', path: '/fields/timeline', text: 'fields.nav.timeline' },
  { view: 'validation', path: '/fields/validation', text: 'fields.nav.validation' },
  { view: 'import', path: '/fields/import', text: 'fields.nav.import' },
];

function positiveId(text: string | undefined): number | undefined {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The Fields module (/fields/:action?/:id?): the field list, a field's details (details/:id), the cropping
 * editor (cropping/:id, or newcropping/:fieldId for a new one), the timeline, the holding validation and the
 * boundary import.
 */
export function FieldsPage() {
  const { t } = useTranslation();
  const { action, id } = useParams();
  const numericId = positiveId(id);
  const session = useAppSession();
  // Validation looks at every field of the holding, which a partner's user does not see; importing writes.
  const offered = (view: FieldsView) =>
    view === 'validation'
      ? !session.selection.AccessRestrictions.Partner
      : view !== 'import' || canAccess(session.permissions, 'fields', 'write');

  let view: FieldsView = 'list';
  let content: ReactNode;
  switch (action) {
    case undefined:
      content = <FieldList />;
      break;
    case 'details':
      content =
        numericId === undefined ? <Navigate to="/fields" replace /> : <FieldDetails fieldId={numericId} />;
      break;
    case 'cropping':
      content =
        numericId === undefined ? (
          <Navigate to="/fields" replace />
        ) : (
          <CroppingEditorPage croppingId={numericId} />
        );
      break;
    case 'newcropping':
      content =
        numericId === undefined ? (
          <Navigate to="/fields" replace />
        ) : (
          <CroppingEditorPage fieldId={numericId} />
        );
      break;
    case 'timeline':
    case 'validation':
    case 'import':
      if (!offered(action)) {
        content = <Navigate to="/fields" replace />;
        break;
      }
      view = action;
      content =
        action === 'timeline' ? (
          <CroppingTimeline />
        ) : action === 'validation' ? (
          <HoldingValidationPanel />
        ) : (
          <BoundaryImport />
        );
      break;
    default:
      content = <Navigate to="/fields" replace />;
  }

  return (
    <Stack>
      <Title order={2}>{t('fields.title')}</Title>
      <Group component="nav" aria-label={t('fields.nav.label')} gap="xs">
        {views
          .filter((entry) => offered(entry.view))
          .map((entry) => (
            <Button
              key={entry.view}
              component={Link}
              to={entry.path}
              variant={entry.view === view ? 'filled' : 'light'}
              aria-current={entry.view === view ? 'page' : undefined}
              size="xs"
            >
              {t(entry.text)}
            </Button>
          ))}
      </Group>
      {/* Keyed by route so that a part that failed is tried again on the next screen. */}
      <RenderFallback key={`${action ?? ''}/${id ?? ''}`}>{content}</RenderFallback>
    </Stack>
  );
}
