import type { DashboardResponse, DashboardYearTotals } from '@headland/domain/api/dashboardApi';
import type { MaintenanceNotice } from '@headland/domain/api/liveApi';
import { cropColour, cropDefinitionById } from '@headland/domain/crops';
import { yearTotals, type CropTotal } from '@headland/domain/cropTotals';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { HoldingIssueCode } from '@headland/domain/holdingValidation';
import {
  dashboardFailedImportLimit,
  dashboardFieldLimit,
  dashboardPictureLimit,
  failedImportDays,
} from '@headland/domain/limits';
import { currentOrNextMaintenance } from '@headland/domain/maintenance';
import { canAccess } from '@headland/domain/permissions';
import { linkFieldRotations } from '@headland/domain/rotation';
import { hasTimelineInvalidDates } from '@headland/domain/timeline';
import type { Caller } from '../../auth/caller.ts';
import { selectHiddenCroppingYears } from '../../auth/croppingAccess.ts';
import type { Db } from '../../db/database.ts';
import { listVersion } from '../../http/listRevalidation.ts';
import { rotationCroppingOf, selectCroppingRows } from '../croppings/croppings.service.ts';
import { latestPictures } from '../documents/documents.service.ts';
import { selectFieldRows, selectHoldingYears, type FieldRow } from '../fields/fields.service.ts';
import { importTaskSummary } from '../layers/layerImport.service.ts';
import { validateHolding } from '../validation/holdingValidation.service.ts';
import type { KeptCards } from './keptCards.ts';

type FieldNames = ReadonlyMap<number, string>;

/** Some of `fieldIds` by name (at most the dashboard's limit, in name order), and how many there are. */
function fieldSet(fieldIds: Iterable<number>, names: FieldNames) {
  const ids = [...new Set(fieldIds)].filter((id) => names.has(id));
  const fields = ids
    .map((id) => ({ FieldId: id, Name: names.get(id)! }))
    .sort((a, b) => a.Name.localeCompare(b.Name, 'en-GB', { numeric: true }) || a.FieldId - b.FieldId);
  return { Count: ids.length, Fields: fields.slice(0, dashboardFieldLimit) };
}

function styled(total: CropTotal) {
  const [red, green, blue] = cropColour(total.CropId);
  return {
    ...total,
    Colour: [red, green, blue] as [number, number, number],
    Pattern: cropDefinitionById(total.CropId)?.pattern ?? null,
  };
}

/** The cropping card of one year: the domain's totals with each crop's style. */
function totalsOf(
  yearId: number,
  croppings: Parameters<typeof yearTotals>[1],
  fields: readonly FieldRow[],
  hiddenYears: ReadonlyMap<number, number[]>,
): DashboardYearTotals {
  const withHidden = new Set(
    [...hiddenYears].filter(([, years]) => years.includes(yearId)).map(([id]) => id),
  );
  const totals = yearTotals(
    yearId,
    croppings,
    fields.map((field) => ({
      FieldId: field.id,
      Area: fieldArea(fieldAreasOf(field)),
      Disabled: isFieldDisabledIn({ Years: field.years }, yearId),
    })),
    withHidden,
  );
  return { ...totals, Crops: totals.Crops.map(styled), NonCrops: totals.NonCrops.map(styled) };
}

const fieldAreasOf = (field: FieldRow) => ({
  AreaType: field.area_type,
  BoundaryArea: field.boundary_area,
  WorkingArea: field.working_area,
  WholeArea: field.whole_area,
});

/** The cropping and attention cards: totals of the year and the one before, issues, dates and boundaries. */
export type CroppingCards = Awaited<ReturnType<typeof croppingCards>>;

