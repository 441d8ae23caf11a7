import { useTranslation } from 'react-i18next';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { roundArea } from '@headland/domain/units';
import { useFieldList } from '../fields/fieldsQueries.ts';
import { formatArea } from '../../i18n/numberFormat.ts';

/**
 * The session holding's total area in `yearId` as its fields add up: the areas of the fields in use that
 * year. Only the session's own holding has a field list to add up.
 */
export function CalculatedArea({ yearId }: { yearId: number }) {
  const { t, i18n } = useTranslation();
  const { data: fields } = useFieldList(yearId);
  if (!fields) return null;
  const total = roundArea(
    fields
      .filter((field) => !isFieldDisabledIn(field, yearId))
      .reduce((sum, field) => sum + fieldArea(field), 0),
  );
  return <>{t('holdings.edit.calculatedArea', { value: formatArea(total, i18n.language) })}</>;
}
