import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportTaskList } from '@headland/domain/api/importsApi';
import { TaskStatus } from '@headland/domain/enumerations';
import { HoldingRole, Role } from '@headland/domain/roles';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { createFieldsHolding, type FieldsHolding } from '../../testing/fieldsFixtures.ts';
import { addMember, createUser, signInToHolding } from '../../testing/factories.ts';
import { failInterruptedImports } from '../layers/layerImport.service.ts';

let test: TestApp;
let farm: FieldsHolding;
let other: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  farm = await createFieldsHolding(test.app, test.db);
  other = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

/** A kept upload and its task, as a layer import leaves them. */
async function importTask(
  holding: FieldsHolding,
  fileName: string,
  status: 'queued' | 'running' | 'done' | 'failed',
  progress: number,
): Promise<number> {
  const uploadId = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32);
  await test.db.execute(sql`
    INSERT INTO layer_import_uploads (id, holding_id, user_id, kind, file_name, content)
    VALUES (${uploadId}, ${holding.holdingId}, ${holding.ownerId}, 'YieldCsv', ${fileName}, '\\x00'::bytea)`);
  const [row] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO layer_import_tasks (holding_id, user_id, upload_id, request, status, progress)
        VALUES (${holding.holdingId}, ${holding.ownerId}, ${uploadId}, '{}'::jsonb, ${status}, ${progress})
        RETURNING id`,
  );
  return Number(row!.id);
}

async function tasks(headers: Record<string, string>) {
  return test.app.inject({ method: 'GET', url: '/api/imports/v1/tasks', headers });
}

describe('GET /api/imports/v1/tasks', () => {
  it('lists the caller’s imports with the spec’s Task status, and an import cut off by a stop as Error', async () => {
    const done = await importTask(farm, 'yield-2024.csv', 'done', 100);
    const running = await importTask(farm, 'soil.zip', 'running', 30);
    const queued = await importTask(farm, 'yield-2025.csv', 'queued', 0);
    await importTask(other, 'theirs.csv', 'running', 10);

    const before = (await tasks(farm.headers)).json<ImportTaskList>().Tasks;
    expect(new Map(before.map((task) => [task.TaskId, [task.Status, task.Progress, task.FileName]]))).toEqual(
      new Map([
        [done, [TaskStatus.Done, 100, 'yield-2024.csv']],
        [running, [TaskStatus.Running, 30, 'soil.zip']],
        [queued, [TaskStatus.Pending, 0, 'yield-2025.csv']],
      ]),
    );

    // The server running them stopped: their heartbeat goes stale, and the next check marks them. Only this
    // holding's tasks are aged, so imports of other test files sharing the database keep running.
    await test.db.execute(sql`
      UPDATE layer_import_tasks SET updated_at = now() - interval '1 minute' WHERE holding_id = ${farm.holdingId}`);
    await failInterruptedImports(test.db, false);
    const after = (await tasks(farm.headers)).json<ImportTaskList>().Tasks;
    const byId = new Map(after.map((task) => [task.TaskId, task]));
    expect(byId.get(running)).toMatchObject({ Status: TaskStatus.Error, Error: { Code: 'interrupted' } });
    expect(byId.get(queued)).toMatchObject({ Status: TaskStatus.Error, Error: { Code: 'interrupted' } });
    expect(byId.get(done)).toMatchObject({ Status: TaskStatus.Done, Error: null });
  });

  it('is refused to a member who may not write to the holding, and without a session', async () => {
    const reader = await createUser(test.db, { role: Role.Demo });
    await addMember(test.db, farm.holdingId, reader.id, { holdingRole: HoldingRole.Member });
    const token = await signInToHolding(test.app, reader, farm.holdingId, 2025);
    expect((await tasks({ authorization: `Bearer ${token}` })).statusCode).toBe(403);
    expect((await tasks({})).statusCode).toBe(401);
  });
});
