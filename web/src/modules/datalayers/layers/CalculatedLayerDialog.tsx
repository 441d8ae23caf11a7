import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { withFormulaSubscripts } from '@headland/domain/layers/colourScales';
import { fertiliserProductOf, fertiliserProducts } from '@headland/domain/layers/fertiliserProducts';
import { LayerTypeId } from '@headland/domain/layers/layerTypes';
import { NutrientType, nutrientNames, type RequirementNutrient } from '@headland/domain/layers/nutrients';
import { rateUnits } from '@headland/domain/layers/rateUnits';
import { apiFailureMessage } from './apiFailure.ts';
import { useCreateCalculatedLayer } from './layersQueries.ts';

/** The nutrient a soil layer's element gives a requirement in. */
const nutrientOfSoilType: Partial<Record<number, RequirementNutrient>> = {
  [LayerTypeId.SoilPhosphorus]: NutrientType.P2O5,
  [LayerTypeId.SoilPotassium]: NutrientType.K2O,
  [LayerTypeId.SoilMagnesium]: NutrientType.MgO,
  [LayerTypeId.SoilPh]: NutrientType.Lime,
};

/** How much of a nutrient a product carries (% w/w, neutralising value for lime). */
function productContent(productId: number, nutrient: number): number {
  const product = fertiliserProductOf(productId);
  if (!product) return 0;
  switch (nutrient) {
    case NutrientType.N:
      return product.N;
    case NutrientType.P2O5:
      return product.P2O5;
    case NutrientType.K2O:
      return product.K2O;
    case NutrientType.MgO:
      return product.MgO;
    case NutrientType.SO3:
      return product.SO3;
    case NutrientType.Lime:
      return product.NeutralisingValue;
    default:
      return 0;
  }
}

export interface CalculatedLayerDialogProps {
  kind: 'requirement' | 'application';
  layers: readonly DataLayer[];
  fields: readonly FieldResponse[];
  onClose: () => void;
  onCreated: (layer: DataLayer) => void;
}

/**
 * Makes a nutrient requirement layer (from a soil layer and the cropping's crop) or an application layer (from a
 * requirement layer and a fertiliser product); the server calculates the zones.
 */
