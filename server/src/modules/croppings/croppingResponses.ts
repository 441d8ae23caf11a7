import type { CroppingLink, CroppingResponse, Srid } from '@headland/domain/api/fieldsApi';
import type { Cropping } from '@headland/domain/cropping';
import { croppingEndDate, croppingStartDate } from '@headland/domain/cropping';
import { cropColour, cropDefinitionById, cropLabel } from '@headland/domain/crops';
import { fieldArea } from '@headland/domain/field';
import { linkFieldRotations, type RotationCropping } from '@headland/domain/rotation';
import { spreadArea, type SpreadAreaCropping } from '@headland/domain/spreadArea';
import { roundArea } from '@headland/domain/units';
import type { Db } from '../../db/database.ts';
import { asMultiPolygon } from '../../db/boundaryGeometry.ts';
import type { Caller } from '../../auth/caller.ts';
import { croppingDraftFromRow } from './croppingColumns.ts';
import { selectCroppingRows, type CroppingRow } from './croppings.queries.ts';

/** A stored cropping in the API's shape, without links (the rules need no more). */
export function croppingFromRow(row: CroppingRow): Cropping {
  const draft = croppingDraftFromRow(row);
  return {
    CroppingId: row.id,
    ...draft,
    StartDate: croppingStartDate(draft) ?? null,
    EndDate: croppingEndDate(draft) ?? null,
    // Seed and nutrition plans are modules this product does not have yet, so no cropping is in one.
    InSeedsPlan: false,
    InNutritionPlan: false,
    PreviousIds: [],
    NextIds: [],
    Version: row.version,
  };
}

export const isPerennialCrop = (cropId: number) => cropDefinitionById(cropId)?.perennial ?? false;

/** The field areas of the fields the rows belong to, by the field's chosen area type. */
export function fieldAreasOf(rows: readonly CroppingRow[]): Map<number, number> {
  return new Map(
    rows.map((row) => [
      row.field_id,
      fieldArea({
        AreaType: row.field_area_type,
        BoundaryArea: row.field_boundary_area,
        WorkingArea: row.field_working_area,
        WholeArea: row.field_whole_area,
      }),
    ]),
  );
}

export function rotationCroppingOf(
  row: CroppingRow,
): RotationCropping & SpreadAreaCropping & { FieldId: number } {
  return {
    CroppingId: row.id,
    FieldId: row.field_id,
    YearId: row.year_id,
    CropId: row.crop_id,
    Area: row.area,
    ManureSpreadArea: row.manure_spread_area,
    SowingDate: row.sowing_date,
    HarvestDate: row.harvest_date,
    DestructionDate: row.destruction_date,
    Destroyed: row.destroyed,
    perennial: isPerennialCrop(row.crop_id),
  };
}

function linkOf(row: CroppingRow): CroppingLink {
  return {
    CroppingId: row.id,
    YearId: row.year_id,
    CropId: row.crop_id,
    CropName: cropLabel({ CropId: row.crop_id, CropName: row.crop_name }),
  };
}

export interface CroppingSelection {
  yearIds?: readonly number[];
  fieldIds?: readonly number[];
  croppingIds?: readonly number[];
  srid: Srid;
}

const neighbourYears = (yearIds: Iterable<number>) => {
  const years = new Set<number>();
  for (const year of yearIds) for (const near of [year - 1, year, year + 1]) years.add(near);
  return [...years];
};

/**
 * The croppings `selection` asks for, and the context their links are computed in: the visible croppings of
 * the same fields (all fields for a selection by year) in the neighbouring years.
 */
async function selectWithContext(
  db: Db,
  caller: Caller,
  selection: CroppingSelection,
): Promise<{ rows: CroppingRow[]; context: CroppingRow[] }> {
  const base = { holdingId: caller.holdingId, access: caller.access };
  const { yearIds, fieldIds, croppingIds, srid } = selection;
  if (yearIds && !fieldIds && !croppingIds) {
    // A whole year (the field list, the map): one statement reads the neighbouring years too, with
    // boundaries only where they are answered.
    const wanted = new Set(yearIds);
    const context = await selectCroppingRows(db, {
      ...base,
      srid,
      yearIds: neighbourYears(yearIds),
      boundaryYearIds: yearIds,
    });
    return { rows: context.filter((row) => wanted.has(row.year_id)), context };
  }
  const rows = await selectCroppingRows(db, { ...base, ...selection });
  if (rows.length === 0) return { rows, context: [] };
  const context = await selectCroppingRows(db, {
    ...base,
    yearIds: neighbourYears(rows.map((row) => row.year_id)),
    fieldIds: [...new Set(rows.map((row) => row.field_id))],
  });
  return { rows, context };
}

