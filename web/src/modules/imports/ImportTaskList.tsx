import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Progress, Table, Text, Title } from '@mantine/core';
import type { ImportTaskRow } from '@headland/domain/api/importsApi';
import { TaskStatus } from '@headland/domain/enumerations';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { formatHoldingTime } from '../../i18n/holdingTime.ts';
import { importTasksQuery } from './importTasksQuery.ts';

/** The caller's imports, newest first: what each read, its Task status, its progress, and why one failed. */
export function ImportTaskList() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const { holding } = useAppSession();
  const tasks = useQuery(importTasksQuery(api, holding.HoldingId));

  const failure = (task: ImportTaskRow) =>
    task.Error
      ? t(`layersServer.error.${task.Error.Code}`, { ...task.Error.Params, defaultValue: task.Error.Code })
      : null;

  return (
    <section aria-labelledby="import-tasks-title">
      <Title order={3} id="import-tasks-title" mb="xs">
        {t('importScreen.tasks')}
      </Title>
      {tasks.isError && <Alert color="red">{t('importScreen.tasksUnavailable')}</Alert>}
      {tasks.data?.length === 0 && <Text c="dimmed">{t('importScreen.noTasks')}</Text>}
      {tasks.data && tasks.data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('importScreen.columns.file')}</Table.Th>
              <Table.Th>{t('importScreen.columns.status')}</Table.Th>
              <Table.Th>{t('importScreen.columns.progress')}</Table.Th>
              <Table.Th>{t('importScreen.columns.date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tasks.data.map((task) => {
              const name = task.FileName ?? t('importScreen.noFileName');
              const why = failure(task);
              return (
                <Table.Tr key={`${task.Component}-${task.TaskId}`}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={task.Status === TaskStatus.Error ? 'red.8' : undefined}>
                      {t(`importScreen.status.${task.Status}`)}
                    </Text>
                    {why && <Text size="sm">{why}</Text>}
                  </Table.Td>
                  <Table.Td miw={120}>
                    <Progress
                      value={task.Progress}
                      aria-label={t('importScreen.progressOf', { name, percent: task.Progress })}
                    />
                  </Table.Td>
                  <Table.Td>{formatHoldingTime(task.Date, i18n.language, 'dateTime')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
