import { formatArea } from '../../../i18n/numberFormat.ts';
import { useTranslation } from 'react-i18next';
import { Box, CloseButton, Group, Paper, Select, Slider, Stack, Text } from '@mantine/core';
import type { DataLayer, LayerZone } from '@headland/domain/api/layersApi';
import {
  cssColour,
  formatBandLabel,
  withFormulaSubscripts,
  zoneTooltip,
  type BandLabel,
  type ColourScale,
} from '@headland/domain/layers/colourScales';
import { sliderOpacity } from '@headland/domain/layers/layerTree';
import { zoneLayerKind } from '@headland/domain/layers/zoneEditRules';
import type { NutrientType } from '@headland/domain/layers/nutrients';
import { RequirementBasisDetails } from './RequirementBasisDetails.tsx';

/** Writes band labels and values in the reader's language. */
export function useLayerFormats() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const formatNumber = (value: number) => number.format(value);
  return {
    formatNumber,
    bandLabel: (label: BandLabel) =>
      formatBandLabel(label, formatNumber, (value, name) =>
        t(`layers.texture.${value}`, { defaultValue: name }),
      ),
  };
}

export interface LayerLegendProps {
  /** The shown layers, the top one (drawn above the others) last. */
  layers: readonly DataLayer[];
  /** The layer described: the top one. */
  layer: DataLayer;
  /** A shown layer's name by the name rule (domain/src/layers/layerName.ts). */
  nameOf?: (layerId: number) => string;
  scale: ColourScale;
  opacity: number;
  onLayerChange: (layerId: number) => void;
  onOpacityChange: (opacity: number) => void;
  onClose: () => void;
}

/** The key legend (§2): the shown layer's colour bands, with the layer's opacity slider (0 to 100, rounded). */
export function LayerLegend({
  layers,
  layer,
  nameOf = (id) => withFormulaSubscripts(layers.find((each) => each.DataLayerId === id)?.Name ?? ''),
  scale,
  opacity,
  onLayerChange,
  onOpacityChange,
  onClose,
}: LayerLegendProps) {
  const { t } = useTranslation();
  const { bandLabel } = useLayerFormats();
  const name = nameOf(layer.DataLayerId);
  return (
    <Paper role="region" aria-label={t('layers.legend.title')} shadow="sm" withBorder p="xs" w={240}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('layers.legend.title')}
          </Text>
          <CloseButton size="sm" aria-label={t('layers.legend.close')} onClick={onClose} />
        </Group>
        {layers.length > 1 ? (
          <Select
            size="xs"
            label={t('layers.legend.layer')}
            data={layers.map((item) => ({
              value: String(item.DataLayerId),
              label: nameOf(item.DataLayerId),
            }))}
            value={String(layer.DataLayerId)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            onChange={(value) => value && onLayerChange(Number(value))}
          />
        ) : null}
        <Text size="sm" id={`legend-name-${layer.DataLayerId}`} hidden={layers.length > 1}>
          {name}
        </Text>
        {layer.Unit && (
          <Text size="xs" c="dimmed">
            {t('layers.legend.unit', { unit: withFormulaSubscripts(layer.Unit) })}
          </Text>
        )}
        <Box component="ul" aria-label={name} m={0} p={0} style={{ listStyle: 'none' }}>
          {scale.bands.map((band, index) => (
            <Group component="li" key={index} gap={6} wrap="nowrap">
              <Box
                w={18}
                h={12}
                aria-hidden
                style={{ background: cssColour(band.colour), border: '1px solid rgba(0,0,0,0.3)' }}
              />
              <Text size="xs">{bandLabel(band.label)}</Text>
            </Group>
          ))}
        </Box>
        <Text size="xs" id={`legend-opacity-${layer.DataLayerId}`}>
          {t('layers.legend.opacity')}: {opacity} %
        </Text>
        <Slider
          size="xs"
          min={0}
          max={100}
          step={1}
          value={opacity}
          label={(value) => `${value} %`}
          thumbLabel={t('layers.legend.opacity')}
          aria-describedby={`legend-name-${layer.DataLayerId}`}
          onChange={(value) => onOpacityChange(sliderOpacity(value))}
        />
      </Stack>
    </Paper>
  );
}

export interface ZoneDetailsProps {
  layer: DataLayer;
  /** The layer's name by the name rule; its stored name otherwise. */
  name?: string;
  zone: LayerZone;
  disabledInYear?: { name: string; year: number } | null;
}

/** The details box (§2) for the zone under the pointer. */
export function ZoneDetails({ layer, name, zone, disabledInYear }: ZoneDetailsProps) {
  const { t, i18n } = useTranslation();
  const { formatNumber } = useLayerFormats();
  const kind = zoneLayerKind(layer.TypeId);
  const tip = zoneTooltip({
    kind: kind === 'requirement' ? 'requirement' : 'other',
    nutrient: (layer.NutrientId ?? undefined) as NutrientType | undefined,
    value: zone.Value,
    field: disabledInYear ? { name: disabledInYear.name, disabledInYear: disabledInYear.year } : undefined,
  });
  const unit = layer.Unit ? ` ${withFormulaSubscripts(layer.Unit)}` : '';
  return (
    <Paper role="status" aria-label={t('layers.details.title')} shadow="sm" withBorder p="xs" w={240}>
      <Stack gap={2}>
        <Text fw={600} size="sm">
          {name ?? withFormulaSubscripts(layer.Name)}
        </Text>
        {tip && <Text size="xs">{t(`layers.tooltip.${tip.code}`, { ...tip })}</Text>}
        {zone.Number !== null && (
          <Text size="xs">
            {t('layers.details.number')}: {zone.Number}
          </Text>
        )}
        {zone.Value !== null && (
          <Text size="xs">
            {t('layers.details.value')}: {formatNumber(zone.Value)}
            {kind === 'application' ? '' : unit}
          </Text>
        )}
        {zone.ProductRate !== null && (
          <Text size="xs">
            {t('layers.details.rate')}: {formatNumber(zone.ProductRate)}
            {unit}
          </Text>
        )}
        {kind === 'requirement' && <RequirementBasisDetails layer={layer} zoneValue={zone.Value} />}
        {zone.Label && (
          <Text size="xs">
            {t('layers.details.label')}: {zone.Label}
          </Text>
        )}
        <Text size="xs">
          {t('layers.details.area')}:{' '}
          {t('map.units.hectares', { value: formatArea(zone.Area, i18n.language) })}
        </Text>
      </Stack>
    </Paper>
  );
}
