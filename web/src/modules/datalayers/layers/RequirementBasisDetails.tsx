import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { NutrientType } from '@headland/domain/layers/nutrients';
import { cropName } from '../../../i18n/cropNames.ts';

/**
 * What a requirement layer was worked out from, in its details box: the method (RB209 or SRUC, kept when the
 * holding's PK model changes), the crop's table, expected yield, straw and the zones' soil indices, and the
 * every-three-or-four-years magnesium rule where the guide gives one instead of a yearly figure.
 */
export function RequirementBasisDetails({
  layer,
  zoneValue,
}: {
  layer: DataLayer;
  zoneValue: number | null;
}) {
  const { t, i18n } = useTranslation();
  const basis = layer.Recommendation;
  const method = layer.RecommendationMethod;
  if (!basis && !method) return null;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const line = (label: string, value: string) => (
    <Text size="xs">
      {label}: {value}
    </Text>
  );
  const indices =
    basis && basis.IndexMin !== null && basis.IndexMax !== null
      ? basis.IndexMin === basis.IndexMax
        ? number.format(basis.IndexMin)
        : `${number.format(basis.IndexMin)}–${number.format(basis.IndexMax)}`
      : null;
  return (
    <>
      {method && line(t('layers.basis.method'), t(`layers.basis.methods.${method}`))}
      {basis && line(t('layers.basis.crop'), cropName(t, basis.CropId) ?? String(basis.CropId))}
      {basis?.Table && line(t('layers.basis.table'), t(`layers.basis.tables.${basis.Table}`))}
      {basis?.ExpectedYield != null &&
        line(
          t('layers.basis.expectedYield'),
          t(basis.YieldFrom === 'target' ? 'layers.basis.targetYield' : 'layers.basis.standardYield', {
            value: number.format(basis.ExpectedYield),
          }),
        )}
      {basis?.Straw && line(t('layers.basis.straw'), t(`layers.basis.strawUse.${basis.Straw}`))}
      {indices !== null &&
        line(
          t(layer.NutrientId === NutrientType.Lime ? 'layers.basis.ph' : 'layers.basis.soilIndex'),
          indices,
        )}
      {basis?.Rule && zoneValue === null && <Text size="xs">{t(`layers.basis.rules.${basis.Rule}`)}</Text>}
      {basis && basis.ZonesWithoutFigure > 0 && zoneValue === null && !basis.Rule && (
        <Text size="xs">{t('layers.basis.noPublishedFigure')}</Text>
      )}
    </>
  );
}
