import {
  importTaskListDays,
  importTaskListLimit,
  taskStatusOfImport,
  type ImportTaskList,
} from '@headland/domain/api/importsApi';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../auth/caller.ts';
import { recentImportTasks } from '../layers/layerImport.service.ts';

/**
 * The Import screen's list of the caller's imports, each with the spec's Task status. An import cut off by a
 * server's stop is already marked failed at the next start (layers/interruptedImports.ts), so it shows as
 * Error here rather than running for ever.
 */
export async function listImportTasks(db: Db, caller: Caller): Promise<ImportTaskList> {
  const rows = await recentImportTasks(db, caller, importTaskListDays, importTaskListLimit);
  return {
    Tasks: rows.map((row) => ({
      TaskId: row.id,
      Component: 'layers',
      Status: taskStatusOfImport(row.status),
      Progress: row.status === 'done' ? 100 : row.progress,
      FileName: row.fileName,
      Date: row.date,
      LayerIds: row.layerIds,
      Error: row.error,
    })),
  };
}
