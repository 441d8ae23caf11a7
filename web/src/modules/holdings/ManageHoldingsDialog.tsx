import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { HoldingDetails, HoldingImportPreview } from '@headland/domain/api/holdingsApi';
import { rolePermissions } from '@headland/domain/permissions';
import { resolveRole } from '@headland/domain/roles';
import { describeApiError } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { EditHoldingDialog } from './EditHoldingDialog.tsx';
import { holdingsLayers } from './holdingsLayers.ts';
import { useManagedHoldings, useRefreshAfterHoldingChange } from './holdingsQueries.ts';
import { downloadHoldingExport, previewHoldingImport, uploadHoldingImport } from './holdingTransfer.ts';
import { FileDropZone } from '../../shell/files/FileDropZone.tsx';
import { useHoldingDelete } from './useHoldingDelete.ts';
import { MessageBox } from './MessageBox.tsx';

export interface ManageHoldingsDialogProps {
  onClose(): void;
  /** A holding was created or changed through the edit dialog. */
  onHoldingSaved(holding: HoldingDetails): void;
}

/** Which edit dialog is open: an existing holding, or a new one. */
type Editing = { holding: HoldingDetails | null } | null;

/** Holdings whose trading name, post town or account number contain the search text, by trading name. */
export function filterHoldings(holdings: readonly HoldingDetails[], search: string): HoldingDetails[] {
  const text = search.trim().toLocaleLowerCase();
  return holdings
    .filter(
      (holding) =>
        text === '' ||
        [holding.TradingName, holding.Town, holding.AccountNumber].some((value) =>
          value?.toLocaleLowerCase().includes(text),
        ),
    )
    .sort((a, b) => a.TradingName.localeCompare(b.TradingName));
}

