import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, NumberInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { fertiliserProducts } from '@headland/domain/layers/fertiliserProducts';
import { rateUnitOf } from '@headland/domain/layers/rateUnits';
import { maxHeadlandMetres, prescriptionRateUnitIds } from '@headland/domain/plans/prescriptionRules';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { layerListQuery } from '../datalayers/layers/layersQueries.ts';
import { planProblem } from './planProblem.ts';
import { createPlan, plansKey } from './prescriptionsQueries.ts';

/** A new plan from a map layer's zones: name, layer, product, rate unit and headland margin. */
export function NewPlanForm() {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { holding, yearId } = useAppSession();
  const layers = useQuery(layerListQuery(api, holding.HoldingId, yearId));
  const [name, setName] = useState('');
  const [layerId, setLayerId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [customProduct, setCustomProduct] = useState('');
  const [rateUnitId, setRateUnitId] = useState<string>('1');
  const [headland, setHeadland] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const zoned = (layers.data ?? []).filter((layer) => layer.ZoneCount > 0);
  const productOptions = [
    ...fertiliserProducts.map((product) => ({ value: String(product.Id), label: product.Name })),
    { value: 'own', label: t('prescriptions.ownProduct') },
  ];

  const submit = async () => {
    setProblem(null);
    const catalogue = fertiliserProducts.find((product) => String(product.Id) === productId);
    const own = customProduct.trim();
    if (!layerId || !productId || (productId === 'own' && own.length === 0)) {
      setProblem(t('prescriptions.fillIn'));
      return;
    }
    setBusy(true);
    try {
      const plan = await createPlan(api, {
        Name: name,
        Year: yearId,
        LayerId: Number(layerId),
        ProductKey: catalogue ? `F/${catalogue.Id}` : `H/${own.replace(/\//g, '-').slice(0, 40)}`,
        ProductName: catalogue ? catalogue.Name : own,
        RateUnitId: Number(rateUnitId),
        HeadlandMetres: headland,
      });
      await client.invalidateQueries({ queryKey: plansKey(holding.HoldingId) });
      void navigate(`/prescriptions/edit/${plan.Id}`);
    } catch (error) {
      setProblem(planProblem(error, t('prescriptions.genericError')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={2}>{t('prescriptions.newPlan')}</Title>
      <TextInput
        label={t('prescriptions.name')}
        value={name}
        maxLength={100}
        required
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Select
        label={t('prescriptions.layer')}
        placeholder={t('prescriptions.layerPlaceholder')}
        data={zoned.map((layer) => ({ value: String(layer.DataLayerId), label: layer.Name }))}
        value={layerId}
        onChange={setLayerId}
        searchable
        nothingFoundMessage={t('prescriptions.noLayers')}
      />
      <Select
        label={t('prescriptions.product')}
        data={productOptions}
        value={productId}
        onChange={setProductId}
        searchable
      />
      {productId === 'own' && (
        <TextInput
          label={t('prescriptions.ownProductName')}
          value={customProduct}
          maxLength={40}
          onChange={(event) => setCustomProduct(event.currentTarget.value)}
        />
      )}
      <Select
        label={t('prescriptions.rateUnit')}
        data={prescriptionRateUnitIds.map((id) => ({ value: String(id), label: rateUnitOf(id)?.Name ?? '' }))}
        value={rateUnitId}
        allowDeselect={false}
        onChange={(value) => setRateUnitId(value ?? '1')}
      />
      <NumberInput
        label={t('prescriptions.headland')}
        min={0}
        max={maxHeadlandMetres}
        value={headland}
        onChange={(value) => setHeadland(typeof value === 'number' ? value : 0)}
      />
      <Button onClick={() => void submit()} loading={busy} w="fit-content">
        {t('prescriptions.create')}
      </Button>
      {problem && (
        <Alert color="red" role="alert" title={t('prescriptions.failed')}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