export function CalculatedLayerDialog({
  kind,
  layers,
  fields,
  onClose,
  onCreated,
}: CalculatedLayerDialogProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateCalculatedLayer();
  const soilLayers = layers.filter(
    (layer) => nutrientOfSoilType[layer.TypeId] !== undefined && layer.FieldId !== null,
  );
  const requirementLayers = layers.filter((layer) => layer.TypeId === LayerTypeId.NutrientRequirement);
  const [soilLayerId, setSoilLayerId] = useState<string | null>(
    soilLayers[0] ? String(soilLayers[0].DataLayerId) : null,
  );
  const soilLayer = soilLayers.find((layer) => String(layer.DataLayerId) === soilLayerId);
  const croppings = fields.find((field) => field.FieldId === soilLayer?.FieldId)?.Croppings ?? [];
  const [croppingId, setCroppingId] = useState<string | null>(null);
  const chosenCropping = croppingId ?? (croppings[0] ? String(croppings[0].CroppingId) : null);
  const [requirementLayerId, setRequirementLayerId] = useState<string | null>(
    requirementLayers[0] ? String(requirementLayers[0].DataLayerId) : null,
  );
  const requirementLayer = requirementLayers.find(
    (layer) => String(layer.DataLayerId) === requirementLayerId,
  );
  const products = fertiliserProducts.filter(
    (product) => !requirementLayer?.NutrientId || productContent(product.Id, requirementLayer.NutrientId) > 0,
  );
  const [productId, setProductId] = useState<string | null>(null);
  const chosenProduct = productId ?? (products[0] ? String(products[0].Id) : null);
  const [rateUnitId, setRateUnitId] = useState<string | null>(null);
  const [planName, setPlanName] = useState('');
  const [name, setName] = useState('');
  const nutrient = soilLayer ? nutrientOfSoilType[soilLayer.TypeId] : undefined;

  const ready =
    kind === 'requirement'
      ? soilLayer !== undefined && chosenCropping !== null && nutrient !== undefined
      : requirementLayer !== undefined && chosenProduct !== null && planName.trim() !== '';

  const handleCreate = () => {
    if (!ready) return;
    // Each body typed by its route's schema (domain/api/layersApi.ts).
    const request: Parameters<typeof create.mutate>[0] =
      kind === 'requirement'
        ? {
            kind: 'requirement',
            body: {
              SoilLayerId: soilLayer!.DataLayerId,
              CroppingId: Number(chosenCropping),
              NutrientId: nutrient!,
              ...(name.trim() ? { Name: name.trim() } : {}),
            },
          }
        : {
            kind: 'application',
            body: {
              RequirementLayerId: requirementLayer!.DataLayerId,
              ProductId: Number(chosenProduct),
              PlanName: planName.trim(),
              ...(rateUnitId ? { RateUnitId: Number(rateUnitId) } : {}),
              ...(name.trim() ? { Name: name.trim() } : {}),
            },
          };
    create.mutate(request, { onSuccess: onCreated });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('map.close') }}
      title={t(
        kind === 'requirement' ? 'layers.calculated.requirementTitle' : 'layers.calculated.applicationTitle',
      )}
    >
      <Stack gap="sm">
        {kind === 'requirement' ? (
          soilLayers.length === 0 ? (
            <Alert color="yellow">{t('layers.calculated.noSoilLayers')}</Alert>
          ) : (
            <>
              <Select
                label={t('layers.calculated.soilLayer')}
                data={soilLayers.map((layer) => ({
                  value: String(layer.DataLayerId),
                  label: withFormulaSubscripts(layer.Name),
                }))}
                value={soilLayerId}
                allowDeselect={false}
                onChange={(value) => {
                  setSoilLayerId(value);
                  setCroppingId(null);
                }}
              />
              <Select
                label={t('layers.calculated.cropping')}
                data={croppings.map((cropping) => ({
                  value: String(cropping.CroppingId),
                  label: `${cropping.FieldName}: ${cropping.Crop.Name}`,
                }))}
                value={chosenCropping}
                allowDeselect={false}
                onChange={setCroppingId}
              />
              <TextInput
                label={t('layers.calculated.nutrient')}
                value={nutrient ? withFormulaSubscripts(nutrientNames[nutrient]) : ''}
                readOnly
              />
            </>
          )
        ) : requirementLayers.length === 0 ? (
          <Alert color="yellow">{t('layers.calculated.noRequirementLayers')}</Alert>
        ) : (
          <>
            <Select
              label={t('layers.calculated.requirementLayer')}
              data={requirementLayers.map((layer) => ({
                value: String(layer.DataLayerId),
                label: withFormulaSubscripts(layer.Name),
              }))}
              value={requirementLayerId}
              allowDeselect={false}
              onChange={(value) => {
                setRequirementLayerId(value);
                setProductId(null);
              }}
            />
            <Select
              label={t('layers.calculated.product')}
              data={products.map((product) => ({
                value: String(product.Id),
                label: withFormulaSubscripts(product.Name),
              }))}
              value={chosenProduct}
              allowDeselect={false}
              searchable
              onChange={setProductId}
            />
            <Select
              label={t('layers.calculated.rateUnit')}
              data={rateUnits.map((unit) => ({ value: String(unit.Id), label: unit.Name }))}
              value={rateUnitId ?? String(fertiliserProductOf(Number(chosenProduct))?.RateUnitId ?? 1)}
              allowDeselect={false}
              onChange={setRateUnitId}
            />
            <TextInput
              label={t('layers.calculated.planName')}
              required
              maxLength={100}
              value={planName}
              onChange={(event) => setPlanName(event.currentTarget.value)}
            />
          </>
        )}
        <TextInput
          label={t('layers.calculated.name')}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {create.isError && (
          <Alert color="red" role="alert">
            {t('layers.calculated.failed', { message: apiFailureMessage(create.error, i18n) })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('layers.calculated.cancel')}
          </Button>
          <Button onClick={handleCreate} disabled={!ready} loading={create.isPending}>
            {t('layers.calculated.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
