import {
  maxStorageFileBytes,
  storageApps,
  storageFolder,
  storageName,
  type FileItem,
} from '@headland/domain/api/storageApi';
import type { ExternalApp } from '@headland/domain/connectedApps';
import type { Caller } from '../../auth/caller.ts';
import { badRequest, HttpError, notFound } from '../../http/httpErrors.ts';
import { connectionToUpdate, withProvider, type AppsContext } from './apps.service.ts';
import { fetchFileBytes, fetchFolder, FileTooLarge } from './providerApi.ts';

/**
 * The file store of a connection's account (session-shell-connections §7 storage calls). The files are the
 * account's, so only the connection's owner or Admin and above browse them (as config GET); the store is asked
 * one folder at a time, and a file is read to at most the import limit.
 */
async function storeOf(context: AppsContext, caller: Caller, connectionId: number) {
  const row = await connectionToUpdate(context, caller, connectionId);
  const provider = context.providers.get(row.app_id as ExternalApp);
  if (!storageApps.includes(row.app_id as ExternalApp) || !provider?.files) throw badRequest('appHasNoFiles');
  return { row, files: provider.files };
}

/** GET folder/contents: the entries directly inside `path`, folders first. */
export async function folderContents(
  context: AppsContext,
  caller: Caller,
  connectionId: number,
  path: string,
): Promise<FileItem[]> {
  const { row, files } = await storeOf(context, caller, connectionId);
  const entries = await withProvider(context, caller, row, (_provider, credential) =>
    fetchFolder(files.folderUrl(storageFolder(path)), credential),
  );
  if (entries === null) throw badRequest('connectionNotWorking');
  if (entries === 'notFound') throw notFound('folderNotFound');
  return entries
    .sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name))
    .map((entry) => ({ Name: entry.name, Path: entry.path, IsFolder: entry.isFolder, Contents: null }));
}

/** GET file: a file's name and bytes, for the import the user chose it for. */
export async function storageFile(
  context: AppsContext,
  caller: Caller,
  connectionId: number,
  path: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const { row, files } = await storeOf(context, caller, connectionId);
  let bytes;
  try {
    bytes = await withProvider(context, caller, row, (_provider, credential) =>
      fetchFileBytes(files.contentUrl(path), credential, maxStorageFileBytes),
    );
  } catch (error) {
    if (error instanceof FileTooLarge)
      throw new HttpError(413, 'storageFileTooLarge', { maxMb: maxStorageFileBytes / 1024 / 1024 });
    throw error;
  }
  if (bytes === null) throw badRequest('connectionNotWorking');
  if (bytes === 'notFound') throw notFound('fileNotFound');
  return { name: storageName(path) || 'file', bytes };
}
