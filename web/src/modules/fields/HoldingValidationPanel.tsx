import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useFieldList, useHoldingValidation } from './fieldsQueries.ts';
import { CropLabel } from './widgets/CropLabel.tsx';
import { translatedCropLabel } from '../../i18n/cropNames.ts';
import { holdingIssueText } from './holdingIssueText.ts';

/**
 * The holding validation of one crop year: each issue (codes 1000 to 2006) with its message, a link to its
 * field and, for cropping issues, to the cropping.
 */
export function HoldingValidationPanel() {
  const { t } = useTranslation();
  const { holding, yearId: sessionYear } = useAppSession();
  const [yearId, setYearId] = useState(sessionYear);
  const validation = useHoldingValidation(yearId);
  const { data: fields } = useFieldList(yearId);
  const fieldNames = useMemo(
    () => new Map((fields ?? []).map((field) => [field.FieldId, field.Name])),
    [fields],
  );
  const croppings = useMemo(
    () =>
      new Map(
        (fields ?? []).flatMap((field) => field.Croppings).map((cropping) => [cropping.CroppingId, cropping]),
      ),
    [fields],
  );
  const years = [...new Set([...holding.CropYears, sessionYear])].sort((a, b) => b - a);

  return (
    <Stack>
      <Select
        label={t('fields.validation.year')}
        data={years.map(String)}
        value={String(yearId)}
        onChange={(year) => year && setYearId(Number(year))}
        allowDeselect={false}
        w={160}
      />
      {validation.isPending ? (
        <Loader aria-label={t('fields.loading')} />
      ) : validation.isError ? (
        <Alert color="red">{t('fields.validation.loadError')}</Alert>
      ) : validation.data.length === 0 ? (
        <Text>{t('fields.validation.noIssues', { year: yearId })}</Text>
      ) : (
        <Table aria-label={t('fields.validation.tableLabel', { year: yearId })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.validation.code')}</Table.Th>
              <Table.Th>{t('fields.validation.field')}</Table.Th>
              <Table.Th>{t('fields.validation.message')}</Table.Th>
              <Table.Th>{t('fields.validation.cropping')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {validation.data.map((issue) => {
              const fieldName =
                fieldNames.get(issue.FieldId) ?? t('fields.validation.unknownField', { id: issue.FieldId });
              return (
                <Table.Tr key={`${issue.Code}-${issue.FieldId}-${issue.CroppingIds.join(',')}`}>
                  <Table.Td>
                    <Badge variant="light" color={issue.Code < 2000 ? 'grape' : 'orange'}>
                      {issue.Code}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/fields/details/${issue.FieldId}`}>
                      {fieldName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{holdingIssueText(t, issue)}</Table.Td>
                  <Table.Td>
                    {issue.CroppingIds.map((croppingId, index) => {
                      const cropping = croppings.get(croppingId);
                      return (
                        <Anchor
                          key={croppingId}
                          component={Link}
                          to={`/fields/cropping/${croppingId}`}
                          mr="xs"
                          display="inline-block"
                          aria-label={t('fields.validation.openCroppingOf', {
                            crop: cropping
                              ? translatedCropLabel(t, cropping)
                              : t('fields.validation.openCropping', { index: index + 1 }),
                            field: fieldName,
                          })}
                        >
                          {cropping ? (
                            <CropLabel label={translatedCropLabel(t, cropping)} colour={cropping.CssColor} />
                          ) : (
                            t('fields.validation.openCropping', { index: index + 1 })
                          )}
                        </Anchor>
                      );
                    })}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
