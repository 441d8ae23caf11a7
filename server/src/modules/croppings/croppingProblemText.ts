import type { CroppingProblem, CroppingProblemCode } from '@headland/domain/croppingRules';
import { harvestYearEnd } from '@headland/domain/harvestYear';
import { formatDisplayDate, type IsoDate } from '@headland/domain/isoDate';
import { formatHectares } from '@headland/domain/units';
import type { FieldError } from '../../http/httpErrors.ts';

const attributeNames: Record<string, string> = {
  residue: 'Residue',
  growingSeasonLength: 'Growing season length',
  protection: 'Protection',
  grassManagement: 'Grass management',
  grassCuts: 'Grass cuts',
  purpose: 'Purpose',
};

type Params = CroppingProblem['params'];
const ha = (value: string | number | undefined) => formatHectares(Number(value ?? 0));
const day = (value: string | number | undefined) => formatDisplayDate(String(value) as IsoDate);

/**
 * The API's own English for each problem code: the `Message` of a refused save, for clients other than the
 * web app, which shows its translations of `Code` and `Params` instead (web `fields.croppingProblems`).
 */
const texts: Record<CroppingProblemCode, (params: Params) => string> = {
  cropRequired: () => 'The crop is required.',
  cropUnknown: () => 'The crop is not known.',
  cropNameRequired: () => "The crop name is required for the crop 'Other'.",
  yearNotInHolding: (p) => `${p.year} is not one of the holding's crop years.`,
  fieldDisabled: (p) => `Field ${p.name} is disabled during year ${p.year}.`,
  varietyUnknown: () => 'The variety is not known.',
  varietyNotOfCrop: () => 'The variety is not a variety of the chosen crop.',
  dateOrder: () => 'The sowing date must be before the harvest or destruction date.',
  dateOutsideYear: (p) =>
    `The dates do not fit crop year ${p.year}: sowing must be between ${day(p.sowingFrom)} and ` +
    `${day(p.sowingTo)}, and harvest or destruction no later than ${day(p.endBy)}.`,
  datesTwoYears: () =>
    'The sowing and the harvest or destruction dates must not be more than two consecutive crop years apart.',
  dateBeforeMinYear: (p) => `Dates before ${p.minYear} are not accepted.`,
  dateAfterMaxYear: (p) => `Dates after ${p.maxYear ?? ''} are not accepted.`,
  destructionAfterNextYear: (p) =>
    `The destruction date must not be after ${day(p.endBy ?? harvestYearEnd(Number(p.year) + 1))}, the end of the next crop year.`,
  perennialOutsideHolding: (p) =>
    `The dates of a perennial crop must fall within the holding's crop years (${p.firstYear} to ${p.lastYear}).`,
  attributeRequired: (p) => `${attributeNames[String(p.attribute)] ?? p.attribute} is required.`,
  attributeNotOffered: (p) =>
    `${attributeNames[String(p.attribute)] ?? p.attribute}: the chosen value is not available for this crop. Please pick one from the list.`,
  nCropGroupInvalid: (p) =>
    `The current group value of ${p.value} is not valid anymore. Please pick the correct value from the list above.`,
  areaAboveField: (p) =>
    `The cropping area (${ha(p.area)} ha) cannot be larger than the field area (${ha(p.fieldArea)} ha).`,
  managementOptionsUnavailable: () => 'Crop management options are not available for this holding.',
  managementOptionAboveArea: () => 'A management option cannot cover more than the cropping area.',
  concurrentCrops: (p) =>
    `There are other crops at the same time on this field, and the overall cropped area (${ha(p.overallArea)} ha) ` +
    `exceeds that of the field (${ha(p.fieldArea)} ha). Please check the dates and area.`,
  concurrentCropsWithHidden: (p) =>
    `There are other crops at the same time on this field, some of which you cannot see, and together they ` +
    `exceed the field area (${ha(p.fieldArea)} ha). Please check the dates and area.`,
};

/** A problem as one entry of a 400's `Errors`: the member at fault, English words, and the code to translate. */
export function croppingProblemError(problem: CroppingProblem): FieldError {
  return {
    Field: problem.field,
    Message: texts[problem.code](problem.params),
    Code: problem.code,
    Params: problem.params,
  };
}
