import type { FertiliserProduct } from '@headland/domain/layers/fertiliserProducts';
import { NutrientType, type RequirementNutrient } from '@headland/domain/layers/nutrients';
import { nutrientRateFor } from '@headland/domain/layers/recommendations';
import { RateUnitId } from '@headland/domain/layers/rateUnits';
import type { LayerRow } from './layers.queries.ts';

// A fertiliser product's rate and the nutrient it supplies, in the layer's rate unit.

/** How much of `nutrient` a product holds. */
export function nutrientContent(product: FertiliserProduct, nutrient: RequirementNutrient): number {
  if (nutrient === NutrientType.P2O5) return product.P2O5;
  if (nutrient === NutrientType.K2O) return product.K2O;
  if (nutrient === NutrientType.MgO) return product.MgO;
  return product.NeutralisingValue;
}

/** The nutrient an application zone's rate (in the layer's rate unit) supplies. */
export function suppliedNutrient(
  layer: LayerRow,
  product: FertiliserProduct,
  rateInLayerUnit: number,
): number {
  const nutrient = layer.nutrientId as RequirementNutrient;
  const productUnitRate = toProductUnit(
    rateInLayerUnit,
    layer.rateUnitId ?? product.RateUnitId,
    product.RateUnitId,
  );
  return nutrientRateFor(nutrient, productUnitRate, nutrientContent(product, nutrient));
}

/** A rate moved between kg/ha and t/ha. */
export function toProductUnit(rate: number, from: number, to: number): number {
  if (from === to) return rate;
  if (from === RateUnitId.THa && to === RateUnitId.KgHa) return rate * 1000;
  if (from === RateUnitId.KgHa && to === RateUnitId.THa) return rate / 1000;
  return rate;
}