/**
 * The caller's visible croppings matching `selection`, with their rotation links and spread areas. Links are
 * computed among visible croppings only, over the neighbouring years as well, so that no hidden cropping shows
 * through a link.
 */
export async function loadCroppingResponses(
  db: Db,
  caller: Caller,
  selection: CroppingSelection,
): Promise<CroppingResponse[]> {
  const { rows, context } = await selectWithContext(db, caller, selection);
  if (rows.length === 0) return [];
  const rotation = context.map(rotationCroppingOf);
  const links = linkFieldRotations(rotation, fieldAreasOf(context));
  const contextById = new Map(context.map((row) => [row.id, row]));
  const rotationById = new Map(rotation.map((cropping) => [cropping.CroppingId, cropping]));
  const byFieldYear = new Map<string, typeof rotation>();
  for (const cropping of rotation) {
    const key = `${cropping.FieldId}:${cropping.YearId}`;
    const list = byFieldYear.get(key);
    if (list) list.push(cropping);
    else byFieldYear.set(key, [cropping]);
  }

  const cropParts = new Map<number, CropParts>();
  return rows.map((row) => {
    const cropping = croppingFromRow(row);
    const link = links.get(row.id);
    const previousIds = link?.previousIds ?? [];
    const nextIds = link?.nextIds ?? [];
    let parts = cropParts.get(row.crop_id);
    if (!parts) {
      parts = cropPartsOf(row.crop_id);
      cropParts.set(row.crop_id, parts);
    }
    const spread = spreadArea(
      rotationById.get(row.id) ?? rotationCroppingOf(row),
      {
        AreaType: row.field_area_type,
        BoundaryArea: row.field_boundary_area,
        WorkingArea: row.field_working_area,
        WholeArea: row.field_whole_area,
        ManureSpreadArea: row.field_manure_spread_area,
      },
      byFieldYear.get(`${row.field_id}:${row.year_id}`) ?? [],
    );
    // Assigned onto the cropping rather than spread into a copy: a year's list has thousands of these.
    const response = cropping as CroppingResponse;
    response.Area = cropping.Area === null ? null : roundArea(cropping.Area);
    response.PreviousIds = previousIds;
    response.NextIds = nextIds;
    response.FieldName = row.field_name;
    response.FieldGroup = row.field_group;
    response.Boundary = asMultiPolygon(row.boundary);
    response.BoundaryArea = row.boundary_area === null ? null : roundArea(row.boundary_area);
    // Crop details are the same for every cropping of a crop, except a named 'Other' crop's label.
    response.Crop =
      parts.crop.Name === cropLabel(cropping) ? parts.crop : { ...parts.crop, Name: cropLabel(cropping) };
    response.Variety = row.variety_name ? { Name: row.variety_name, Market: row.market } : null;
    response.PreviousCroppings = summaries(previousIds, contextById);
    response.NextCroppings = summaries(nextIds, contextById);
    response.Style = parts.style;
    response.CssColor = parts.cssColor;
    response.SpreadArea = roundArea(spread);
    return response;
  });
}

interface CropParts {
  crop: CroppingResponse['Crop'];
  style: CroppingResponse['Style'];
  cssColor: string;
}

function cropPartsOf(cropId: number): CropParts {
  const definition = cropDefinitionById(cropId);
  const colour = cropColour(cropId);
  return {
    crop: {
      Name: cropLabel({ CropId: cropId }),
      Perennial: definition?.perennial ?? false,
      Hidden: definition?.hidden ?? false,
      CoverCrop: definition?.coverCrop ?? false,
      Residue: definition?.residue ?? false,
      Purposes: {
        UserSelection: definition?.purposes.userSelection ?? false,
        List: [...(definition?.purposes.list ?? [])],
      },
    },
    style: { Colour: [colour[0], colour[1], colour[2]], Pattern: definition?.pattern ?? null },
    cssColor: `rgb(${colour[0]}, ${colour[1]}, ${colour[2]})`,
  };
}

function summaries(ids: readonly number[], contextById: ReadonlyMap<number, CroppingRow>): CroppingLink[] {
  const found: CroppingLink[] = [];
  for (const id of ids) {
    const row = contextById.get(id);
    if (row) found.push(linkOf(row));
  }
  return found;
}