async function croppingCards(db: Db, caller: Caller, yearId: number) {
  const [fields, rows, hidden, issues] = await Promise.all([
    selectFieldRows(db, caller.holdingId, { srid: null }),
    selectCroppingRows(db, {
      holdingId: caller.holdingId,
      access: caller.access,
      yearIds: [yearId - 1, yearId, yearId + 1],
    }),
    selectHiddenCroppingYears(db, caller.access, { yearIds: [yearId - 1, yearId] }),
    validateHolding(db, caller, yearId),
  ]);
  const names = new Map(fields.map((field) => [field.id, field.name]));
  const rotation = rows.map(rotationCroppingOf);

  // The timeline's rule, over the croppings the caller sees (fields-croppings-maps §5, timeline invalid dates).
  const links = linkFieldRotations(
    rotation,
    new Map(fields.map((field) => [field.id, fieldArea(fieldAreasOf(field))])),
  );
  const byId = new Map(rotation.map((cropping) => [cropping.CroppingId, cropping]));
  const lookup = (ids: readonly number[] | undefined) => (ids ?? []).flatMap((id) => byId.get(id) ?? []);
  const invalid = rotation.filter((cropping) => {
    if (cropping.YearId !== yearId || !names.has(cropping.FieldId)) return false;
    const link = links.get(cropping.CroppingId);
    return hasTimelineInvalidDates(cropping, lookup(link?.previousIds), lookup(link?.nextIds));
  });

  const issueFields = new Map<HoldingIssueCode, number[]>();
  for (const issue of issues)
    issueFields.set(issue.Code, [...(issueFields.get(issue.Code) ?? []), issue.FieldId]);
  const enabled = fields.filter((field) => !isFieldDisabledIn({ Years: field.years }, yearId));

  return {
    cropping: {
      Year: totalsOf(yearId, rotation, fields, hidden),
      PreviousYear: totalsOf(yearId - 1, rotation, fields, hidden),
    },
    attention: {
      Issues: [...issueFields]
        .sort(([a], [b]) => a - b)
        .map(([code, ids]) => ({ Code: code, ...fieldSet(ids, names) })),
      InvalidDates: {
        ...fieldSet(
          invalid.map((cropping) => cropping.FieldId),
          names,
        ),
        Croppings: invalid.length,
      },
      FieldsWithoutBoundary: fieldSet(
        enabled.filter((field) => field.boundary_area === null).map((field) => field.id),
        names,
      ),
    },
  };
}

/** The cropping cards as kept for the caller's slot and the holding's present state, else built. */
async function keptCroppingCards(db: Db, caller: Caller, yearId: number, kept: KeptCards<CroppingCards>) {
  const [version, years] = await Promise.all([
    listVersion(db, caller, ['dashboard', yearId]),
    selectHoldingYears(db, caller.holdingId),
  ]);
  return kept.get(version.slot, `${version.revision}|${years.join(',')}`, () =>
    croppingCards(db, caller, yearId),
  );
}

async function pictureCard(db: Db, caller: Caller, names: () => Promise<FieldNames>) {
  const pictures = await latestPictures(db, caller, dashboardPictureLimit);
  const known = pictures.some((picture) => picture.FieldId !== null)
    ? await names()
    : new Map<number, string>();
  return pictures.map((picture) => ({
    ImportDocumentId: picture.ImportDocumentId,
    FileName: picture.FileName,
    ThumbnailPath: picture.ThumbnailPath,
    UploadDate: picture.UploadDate,
    Field:
      picture.FieldId !== null && known.has(picture.FieldId)
        ? { FieldId: picture.FieldId, Name: known.get(picture.FieldId)! }
        : null,
  }));
}

/**
 * The dashboard's cards for the caller in `yearId` (issue 26), in one answer. Each card follows the caller's
 * rights: the cropping and attention cards need fields or map layers, imports and pictures need map layers.
 * Croppings are read as the caller sees them, so a restricted member's totals count only theirs.
 */
export async function dashboardSummary(
  db: Db,
  caller: Caller,
  yearId: number,
  maintenance: readonly MaintenanceNotice[],
  kept: KeptCards<CroppingCards>,
): Promise<DashboardResponse> {
  const permissions = caller.auth.session?.permissions;
  const mapLayers = permissions ? canAccess(permissions, 'mapLayers', 'read') : false;
  const fields = permissions ? canAccess(permissions, 'fields', 'read') || mapLayers : false;
  let fieldNames: Promise<FieldNames> | undefined;
  const names = () => {
    fieldNames ??= selectFieldRows(db, caller.holdingId, { srid: null }).then(
      (rows) => new Map(rows.map((row) => [row.id, row.name])),
    );
    return fieldNames;
  };
  const [cards, imports, pictures] = await Promise.all([
    fields ? keptCroppingCards(db, caller, yearId, kept) : null,
    mapLayers ? importTaskSummary(db, caller, failedImportDays, dashboardFailedImportLimit) : null,
    mapLayers ? pictureCard(db, caller, names) : null,
  ]);
  return {
    YearId: yearId,
    Restricted: caller.access.restricted,
    Cropping: cards?.cropping ?? null,
    Attention: cards?.attention ?? null,
    Imports: imports && {
      Running: imports.running,
      Waiting: imports.waiting,
      FailedCount: imports.failedCount,
      Failed: imports.failed.map((task) => ({ TaskId: task.id, FileName: task.fileName, Date: task.date })),
    },
    Maintenance: currentOrNextMaintenance(maintenance, Date.now()),
    Pictures: pictures,
  };
}
