import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { canAccess } from '@headland/domain/permissions';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { usePlanList } from './prescriptionsQueries.ts';

export function PlanList() {
  const { t } = useTranslation();
  const { yearId, permissions } = useAppSession();
  const plans = usePlanList(yearId);
  const canWrite = canAccess(permissions, 'mapLayers', 'write');
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={2}>{t('prescriptions.title')}</Title>
        {canWrite && (
          <Button component={Link} to="/prescriptions/new">
            {t('prescriptions.newPlan')}
          </Button>
        )}
      </Group>
      {plans.isSuccess && plans.data.length === 0 && <Text>{t('prescriptions.noPlans')}</Text>}
      {plans.isSuccess && plans.data.length > 0 && (
        <Table aria-label={t('prescriptions.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('prescriptions.name')}</Table.Th>
              <Table.Th>{t('prescriptions.product')}</Table.Th>
              <Table.Th>{t('prescriptions.status')}</Table.Th>
              <Table.Th>{t('prescriptions.area')}</Table.Th>
              <Table.Th>{t('prescriptions.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data.map((plan) => (
              <Table.Tr key={plan.Id}>
                <Table.Td>
                  <Link to={`/prescriptions/edit/${plan.Id}`}>{plan.Name}</Link>
                </Table.Td>
                <Table.Td>{plan.ProductName}</Table.Td>
                <Table.Td>{t(`prescriptions.statuses.${plan.Status}`)}</Table.Td>
                <Table.Td>{plan.AreaHa.toFixed(2)} ha</Table.Td>
                <Table.Td>
                  {plan.Total.toLocaleString(undefined, { maximumFractionDigits: 1 })} {plan.TotalUnit}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
