import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, Loader } from '@mantine/core';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { CroppingEditor } from './CroppingEditor.tsx';
import { useCropping, useCroppingsOfYears, useField } from './fieldsQueries.ts';
import type { VarietyOption } from './widgets/VarietyPicker.tsx';
import { useSharedData } from './useSharedData.ts';

export interface CroppingEditorPageProps {
  /** The cropping to edit (route cropping/:id). */
  croppingId?: number;
  /** The field that gets a new cropping in the session's year (route newcropping/:fieldId). */
  fieldId?: number;
}

/**
 * Loads what the cropping editor needs: the cropping, its field with every year's croppings, and the
 * varieties to offer.
 */
export function CroppingEditorPage({ croppingId, fieldId }: CroppingEditorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { yearId: sessionYear } = useAppSession();
  const cropping = useCropping(croppingId);
  const targetFieldId = fieldId ?? cropping.data?.FieldId;
  const field = useField(targetFieldId);
  const yearId = cropping.data?.YearId ?? sessionYear;
  const { croppings: yearCroppings } = useCroppingsOfYears([yearId]);

  const sharedData = useSharedData();

  // The catalogue's varieties, and the names already typed on this holding's croppings.
  const varieties = useMemo<VarietyOption[]>(
    () => [
      ...(sharedData.data?.Varieties ?? []).map((variety) => ({
        VarietyId: variety.VarietyId,
        Name: variety.Name,
        CropId: variety.CropId,
      })),
      ...[...yearCroppings, ...(field.data?.Croppings ?? [])]
        .filter((entry) => entry.VarietyName)
        .map((entry) => ({
          VarietyId: entry.VarietyId,
          Name: entry.VarietyName ?? '',
          CropId: entry.CropId,
        })),
    ],
    [sharedData.data, yearCroppings, field.data],
  );

  if ((croppingId !== undefined && cropping.isError) || field.isError) {
    return <Alert color="red">{t('fields.cropping.notFound')}</Alert>;
  }
  if ((croppingId !== undefined && cropping.isPending) || field.isPending || !field.data) {
    return <Loader aria-label={t('fields.loading')} />;
  }

  return (
    <CroppingEditor
      key={croppingId ?? `new-${targetFieldId}`}
      field={field.data}
      cropping={cropping.data}
      yearId={yearId}
      varieties={varieties}
      cropManagementOptionsEnabled={sharedData.data?.CropManagementOptionsEnabled ?? true}
      onDone={() => navigate(`/fields/details/${field.data.FieldId}`)}
    />
  );
}
