import { cropDefinitionById } from '@headland/domain/crops';
import { harvestYearEnd, harvestYearStart } from '@headland/domain/harvestYear';
import { addDays, isoDateFromParts, type IsoDate } from '@headland/domain/isoDate';

/** A day of the year relative to the harvest year: `yearOffset` -1 is the autumn before harvest. */
export interface CalendarDay {
  month: number;
  day: number;
  yearOffset: -1 | 0 | 1;
  /** Fields spread their dates over this many days from the given day. */
  spreadDays: number;
}

/** When a crop is usually sown and harvested on one farm, with the varieties and attributes it is grown with. */
export interface CropCalendar {
  cropId: number;
  /** Null for an old sward whose sowing is long past and unrecorded. */
  sow: CalendarDay | null;
  /** Null for crops that are grazed or cut rather than harvested once, and for cover crops. */
  harvest: CalendarDay | null;
  /** For cover crops: when they are destroyed before the spring crop. */
  destroy?: CalendarDay;
  /** Varieties the farm grows; a field's variety is picked from this list. */
  varietyIds: readonly number[];
  /** Cropping attributes as the API names them (Purpose, Residue, GrassManagement and so on). */
  attributes: Record<string, unknown>;
  cropDescr?: string;
  /** The description when the field grew the same crop the year before, as in 'Second wheat'. */
  cropDescrAfterSameCrop?: string;
}

/** One year of a field: a crop, or a cover crop followed by the main crop. */
export type RotationYear<Key extends string> = Key | readonly [cover: Key, main: Key];

export interface FieldRotation<Key extends string> {
  fieldNumber: string;
  years: readonly RotationYear<Key>[];
}

export interface PlannedCropping {
  fieldNumber: string;
  yearId: number;
  cropId: number;
  varietyId: number | null;
  cropDescr: string | null;
  sowingDate: IsoDate | null;
  harvestDate: IsoDate | null;
  destructionDate: IsoDate | null;
  destroyed: boolean;
  attributes: Record<string, unknown>;
}

export interface CroppingPlanInput<Key extends string> {
  calendars: Readonly<Record<Key, CropCalendar>>;
  rotations: readonly FieldRotation<Key>[];
  /** The harvest year of each rotation entry's first year. */
  firstYear: number;
}

// Days between lifting one crop and drilling the next: time to cultivate.
const minimumTurnaroundDays = 5;

/** A stable spread of 0..span days for a field and year, so a re-seed gives the same dates. */
function spread(fieldNumber: string, yearId: number, salt: number, span: number): number {
  let hash = 2166136261 ^ salt;
  for (const char of `${fieldNumber}/${yearId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0) % (span + 1);
}

function dayIn(day: CalendarDay, yearId: number, fieldNumber: string, salt: number): IsoDate {
  const start = isoDateFromParts({ year: yearId + day.yearOffset, month: day.month, day: day.day });
  return addDays(start, spread(fieldNumber, yearId, salt, day.spreadDays));
}

const later = (a: IsoDate, b: IsoDate): IsoDate => (a > b ? a : b);

function isPerennial(cropId: number): boolean {
  const crop = cropDefinitionById(cropId);
  if (!crop) throw new Error(`Crop ${cropId} is not in the crop table`);
  return crop.perennial;
}

/**
 * Turns each field's rotation into croppings with dates. A crop is drilled no earlier than its usual day and no
 * sooner than a few days after the previous crop came off. A perennial sward runs on from year to year with the
 * same variety and sowing date, and is destroyed in the late summer before the crop that follows it.
 */
export function planCroppings<Key extends string>(input: CroppingPlanInput<Key>): PlannedCropping[] {
  const planned: PlannedCropping[] = [];
  for (const { fieldNumber, years } of input.rotations) {
    const field: PlannedCropping[] = [];
    let previousEnd: IsoDate | null = null;
    years.forEach((entry, index) => {
      const yearId = input.firstYear + index;
      const keys: readonly Key[] = typeof entry === 'string' ? [entry as Key] : (entry as readonly Key[]);
      for (const key of keys) {
        const calendar = input.calendars[key];
        const previous = field.at(-1);
        if (
          isPerennial(calendar.cropId) &&
          previous &&
          previous.cropId === calendar.cropId &&
          previous.yearId === yearId - 1
        ) {
          field.push({ ...previous, yearId, harvestDate: null, attributes: { ...previous.attributes } });
          continue;
        }
        const cropping = plannedCropping(calendar, fieldNumber, yearId, previousEnd);
        if (
          calendar.cropDescrAfterSameCrop &&
          previous?.cropId === calendar.cropId &&
          previous.yearId === yearId - 1
        ) {
          cropping.cropDescr = calendar.cropDescrAfterSameCrop;
        }
        if (
          previous &&
          isPerennial(previous.cropId) &&
          !previous.destructionDate &&
          previous.yearId === yearId - 1
        ) {
          // The sward is ploughed out a fortnight or so before the next crop goes in.
          const destruction = addDays(cropping.sowingDate ?? harvestYearStart(yearId), -14);
          previous.destructionDate = later(destruction, harvestYearStart(yearId));
          previous.destroyed = true;
          if (cropping.sowingDate && cropping.sowingDate <= previous.destructionDate) {
            cropping.sowingDate = addDays(previous.destructionDate, minimumTurnaroundDays);
          }
        }
        field.push(cropping);
        previousEnd = cropping.destructionDate ?? cropping.harvestDate ?? previousEnd;
      }
    });
    planned.push(...field);
  }
  return planned;
}

function plannedCropping(
  calendar: CropCalendar,
  fieldNumber: string,
  yearId: number,
  previousEnd: IsoDate | null,
): PlannedCropping {
  const varietyIds = calendar.varietyIds;
  // Perennials keep one variety for the life of the sward, so pick by field alone.
  const pick = isPerennial(calendar.cropId)
    ? Number.parseInt(fieldNumber, 10)
    : Number.parseInt(fieldNumber, 10) + yearId;
  const varietyId = varietyIds.length ? varietyIds[pick % varietyIds.length]! : null;
  let sowingDate = calendar.sow ? dayIn(calendar.sow, yearId, fieldNumber, 1) : null;
  if (sowingDate) {
    if (previousEnd) sowingDate = later(sowingDate, addDays(previousEnd, minimumTurnaroundDays));
    sowingDate = later(sowingDate, harvestYearStart(yearId));
    if (sowingDate > harvestYearEnd(yearId)) {
      throw new Error(
        `Field ${fieldNumber}: crop ${calendar.cropId} cannot be sown within crop year ${yearId}`,
      );
    }
  }
  const harvestDate = calendar.harvest ? dayIn(calendar.harvest, yearId, fieldNumber, 2) : null;
  const destructionDate = calendar.destroy ? dayIn(calendar.destroy, yearId, fieldNumber, 3) : null;
  const end = destructionDate ?? harvestDate;
  if (sowingDate && end && end <= addDays(sowingDate, 30)) {
    throw new Error(`Field ${fieldNumber}: crop ${calendar.cropId} in ${yearId} would end before it grows`);
  }
  return {
    fieldNumber,
    yearId,
    cropId: calendar.cropId,
    varietyId,
    cropDescr: calendar.cropDescr ?? null,
    sowingDate,
    harvestDate,
    destructionDate,
    destroyed: destructionDate !== null,
    attributes: { ...calendar.attributes },
  };
}
