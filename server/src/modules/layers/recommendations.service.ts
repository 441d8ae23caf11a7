import type {
  ApplicationRequest,
  DataLayer,
  RequirementRequest,
  TotalsResponse,
} from '@headland/domain/api/layersApi';
import { EventAction } from '@headland/domain/enumerations';
import { fertiliserProductOf } from '@headland/domain/layers/fertiliserProducts';
import { LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { NutrientType, nutrientNames, type RequirementNutrient } from '@headland/domain/layers/nutrients';
import { nutrientRateFor, productRateFor, zoneRequirement } from '@headland/domain/layers/recommendations';
import { rateUnitOf, RateUnitId, totalForRate } from '@headland/domain/layers/rateUnits';
import { defaultLayerName } from '@headland/domain/layers/layerName';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { checkHolding, layerProblem, recordLayerEvent, requireLayer } from './layerAccess.ts';
import { presentLayer } from './layers.presenters.ts';
import {
  insertLayer,
  refreshLayerStats,
  selectLayer,
  selectLayers,
  visibleCropping,
} from './layers.queries.ts';
import { nutrientContent, toProductUnit } from './productRates.ts';
import { applicationSums, sourceZones, voronoiCells } from './recommendations.queries.ts';
import { ewkbSql, insertZone } from './zones.queries.ts';

// Calculated layers (§ nutrient recommendations): a requirement layer from a soil analysis layer, an application
// layer from a requirement layer and a fertiliser product, and the product totals of a year's applications.

const soilTypeOfNutrient: Record<RequirementNutrient, number> = {
  [NutrientType.P2O5]: LayerTypeId.SoilPhosphorus,
  [NutrientType.K2O]: LayerTypeId.SoilPotassium,
  [NutrientType.MgO]: LayerTypeId.SoilMagnesium,
  [NutrientType.Lime]: LayerTypeId.SoilPh,
};

/**
 * A nutrient requirement layer for a cropping, from a soil analysis layer of its field: each soil zone becomes a
 * requirement zone (RB209 tables of domain/src/layers/recommendations.ts); a soil layer of sample points only
 * gets zones first, one per point (Voronoi cells cut to the field's boundary).
 */
export async function createRequirement(
  db: Db,
  caller: Caller,
  body: RequirementRequest,
): Promise<DataLayer> {
  const soil = await requireLayer(db, caller, body.SoilLayerId);
  const nutrient = body.NutrientId as RequirementNutrient;
  if (soil.typeId !== soilTypeOfNutrient[nutrient])
    throw layerProblem(
      'soilLayerDoesNotFit',
      'SoilLayerId',
      'This soil layer does not measure that nutrient.',
      {
        nutrient: nutrientNames[nutrient],
      },
    );
  const cropping = await visibleCropping(db, caller.access, body.CroppingId);
  if (!cropping) throw notFound('croppingNotShared');
  if (soil.fieldId !== null && soil.fieldId !== cropping.fieldId)
    throw layerProblem('otherField', 'CroppingId', 'The cropping must be on the soil layer’s field.');
  const unit = nutrient === NutrientType.Lime ? 't/ha' : 'kg/ha';
  const name =
    body.Name ??
    defaultLayerName({
      TypeId: LayerTypeId.NutrientRequirement,
      NutrientId: nutrient,
      CropId: cropping.cropId,
      Year: cropping.yearId,
    });
  const id = await db.transaction(async (tx) => {
    const layerId = await insertLayer(tx, {
      holdingId: caller.holdingId,
      typeId: LayerTypeId.NutrientRequirement,
      scope: MapScope.Cropping,
      fieldId: cropping.fieldId,
      croppingId: body.CroppingId,
      cropId: cropping.cropId,
      parentId: soil.id,
      yearId: cropping.yearId,
      name,
      unit,
      nutrientId: nutrient,
      calculated: true,
      style: { Gradient: nutrientNames[nutrient], Colour: null, Opacity: null },
    });
    const sources = await soilZonesOrCells(tx, soil.id, cropping.fieldId);
    for (const source of sources) {
      const requirement =
        source.value === null
          ? null
          : zoneRequirement(nutrient, source.value, soil.unit ?? '', cropping.cropId);
      await insertZone(
        tx,
        layerId,
        {
          zoneNumber: source.zoneNumber,
          value: requirement,
          initValue: requirement,
          label: source.label,
          fieldId: cropping.fieldId,
        },
        ewkbSql(source.ewkb),
      );
    }
    await refreshLayerStats(tx, layerId);
    await recordLayerEvent(tx, caller, EventAction.Calculate, {
      id: layerId,
      name,
      croppingId: body.CroppingId,
      fieldId: cropping.fieldId,
      yearId: cropping.yearId,
    });
    return layerId;
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

async function soilZonesOrCells(
  tx: Db,
  soilLayerId: number,
  fieldId: number,
): Promise<{ value: number | null; zoneNumber: number | null; label: string | null; ewkb: string }[]> {
  const zones = await sourceZones(tx, soilLayerId);
  if (zones.length > 0)
    return zones.map((zone) => ({
      value: zone.value,
      zoneNumber: zone.zoneNumber,
      label: zone.label,
      ewkb: zone.ewkb,
    }));
  const cells = await voronoiCells(tx, soilLayerId, fieldId);
  return cells.map((cell, index) => ({
    value: cell.value,
    zoneNumber: index + 1,
    label: null,
    ewkb: cell.ewkb,
  }));
}

/**
 * An application layer from a requirement layer and a fertiliser product: each zone's product rate supplies its
 * requirement (kg/ha or t/ha, §9 rate units), kept as the initial product rate that Reset returns to.
 */
export async function createApplication(
  db: Db,
  caller: Caller,
  body: ApplicationRequest,
): Promise<DataLayer> {
  const requirement = await requireLayer(db, caller, body.RequirementLayerId);
  if (requirement.typeId !== LayerTypeId.NutrientRequirement || requirement.nutrientId === null)
    throw layerProblem('notRequirementLayer', 'RequirementLayerId', 'Choose a nutrient requirement layer.');
  const product = fertiliserProductOf(body.ProductId);
  if (!product)
    throw layerProblem('unknownProduct', 'ProductId', 'Choose a fertiliser product from the list.');
  const nutrient = requirement.nutrientId as RequirementNutrient;
  const content = nutrientContent(product, nutrient);
  if (!(content > 0))
    throw layerProblem('productLacksNutrient', 'ProductId', 'This product does not supply that nutrient.', {
      nutrient: nutrientNames[nutrient],
    });
  const rateUnitId = body.RateUnitId ?? product.RateUnitId;
  if (rateUnitId !== RateUnitId.KgHa && rateUnitId !== RateUnitId.THa)
    throw layerProblem(
      'rateUnitNotForProduct',
      'RateUnitId',
      'Give the rate of a fertiliser in kg/ha or t/ha.',
    );
  const unitName = rateUnitOf(rateUnitId)!.Name;
  const name =
    body.Name ??
    defaultLayerName({
      TypeId: LayerTypeId.Application,
      ProductId: product.Id,
      CropId: requirement.cropId,
      Year: requirement.yearId,
    });
  const id = await db.transaction(async (tx) => {
    const layerId = await insertLayer(tx, {
      holdingId: caller.holdingId,
      typeId: LayerTypeId.Application,
      scope: requirement.scope,
      fieldId: requirement.fieldId,
      croppingId: requirement.croppingId,
      cropId: requirement.cropId,
      parentId: requirement.id,
      yearId: requirement.yearId,
      name,
      unit: unitName,
      nutrientId: nutrient,
      productId: product.Id,
      rateUnitId,
      planName: body.PlanName,
      calculated: true,
      style: { Gradient: 'default', Colour: null, Opacity: null },
    });
    const zones = await sourceZones(tx, requirement.id);
    for (const zone of zones) {
      const inProductUnit = zone.value === null ? null : productRateFor(nutrient, zone.value, content);
      const rate =
        inProductUnit === null ? null : toProductUnit(inProductUnit, product.RateUnitId, rateUnitId);
      await insertZone(
        tx,
        layerId,
        {
          zoneNumber: zone.zoneNumber,
          value: rate,
          initValue: rate,
          label: zone.label,
          fieldId: zone.fieldId,
          productRate: rate,
          initProductRate: rate,
          nutrientRate: inProductUnit === null ? null : nutrientRateFor(nutrient, inProductUnit, content),
        },
        ewkbSql(zone.ewkb),
      );
    }
    await refreshLayerStats(tx, layerId);
    await recordLayerEvent(tx, caller, EventAction.Calculate, {
      id: layerId,
      name,
      croppingId: requirement.croppingId,
      fieldId: requirement.fieldId,
      yearId: requirement.yearId,
    });
    return layerId;
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

/** Product totals of a crop year's application layers visible to the caller: per field (layer) and per plan. */
export async function productTotals(
  db: Db,
  caller: Caller,
  holdingId: number,
  yearId: number,
): Promise<TotalsResponse> {
  checkHolding(caller, holdingId);
  const layers = (await selectLayers(db, caller.access, yearId)).filter(
    (layer) => layer.typeId === LayerTypeId.Application,
  );
  if (layers.length === 0) return { Fields: [], Plans: [] };
  const sums = await applicationSums(
    db,
    layers.map((layer) => layer.id),
  );
  const byLayer = new Map(sums.map((row) => [row.layerId, row]));
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  const fields = layers.map((layer) => {
    const sum = byLayer.get(layer.id);
    const rateUnit = layer.rateUnitId ?? RateUnitId.KgHa;
    return {
      LayerId: layer.id,
      FieldId: layer.fieldId,
      PlanName: layer.planName,
      ProductId: layer.productId,
      RateUnitId: layer.rateUnitId,
      TotalUnit: rateUnitOf(rateUnit)?.TotalUnit ?? 'kg',
      Area: round(Number(sum?.area ?? 0), 2),
      Total: round(totalForRate(Number(sum?.amount ?? 0), 1, rateUnit), 2),
    };
  });
  const plans = new Map<string, TotalsResponse['Plans'][number]>();
  for (const field of fields) {
    const key = JSON.stringify([field.PlanName, field.ProductId, field.TotalUnit]);
    const plan = plans.get(key) ?? {
      PlanName: field.PlanName,
      ProductId: field.ProductId,
      TotalUnit: field.TotalUnit,
      Area: 0,
      Total: 0,
    };
    plan.Area = round(plan.Area + field.Area, 2);
    plan.Total = round(plan.Total + field.Total, 2);
    plans.set(key, plan);
  }
  return { Fields: fields, Plans: [...plans.values()] };
}
