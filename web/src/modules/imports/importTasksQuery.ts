import { queryOptions } from '@tanstack/react-query';
import { importsPaths, importTaskListSchema, type ImportTaskRow } from '@headland/domain/api/importsApi';
import { TaskStatus } from '@headland/domain/enumerations';
import type { ApiClient } from '../../shell/http/apiClient.ts';

/** How often the list is asked again while an import is pending or running. */
export const importTaskPollMs = 2_000;

export const importTasksKey = (holdingId: number) => ['imports', holdingId, 'tasks'] as const;

/** Whether a task may still change: the list keeps polling until none is pending or running. */
export function isUnderWay(task: ImportTaskRow): boolean {
  return task.Status === TaskStatus.Pending || task.Status === TaskStatus.Running;
}

/** The caller's imports on the holding. Polled quietly: the spec keeps import-task polling off the spinner. */
export function importTasksQuery(api: ApiClient, holdingId: number) {
  return queryOptions({
    queryKey: importTasksKey(holdingId),
    queryFn: async ({ signal }) =>
      (await api.get(importsPaths.tasks, { schema: importTaskListSchema, signal, spinner: false })).Tasks,
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? importTaskPollMs : false),
  });
}