/** The Manage holdings dialog of the user menu: list, search, create, edit, export, import and delete. */
export function ManageHoldingsDialog({ onClose, onHoldingSaved }: ManageHoldingsDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useAppSession();
  const list = useManagedHoldings();
  const refresh = useRefreshAfterHoldingChange();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  // Holdings made here stay listed even when the server's short list (Master and Admin) leaves them out.
  const [added, setAdded] = useState<HoldingDetails[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [importCheck, setImportCheck] = useState<HoldingImportPreview | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const deletion = useHoldingDelete({
    onDeleted: (holding) => {
      setAdded((current) => current.filter((entry) => entry.HoldingId !== holding.HoldingId));
      setNotice(t('holdings.manage.deleted', { name: holding.TradingName }));
    },
  });

  const role = resolveRole(session.user.Role);
  const writableSession = !session.readOnly;
  const canCreate = writableSession && rolePermissions(role).holdings.write;

  const holdings = useMemo(() => {
    const listed = list.data?.Holdings ?? [];
    const extra = added.filter((holding) => !listed.some((entry) => entry.HoldingId === holding.HoldingId));
    return filterHoldings([...listed, ...extra], search);
  }, [list.data, added, search]);

  const problemText = (error: unknown) => {
    const described = describeApiError(error, false);
    return described.kind === 'message' ? described.message : t('holdings.genericError');
  };

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    setNotice(null);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(null);
    }
  };

  const handleExport = (holding: HoldingDetails) =>
    run(`export-${holding.HoldingId}`, async () => {
      await downloadHoldingExport(api, holding.HoldingId);
      setNotice(t('holdings.manage.exported', { name: holding.TradingName }));
    });

  const importFile = async (chosen: File, replace?: { HoldingId: number; TradingName: string }) => {
    const imported = await uploadHoldingImport(api, chosen, replace?.HoldingId);
    setAdded((current) => [...current.filter((entry) => entry.HoldingId !== imported.HoldingId), imported]);
    setFile(null);
    setImportCheck(null);
    setNotice(
      replace
        ? t('holdingImport.replaced', { name: replace.TradingName })
        : t('holdings.manage.imported', { name: imported.TradingName }),
    );
    await refresh(imported.HoldingId, session.holding.HoldingId);
  };

  // The file is read first: when the user already has a holding with its account number, they choose.
  const handleImport = () => {
    if (!file) return;
    void run('import', async () => {
      const check = await previewHoldingImport(api, file);
      if (check.SameAccountNumber.length === 0) await importFile(file);
      else setImportCheck(check);
    });
  };

  const handleImportChoice = (replace?: { HoldingId: number; TradingName: string }) => {
    if (!file) return;
    void run('import', () => importFile(file, replace));
  };

  const handleSkipImport = () => {
    setImportCheck(null);
    setFile(null);
    setNotice(t('holdingImport.skipped'));
  };

  const handleSaved = (saved: HoldingDetails) => {
    setAdded((current) => [...current.filter((entry) => entry.HoldingId !== saved.HoldingId), saved]);
    onHoldingSaved(saved);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('holdings.manage.title')}
      size="xl"
      zIndex={holdingsLayers.manage}
      closeButtonProps={{ 'aria-label': t('holdings.close') }}
    >
      <Stack>
        <Group align="flex-end" justify="space-between">
          <TextInput
            label={t('holdings.manage.search')}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flexGrow: 1 }}
          />
          {canCreate && (
            <Button onClick={() => setEditing({ holding: null })}>{t('holdings.manage.newHolding')}</Button>
          )}
        </Group>
        {canCreate && (
          <Group align="flex-end">
            <FileDropZone
              label={t('holdings.manage.importFile')}
              description={t('holdings.manage.importFileHint')}
              accept=".zip,application/zip"
              file={file}
              onFile={(chosen) => {
                setFile(chosen);
                setImportCheck(null);
              }}
              disabled={busy === 'import'}
            />
            <Button
              variant="default"
              disabled={!file || importCheck !== null}
              loading={busy === 'import'}
              onClick={handleImport}
            >
              {t('holdings.manage.import')}
            </Button>
          </Group>
        )}
        {importCheck && (
          <Alert color="yellow" title={t('holdingImport.sameAccountTitle')}>
            <Stack gap="xs">
              <Text size="sm">
                {importCheck.AccountNumber
                  ? t('holdingImport.summary', {
                      name: importCheck.TradingName,
                      account: importCheck.AccountNumber,
                      fields: importCheck.Fields,
                      croppings: importCheck.Croppings,
                      years: importCheck.CropYears.join(', '),
                    })
                  : t('holdingImport.summaryNoAccount', {
                      name: importCheck.TradingName,
                      fields: importCheck.Fields,
                      croppings: importCheck.Croppings,
                      years: importCheck.CropYears.join(', '),
                    })}
              </Text>
              <Text size="sm">
                {t('holdingImport.sameAccount', {
                  account: importCheck.AccountNumber,
                  names: importCheck.SameAccountNumber.map((holding) => holding.TradingName).join(', '),
                })}
              </Text>
              <Group>
                {importCheck.SameAccountNumber.map((holding) => (
                  <Button
                    key={holding.HoldingId}
                    color="orange"
                    loading={busy === 'import'}
                    onClick={() => handleImportChoice(holding)}
                  >
                    {t('holdingImport.replace', { name: holding.TradingName })}
                  </Button>
                ))}
                <Button variant="default" disabled={busy === 'import'} onClick={() => handleImportChoice()}>
                  {t('holdingImport.importAnyway')}
                </Button>
                <Button variant="subtle" disabled={busy === 'import'} onClick={handleSkipImport}>
                  {t('holdingImport.skip')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {notice && (
          <Alert
            color="green"
            role="status"
            withCloseButton
            onClose={() => setNotice(null)}
            closeButtonLabel={t('holdings.close')}
          >
            {notice}
          </Alert>
        )}
        {problem && (
          <Alert
            color="red"
            title={t('holdings.errorTitle')}
            withCloseButton
            onClose={() => setProblem(null)}
            closeButtonLabel={t('holdings.close')}
          >
            {problem}
          </Alert>
        )}
        {list.isPending ? (
          <Center p="lg">
            <Loader aria-label={t('holdings.loading')} />
          </Center>
        ) : list.isError ? (
          <Alert color="red">{t('holdings.manage.loadError')}</Alert>
        ) : holdings.length === 0 ? (
          <Text c="dimmed">
            {search.trim() ? t('holdings.manage.noMatch') : t('holdings.manage.noHoldings')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55vh">
            <Table striped highlightOnHover aria-label={t('holdings.manage.list')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('holdings.manage.tradingName')}</Table.Th>
                  <Table.Th>{t('holdings.manage.postTown')}</Table.Th>
                  <Table.Th>{t('holdings.manage.accountNumber')}</Table.Th>
                  <Table.Th>{t('holdings.manage.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {holdings.map((holding) => {
                  const writable = writableSession && !holding.ReadOnly;
                  const name = holding.TradingName;
                  return (
                    <Table.Tr key={holding.HoldingId}>
                      <Table.Td>
                        {name}
                        {holding.HoldingId === session.holding.HoldingId && (
                          <Text span c="dimmed" size="sm">
                            {' '}
                            ({t('holdings.manage.openInSession')})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{holding.Town ?? ''}</Table.Td>
                      <Table.Td>{holding.AccountNumber ?? ''}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            aria-label={t(
                              writable ? 'holdings.manage.editLabel' : 'holdings.manage.viewLabel',
                              { name },
                            )}
                            onClick={() => setEditing({ holding })}
                          >
                            {t(writable ? 'holdings.manage.edit' : 'holdings.manage.view')}
                          </Button>
                          {holding.CanExport && (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              aria-label={t('holdings.manage.exportLabel', { name })}
                              loading={busy === `export-${holding.HoldingId}`}
                              onClick={() => void handleExport(holding)}
                            >
                              {t('holdings.manage.export')}
                            </Button>
                          )}
                          {writable && (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              aria-label={t('holdings.manage.deleteLabel', { name })}
                              loading={deletion.checking === holding.HoldingId}
                              onClick={() => void deletion.start(holding)}
                            >
                              {t('holdings.deleteButton')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>

      {editing && (
        <EditHoldingDialog holding={editing.holding} onClose={() => setEditing(null)} onSaved={handleSaved} />
      )}
      <MessageBox
        opened={deletion.box?.kind === 'refused'}
        title={t('holdings.delete.unableTitle')}
        message={deletion.box?.kind === 'refused' ? deletion.box.message : ''}
        buttons="ok"
        onClose={deletion.dismiss}
      />
      <MessageBox
        opened={deletion.box?.kind === 'confirm'}
        title={t('holdings.delete.confirmTitle')}
        message={
          deletion.box?.kind === 'confirm'
            ? t('holdings.delete.confirm', { name: deletion.box.holding.TradingName })
            : ''
        }
        buttons="deleteCancel"
        onClose={deletion.dismiss}
        onConfirm={() => void deletion.confirm()}
      />
    </Modal>
  );
}
