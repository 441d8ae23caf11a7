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
import { limeRecommendation, nutrientRateFor, productRateFor } from '@headland/domain/layers/recommendations';
import {
  methodOfPkModel,
  requirementBasis,
  requirementProblemOfSoil,
  zoneFigure,
  type RequirementBasis,
  type RequirementProblem,
} from '@headland/domain/layers/requirementBasis';
import { effectivePkModel, PkModel } from '@headland/domain/holdingRules';
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
import { applicationSums, requirementInputs, sourceZones, voronoiCells } from './recommendations.queries.ts';
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
  const inputs = await requirementInputs(db, caller.holdingId, body.CroppingId);
  const pkModel = effectivePkModel(
    inputs.regionId,
    inputs.pkModel === PkModel.Sruc ? PkModel.Sruc : PkModel.Adas,
  );
  const method = methodOfPkModel(pkModel);
  const result = requirementBasis(nutrient, method, {
    cropId: cropping.cropId,
    targetYield: typeof inputs.targetYield === 'number' ? inputs.targetYield : null,
    residue: typeof inputs.residue === 'number' ? inputs.residue : null,
    purpose: typeof inputs.purpose === 'string' ? inputs.purpose : null,
  });
  if ('problem' in result) throw requirementProblem(result.problem, method);
  // Every soil reading is checked before anything is written: a layer is made whole or not at all.
  const sources = await soilZonesOrCells(db, soil.id, cropping.fieldId);
  const soilProblem = requirementProblemOfSoil(
    nutrient,
    sources.map((source) => source.value),
    soil.unit,
  );
  if (soilProblem) throw requirementProblem(soilProblem, method);
  const figures = sources.map((source) =>
    source.value === null
      ? { value: null, index: null, note: null }
      : zoneFigure(nutrient, result.basis, source.value, soil.unit, (ph) =>
          limeRecommendation(ph, cropping.cropId),
        ),
  );
  const indices = figures.flatMap((figure) => (figure.index === null ? [] : [figure.index]));
  const basis: RequirementBasis = {
    ...result.basis,
    IndexMin: indices.length > 0 ? Math.min(...indices) : null,
    IndexMax: indices.length > 0 ? Math.max(...indices) : null,
    ZonesWithoutFigure: figures.filter((figure) => figure.note === 'noPublishedFigure').length,
  };
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
      recommendationMethod: method,
      recommendation: basis,
    });
    for (const [position, source] of sources.entries()) {
      const requirement = figures[position]!.value;
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

const problemWords: Record<RequirementProblem, { field: string; message: string }> = {
  soilUnitMissing: {
    field: 'SoilLayerId',
    message: 'The soil layer’s values have no unit, so they cannot be read.',
  },
  soilUnitNotRead: {
    field: 'SoilLayerId',
    message: 'The soil layer’s unit cannot be read by the {{method}} recommendations.',
  },
  soilIndexOutOfRange: {
    field: 'SoilLayerId',
    message: 'A soil value of this layer is outside the range of soil indices (0 to 9) or of pH.',
  },
  noPublishedRecommendation: {
    field: 'CroppingId',
    message: 'There is no published {{method}} recommendation for this crop and nutrient.',
  },
  srucFiguresNotHeld: {
    field: 'CroppingId',
    message: 'This holding uses the SRUC PK model, and Headland does not hold SRUC’s recommendations yet.',
  },
  expectedYieldRequired: {
    field: 'CroppingId',
    message: 'Give the cropping’s target yield: the published table is for another crop’s yield.',
  },
  strawRemovedNoFigure: {
    field: 'CroppingId',
    message: 'There is no published figure for this crop with its straw baled.',
  },
};

/** A refusal of a requirement layer in words, with its code for the web app's translations. */
function requirementProblem(problem: RequirementProblem, method: string) {
  const words = problemWords[problem];
  return layerProblem(problem, words.field, words.message.replace('{{method}}', method), { method });
}
