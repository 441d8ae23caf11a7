import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { BoundaryImport } from '../fields/BoundaryImport.tsx';
import { fieldListQuery } from '../fields/fieldsQueries.ts';
import { LayerImportDialog } from '../datalayers/layers/LayerImportDialog.tsx';
import { managesLibrary } from '../documents/documentAccess.ts';
import { ImportTaskList } from './ImportTaskList.tsx';
import { importTasksKey } from './importTasksQuery.ts';

const ManageHoldingsDialog = lazy(() =>
  import('../holdings/ManageHoldingsDialog.tsx').then((module) => ({ default: module.ManageHoldingsDialog })),
);
const DocumentLibraryDialog = lazy(() =>
  import('../documents/DocumentLibraryDialog.tsx').then((module) => ({
    default: module.DocumentLibraryDialog,
  })),
);

/** The components of the Import screen, each the route's `:component`. */
const components = ['boundaries', 'layers', 'holding', 'documents'] as const;
type Component = (typeof components)[number];

const isComponent = (value: string | undefined): value is Component =>
  (components as readonly string[]).includes(value ?? '');

/**
 * The Import screen (/import/:component?): one place for every import a holding takes. Each component is the
 * import its own screen already offers (boundaries, soil and yield, a whole holding, documents), and below them
 * the caller's imports with their status and progress.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { component } = useParams();
  const session = useAppSession();
  const holdingId = session.holding.HoldingId;
  const [dialog, setDialog] = useState<'layers' | 'holding' | 'documents' | null>(null);
  const current: Component = isComponent(component) ? component : 'boundaries';
  const canImportLayers = session.permissions.mapLayers.write && !session.readOnly;
  const canManageHoldings = session.permissions.holdings.write && !session.readOnly;
  const canManageDocuments = managesLibrary(session.permissions, session.readOnly);
  const fields = useQuery({
    ...fieldListQuery(api, holdingId, session.yearId),
    enabled: dialog === 'layers',
  });
  const refreshTasks = () => void client.invalidateQueries({ queryKey: importTasksKey(holdingId) });

  return (
    <Stack p="md" maw={1100}>
      <Title order={2}>{t('importScreen.title')}</Title>
      <Text>{t('importScreen.intro')}</Text>
      <Tabs value={current} onChange={(next) => next && void navigate(`/import/${next}`)} keepMounted={false}>
        <Tabs.List>
          {components.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`importScreen.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="boundaries" pt="md">
          <BoundaryImport />
        </Tabs.Panel>
        <Tabs.Panel value="layers" pt="md">
          <Stack align="flex-start">
            <Text>{t('importScreen.layersHint')}</Text>
            <Button disabled={!canImportLayers} onClick={() => setDialog('layers')}>
              {t('importScreen.layersButton')}
            </Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="holding" pt="md">
          <Stack align="flex-start">
            <Text>{t('importScreen.holdingHint')}</Text>
            <Button disabled={!canManageHoldings} onClick={() => setDialog('holding')}>
              {t('importScreen.holdingButton')}
            </Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <Stack align="flex-start">
            <Text>{t('importScreen.documentsHint')}</Text>
            <Button disabled={!canManageDocuments} onClick={() => setDialog('documents')}>
              {t('importScreen.documentsButton')}
            </Button>
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <ImportTaskList />

      {dialog === 'layers' && fields.data && (
        <LayerImportDialog
          fields={fields.data}
          onClose={() => {
            setDialog(null);
            refreshTasks();
          }}
          onImported={refreshTasks}
        />
      )}
      <Suspense fallback={null}>
        {dialog === 'holding' && (
          <ManageHoldingsDialog onClose={() => setDialog(null)} onHoldingSaved={() => undefined} />
        )}
        {dialog === 'documents' && <DocumentLibraryDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </Stack>
  );
}
