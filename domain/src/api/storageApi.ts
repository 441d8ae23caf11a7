import { z } from 'zod';
import { ExternalApp } from '../enumerations.ts';
import { dbIdParam } from './wireValues.ts';

/** The file stores of connected apps (session-shell-connections §7, fields-croppings-maps §7), at the spec's paths. */
export const storageRoutes = {
  folderContents: '/api/storage/folder/contents',
  /** A file's bytes, for an import to read (not a spec call: the file selection dialog's choice arrives here). */
  file: '/api/storage/file',
} as const;

/** The apps whose accounts hold files: a cloud file store, and the reference provider's store. */
export const storageApps: readonly ExternalApp[] = [ExternalApp.OmniaConnect, ExternalApp.Dropbox];

export const maxStoragePathLength = 1024;
/** The most entries of one folder Headland lists; a store's folder may hold many more. */
export const maxFolderEntries = 5000;
/** The largest file Headland brings in from a store: the boundary import's own upload limit. */
export const maxStorageFileBytes = 100 * 1024 * 1024;

/** A path from the store's root: '/'-separated, no '..' segment, no control characters or backslashes. */
export const storagePathSchema = z
  .string()
  .max(maxStoragePathLength)
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  .regex(/^\/[^\u0000-\u001f\\]*$/, 'A path starts with / and holds no control characters or backslashes.')
  .refine((path) => !path.split('/').includes('..'), 'A path may not go up a folder with ..');

/** The folder a path names, without trailing slashes: '/' for the root. */
export function storageFolder(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** The last segment of a path: the name of the file or folder it names. */
export function storageName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export const folderContentsQuerySchema = z.object({
  connectionId: dbIdParam,
  path: storagePathSchema.default('/'),
  /** One level at a time (§7): deeper folders are asked for as they are opened. */
  levels: z.literal('1').default('1'),
});

export const fileQuerySchema = z.object({ connectionId: dbIdParam, path: storagePathSchema });

/** A file item (§3): Name, Path, IsFolder; Contents stays null, since one level is listed at a time. */
export const fileItemSchema = z.object({
  Name: z.string(),
  Path: z.string(),
  IsFolder: z.boolean(),
  Contents: z.null(),
});
export type FileItem = z.infer<typeof fileItemSchema>;
export const folderContentsResponseSchema = z.array(fileItemSchema);
