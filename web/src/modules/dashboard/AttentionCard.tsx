import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import type { dashboardAttentionSchema, dashboardImportsSchema } from '@headland/domain/api/dashboardApi';
import { holdingIssueMessages } from '@headland/domain/holdingValidation';
import { holdingIssueText } from '../fields/holdingIssueText.ts';
import { formatEventTime } from './eventTime.ts';
import { dateLocale } from '../../i18n/dateLocale.ts';

type Attention = z.infer<typeof dashboardAttentionSchema>;
type Imports = z.infer<typeof dashboardImportsSchema>;

interface FieldSet {
  Count: number;
  Fields: { FieldId: number; Name: string }[];
}

/** Links to the fields named, and how many more there are. */
function FieldLinks({ set }: { set: FieldSet }) {
  const more = set.Count - set.Fields.length;
  return (
    <Group gap={8}>
      {set.Fields.map((field) => (
        <Anchor key={field.FieldId} component={Link} to={`/fields/details/${field.FieldId}`} size="sm">
          {field.Name}
        </Anchor>
      ))}
      {more > 0 && (
        <Text span size="sm" c="dimmed">
          +{more}
        </Text>
      )}
    </Group>
  );
}

/** Part 2 of the dashboard: what the year's data needs fixed, with a link to each field concerned. */
export function AttentionCard({
  attention,
  imports,
}: {
  attention: Attention | null;
  imports: Imports | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = dateLocale(i18n.language, navigator.languages ?? []);
  const now = new Date();
  const lines: { key: string; label: string; count: number; fields?: FieldSet; detail?: string }[] = [];
  for (const issue of attention?.Issues ?? []) {
    lines.push({
      key: `issue-${issue.Code}`,
      label: holdingIssueText(t, { Code: issue.Code, Message: holdingIssueMessages[issue.Code] }),
      count: issue.Count,
      fields: issue,
    });
  }
  if (attention && attention.InvalidDates.Croppings > 0)
    lines.push({
      key: 'invalid-dates',
      label: t('dashboard.cards.invalidDates'),
      count: attention.InvalidDates.Croppings,
      fields: attention.InvalidDates,
    });
  if (attention && attention.FieldsWithoutBoundary.Count > 0)
    lines.push({
      key: 'no-boundary',
      label: t('dashboard.cards.withoutBoundary'),
      count: attention.FieldsWithoutBoundary.Count,
      fields: attention.FieldsWithoutBoundary,
    });
  if (imports && imports.FailedCount > 0)
    lines.push({
      key: 'failed-imports',
      label: t('dashboard.cards.failedImports'),
      count: imports.FailedCount,
      detail: imports.Failed.map(
        (task) =>
          `${task.FileName ?? t('dashboard.cards.importFile')} (${formatEventTime(task.Date, now, locale)})`,
      ).join(', '),
    });

  return (
    <Card withBorder component="section" aria-labelledby="dashboard-attention">
      <Title order={3} size="h4" id="dashboard-attention" mb="sm">
        {t('dashboard.cards.attention')}
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed">{t('dashboard.cards.nothingToFix')}</Text>
      ) : (
        <Table aria-labelledby="dashboard-attention">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.cards.problem')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.cards.count')}</Table.Th>
              <Table.Th>{t('dashboard.cards.fields')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.key} data-attention={line.key}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td ta="right">{line.count}</Table.Td>
                <Table.Td>{line.fields ? <FieldLinks set={line.fields} /> : (line.detail ?? '')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
