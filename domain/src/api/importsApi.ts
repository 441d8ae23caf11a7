import { z } from 'zod';
import { TaskStatus, taskStatusSchema } from '../enumerations.ts';

export const importsApiPrefix = '/api/imports/v1';

/** Route paths, Fastify style. */
export const importsPaths = {
  tasks: `${importsApiPrefix}/tasks`,
} as const;

/** How many of the caller's imports the list shows, newest first, and how far back. */
export const importTaskListLimit = 50;
export const importTaskListDays = 30;

/** The Task status of a layer import's stored state (session-shell-connections §3). */
export function taskStatusOfImport(status: 'queued' | 'running' | 'done' | 'failed'): TaskStatus {
  switch (status) {
    case 'queued':
      return TaskStatus.Pending;
    case 'running':
      return TaskStatus.Running;
    case 'done':
      return TaskStatus.Done;
    case 'failed':
      return TaskStatus.Error;
  }
}

export const importTaskRowSchema = z.object({
  TaskId: z.number().int(),
  /** The Import screen's component that ran it (the route's `:component`). */
  Component: z.enum(['layers']),
  Status: taskStatusSchema,
  /** 0 to 100. */
  Progress: z.number().int().min(0).max(100),
  FileName: z.string().nullable(),
  /** When the task last changed, ISO 8601 UTC. */
  Date: z.string(),
  LayerIds: z.array(z.number().int()),
  /** A message code and parameters when the status is Error. */
  Error: z
    .object({ Code: z.string(), Params: z.record(z.string(), z.union([z.string(), z.number()])) })
    .nullable(),
});
export type ImportTaskRow = z.infer<typeof importTaskRowSchema>;

export const importTaskListSchema = z.object({ Tasks: z.array(importTaskRowSchema) });
export type ImportTaskList = z.infer<typeof importTaskListSchema>;
