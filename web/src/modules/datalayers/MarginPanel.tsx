import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Switch, Text } from '@mantine/core';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import { cropDefinitionById } from '@headland/domain/crops';
import type { FieldMap } from '../../map/FieldMap.ts';
import { marginCropId, marginCroppingWrite } from '../../map/margin/marginCropping.ts';
import type { MarginPicker, MarginPickerState } from '../../map/margin/MarginPicker.ts';
import { areaText, lengthText } from '../../map/measure/measureFormat.ts';
import { defaultMarginWidthMetres } from '../../map/mapConstants.ts';
import { ApiRequestError } from '../../shell/http/apiClient.ts';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useCanEditFields, useSaveCropping } from '../fields/fieldsQueries.ts';
import { useMapFieldList } from './useMapFieldList.ts';
import { MapToolPanel } from './MapToolPanel.tsx';
import { formatArea } from '../../i18n/numberFormat.ts';
import {
  cropName as cropNameIn,
  translatedCropLabel,
  translatedServerCropName,
} from '../../i18n/cropNames.ts';

export interface MarginPanelProps {
  fieldMap: FieldMap;
  fieldId: number;
  fieldName: string;
  onClose: () => void;
}

/**
 * The margin picker's panel: width, direction, whole boundary, the margin's area and length, and 'Create margin
 * cropping', which keeps the picked margin as a cropping of the brand's margin crop in the open crop year. The
 * server checks the cropping as any other (rights, restricted croppings, the field's area); its refusal is shown
 * here. A created cropping reloads the map's fields, and the picker is cleared for the next margin.
 */
export function MarginPanel({ fieldMap, fieldId, fieldName, onClose }: MarginPanelProps) {
  const { t, i18n } = useTranslation();
  const session = useAppSession();
  const canCreateCropping = useCanEditFields();
  const saveCropping = useSaveCropping();
  const [picker, setPicker] = useState<MarginPicker | null>(null);
  const [state, setState] = useState<MarginPickerState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const cropId = marginCropId(session.brand);
  const cropName = cropNameIn(t, cropId) ?? cropDefinitionById(cropId)?.name ?? '';
  const fieldList = useMapFieldList();
  // A field is usually cropped to its edge: the margin's area is then taken from its crop, the largest first.
  const donors = [...(fieldList.data?.find((field) => field.FieldId === fieldId)?.Croppings ?? [])]
    .filter((cropping) => cropping.CropId !== cropId)
    .sort((a, b) => (b.Area ?? 0) - (a.Area ?? 0));
  const [donorChoice, setDonorChoice] = useState<string | null>(null);
  const donorId = donorChoice ?? (donors[0] ? String(donors[0].CroppingId) : '');
  const donor = donors.find((cropping) => String(cropping.CroppingId) === donorId);

  useEffect(() => {
    const boundary = fieldMap.fieldFeature(fieldId)?.getGeometry() as MultiPolygon | undefined;
    if (!boundary) return;
    let disposed = false;
    let created: MarginPicker | null = null;
    void import('../../map/margin/MarginPicker.ts').then(({ MarginPicker }) => {
      if (disposed) return;
      created = new MarginPicker({ boundary, onChange: setState });
      fieldMap.setPointerTools(false);
      fieldMap.map.addInteraction(created);
      setState(created.state);
      setPicker(created);
    });
    return () => {
      disposed = true;
      if (created) fieldMap.map.removeInteraction(created);
      fieldMap.setPointerTools(true);
    };
  }, [fieldMap, fieldId]);

  const createCropping = async () => {
    const margin = picker?.marginPolygon();
    if (!margin) return;
    setError(null);
    setCreated(null);
    try {
      const cropping = await saveCropping.mutateAsync({
        body: marginCroppingWrite({
          fieldId,
          yearId: session.yearId,
          cropId,
          margin,
          takeAreaFrom: donor ? [donor.CroppingId] : [],
          sowingDate: donor?.SowingDate,
        }),
      });
      setCreated(
        t('map.margin.created', {
          crop: translatedServerCropName(t, cropping.CropId, cropping.Crop.Name),
          year: cropping.YearId,
          value: formatArea(cropping.Area ?? 0, i18n.language),
        }),
      );
      picker?.escape();
    } catch (failure) {
      const message =
        failure instanceof ApiRequestError
          ? (failure.apiError?.Errors?.[0]?.Message ?? failure.apiError?.Message)
          : undefined;
      setError(message ?? t('map.margin.createFailed'));
    }
  };

  const hasMargin = state?.step === 'committed' && state.area != null && state.area > 0;
  const title = t('map.margin.title', { name: fieldName });
  return (
    <MapToolPanel title={title} width={300}>
      <Text size="xs" c="dimmed" aria-live="polite">
        {t(`map.margin.steps.${state?.wholeRing ? 'wholeRing' : (state?.step ?? 'pickFirst')}`)}
      </Text>
      <NumberInput
        size="xs"
        label={t('map.margin.width')}
        min={0.5}
        max={100}
        step={0.5}
        decimalScale={1}
        defaultValue={defaultMarginWidthMetres}
        onChange={(value) => {
          const width = typeof value === 'number' ? value : Number.parseFloat(value);
          if (Number.isFinite(width) && width > 0) picker?.setWidth(width);
        }}
      />
      <Switch
        size="xs"
        label={t('map.margin.wholeRing')}
        checked={state?.wholeRing ?? false}
        onChange={(event) => picker?.setWholeRing(event.currentTarget.checked)}
      />
      {state?.area != null && state.length != null && (
        <Stack gap={0} aria-label={t('map.margin.dimensions')}>
          <Text size="sm">{t('map.margin.area', { value: areaText(state.area) })}</Text>
          <Text size="sm">{t('map.margin.length', { value: lengthText(state.length) })}</Text>
        </Stack>
      )}
      {canCreateCropping && donors.length > 0 && (
        <NativeSelect
          size="xs"
          label={t('map.margin.takeFrom')}
          value={donorId}
          onChange={(event) => setDonorChoice(event.currentTarget.value)}
          data={[
            ...donors.map((cropping) => ({
              value: String(cropping.CroppingId),
              label: t('map.margin.takeFromCropping', {
                crop: translatedCropLabel(t, cropping),
                value: formatArea(cropping.Area ?? 0, i18n.language),
              }),
            })),
            { value: '', label: t('map.margin.takeFromNone') },
          ]}
        />
      )}
      {canCreateCropping && (
        <Button
          size="xs"
          disabled={!hasMargin}
          loading={saveCropping.isPending}
          onClick={() => void createCropping()}
        >
          {t('map.margin.createCropping')}
        </Button>
      )}
      {canCreateCropping && (
        <Text size="xs" c="dimmed">
          {t('map.margin.croppingHelp', { crop: cropName, year: session.yearId })}
        </Text>
      )}
      {error && (
        <Alert color="red" p="xs" role="alert">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
      {created && (
        <Text size="xs" c="green.8" role="status">
          {created}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button
          size="xs"
          variant="default"
          disabled={!state || state.wholeRing || state.step === 'pickFirst'}
          onClick={() => picker?.flipDirection()}
        >
          {t('map.margin.flip')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={state?.step === 'pickFirst'}
          onClick={() => picker?.escape()}
        >
          {t('map.margin.clear')}
        </Button>
        <Button size="xs" variant="default" onClick={onClose}>
          {t('map.close')}
        </Button>
      </Group>
    </MapToolPanel>
  );
}
