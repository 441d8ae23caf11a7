import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { FileItem } from '@headland/domain/api/storageApi';
import { useFolder } from './storageQueries.ts';
import { LoadFailed, LoadingLine } from '../dialogs/LoadStates.tsx';

export interface FileSelectionDialogProps {
  connectionId: number;
  /** The app's name, for the title. */
  appName: string;
  /** Whether a file can be chosen here (the import reads it); others are shown but cannot be ticked. */
  accepts(name: string): boolean;
  multiple: boolean;
  onClose(): void;
  onSelect(files: FileItem[]): void;
}

/** The folder's path as breadcrumbs: the store's root, then each folder down to the open one. */
function crumbsOf(path: string): { name: string | null; path: string }[] {
  const names = path.split('/').filter(Boolean);
  return [
    { name: null, path: '/' },
    ...names.map((name, index) => ({ name, path: `/${names.slice(0, index + 1).join('/')}` })),
  ];
}

/**
 * The file selection dialog (session-shell-connections §2): a connected app's files, one folder at a time, with
 * the path as breadcrumbs, a search of the open folder, refresh, and select all where several files may be
 * chosen. Folders open on a click; a folder's listing is kept for a few minutes (§7: cached per path).
 */
export function FileSelectionDialog({
  connectionId,
  appName,
  accepts,
  multiple,
  onClose,
  onSelect,
}: FileSelectionDialogProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState('/');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlyMap<string, FileItem>>(new Map());
  const folder = useFolder(connectionId, path);

  const open = (next: string) => {
    setPath(next);
    setSearch('');
  };
  const wanted = search.trim().toLocaleLowerCase();
  const entries = (folder.data ?? []).filter(
    (entry) => !wanted || entry.Name.toLocaleLowerCase().includes(wanted),
  );
  const choosable = entries.filter((entry) => !entry.IsFolder && accepts(entry.Name));
  const allChosen = choosable.length > 0 && choosable.every((entry) => chosen.has(entry.Path));
  const toggle = (entry: FileItem, on: boolean) => {
    const next = new Map(multiple ? chosen : []);
    if (on) next.set(entry.Path, entry);
    else next.delete(entry.Path);
    setChosen(next);
  };

  let list;
  if (folder.isError) {
    list = (
      <LoadFailed
        title={t('apps.files.loadError')}
        retry={t('apps.retry')}
        onRetry={() => void folder.refetch()}
      />
    );
  } else if (!folder.data) {
    list = <LoadingLine text={t('apps.files.loading')} />;
  } else if (folder.data.length === 0) {
    list = <Text c="dimmed">{t('apps.files.empty')}</Text>;
  } else if (entries.length === 0) {
    list = <Text c="dimmed">{t('apps.files.noMatch')}</Text>;
  } else {
    list = (
      <Stack
        gap={6}
        component="ul"
        aria-label={t('apps.files.listLabel')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {entries.map((entry) => (
          <li key={entry.Path}>
            {entry.IsFolder ? (
              <UnstyledButton
                onClick={() => open(entry.Path)}
                aria-label={t('apps.files.openFolder', { name: entry.Name })}
                style={{ display: 'flex', gap: 8, alignItems: 'center' }}
              >
                <FolderIcon />
                <Text fw={600}>{entry.Name}</Text>
              </UnstyledButton>
            ) : multiple ? (
              <Checkbox
                label={entry.Name}
                checked={chosen.has(entry.Path)}
                disabled={!accepts(entry.Name)}
                description={accepts(entry.Name) ? undefined : t('apps.files.notRead')}
                onChange={(event) => toggle(entry, event.currentTarget.checked)}
              />
            ) : (
              <Radio
                name="file-selection"
                label={entry.Name}
                checked={chosen.has(entry.Path)}
                disabled={!accepts(entry.Name)}
                description={accepts(entry.Name) ? undefined : t('apps.files.notRead')}
                onChange={(event) => toggle(entry, event.currentTarget.checked)}
              />
            )}
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('apps.files.title', { app: appName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('apps.close') }}
    >
      <Stack>
        <nav aria-label={t('apps.files.path')}>
          <Breadcrumbs separator="›">
            {crumbsOf(path).map((crumb, index, all) =>
              index === all.length - 1 ? (
                <Text key={crumb.path} fw={600} aria-current="location">
                  {crumb.name ?? t('apps.files.root')}
                </Text>
              ) : (
                <Anchor key={crumb.path} component="button" type="button" onClick={() => open(crumb.path)}>
                  {crumb.name ?? t('apps.files.root')}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        </nav>
        <Group gap="xs" align="flex-end">
          <TextInput
            type="search"
            label={t('apps.files.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: 1 }}
          />
          <Button variant="default" loading={folder.isFetching} onClick={() => void folder.refetch()}>
            {t('apps.files.refresh')}
          </Button>
        </Group>
        {multiple && choosable.length > 0 && (
          <Checkbox
            label={t('apps.files.selectAll')}
            checked={allChosen}
            indeterminate={!allChosen && choosable.some((entry) => chosen.has(entry.Path))}
            onChange={(event) =>
              setChosen(
                event.currentTarget.checked
                  ? new Map(choosable.map((entry) => [entry.Path, entry]))
                  : new Map(),
              )
            }
          />
        )}
        <ScrollArea.Autosize mah={360} type="auto">
          {list}
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('apps.cancel')}
          </Button>
          <Button disabled={chosen.size === 0} onClick={() => onSelect([...chosen.values()])}>
            {t('apps.files.select')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FolderIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}
