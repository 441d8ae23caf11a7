import type { CroppingResponse, CroppingWrite, FieldResponse } from '@headland/domain/api/fieldsApi';
import {
  cropAttributeRules,
  toCropDescriptor,
  type CropAttributeRules,
  type CropDescriptor,
} from '@headland/domain/cropAttributes';
import {
  CroppingProblemCode,
  blankCroppingDraft,
  croppingProblems,
  mergeCroppingWrite,
  type CroppingDraft,
  type CroppingProblem,
} from '@headland/domain/croppingRules';
import { CropId, cropDefinitionById } from '@headland/domain/crops';
import { croppingDraftSchema, isDestroyed } from '@headland/domain/cropping';

/** How an input holds a member when it has none: texts as '', numbers as undefined, checkboxes as false. */
type InputKind = 'text' | 'number' | 'flag';

/**
 * The members whose inputs hold them otherwise than the draft does. Every other member of the draft is held by
 * the form as the draft holds it, so a new member needs no line here unless its input is a text, number or
 * checkbox.
 */
const inputKinds = {
  CropName: 'text',
  CropDescr: 'text',
  VarietyName: 'text',
  PlotId: 'text',
  BatchId: 'text',
  Market: 'text',
  Area: 'number',
  ManureSpreadArea: 'number',
  NCropGroup: 'number',
  TargetYield: 'number',
  TargetpH: 'number',
  StrawMulch: 'flag',
  Undersown: 'flag',
} as const satisfies Partial<Record<keyof CroppingDraft, InputKind>>;
const kindOf = (key: string): InputKind | undefined => (inputKinds as Record<string, InputKind>)[key];

type Held<T, K> = K extends 'text'
  ? string
  : K extends 'number'
    ? number | undefined
    : K extends 'flag'
      ? boolean
      : T;

/** What the cropping editor edits: the draft as its inputs hold it, with no crop until one is picked. */
export type CroppingFormValues = Omit<
  {
    [K in keyof CroppingDraft]: K extends keyof typeof inputKinds
      ? Held<CroppingDraft[K], (typeof inputKinds)[K]>
      : CroppingDraft[K];
  },
  'CropId' | 'ManagementOptions'
> & {
  CropId: number | null;
  ManagementOptions: { Code: string; Area: number | undefined }[];
};

const draftKeys = Object.keys(croppingDraftSchema.shape) as (keyof CroppingDraft)[];

/** The form of a draft: each member as its input holds it. */
export function croppingFormFromDraft(draft: CroppingDraft): CroppingFormValues {
  const values: Record<string, unknown> = {};
  for (const key of draftKeys) {
    const value = draft[key];
    const kind = kindOf(key);
    values[key] =
      kind === 'text'
        ? (value ?? '')
        : kind === 'number'
          ? (value ?? undefined)
          : kind === 'flag'
            ? (value ?? false)
            : value;
  }
  const form = values as CroppingFormValues;
  // A negative spread area means not set, which the input shows as empty.
  if (form.ManureSpreadArea !== undefined && form.ManureSpreadArea < 0) form.ManureSpreadArea = undefined;
  form.ManagementOptions = draft.ManagementOptions.map((option) => ({ ...option }));
  return form;
}

export function newCroppingForm(fieldId: number, yearId: number): CroppingFormValues {
  return { ...croppingFormFromDraft(blankCroppingDraft(fieldId, yearId)), CropId: null };
}

export function croppingFormFromResponse(cropping: CroppingResponse): CroppingFormValues {
  return croppingFormFromDraft(cropping);
}

/**
 * Members the form does not send back: the market is read with the variety's as its fallback, and sending it
 * would store the variety's market as the cropping's own.
 */
const notSent: ReadonlySet<string> = new Set(['Market']);

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body of the create or update call. Every member is sent, so that what the form cleared is cleared. */
export function croppingWriteFromForm(values: CroppingFormValues): CroppingWrite {
  const body: Record<string, unknown> = {};
  for (const key of draftKeys) {
    if (notSent.has(key)) continue;
    const value = values[key];
    const kind = kindOf(key);
    body[key] = kind === 'text' ? textOrNull(value as string) : kind === 'number' ? (value ?? null) : value;
  }
  return {
    ...(body as CroppingWrite),
    CropId: values.CropId ?? CropId.Uncropped,
    CropName: values.CropId === CropId.Other ? textOrNull(values.CropName) : null,
    Destroyed: isDestroyed(values),
    ManagementOptions: values.ManagementOptions.filter((option) => option.Code.trim() !== '').map(
      (option) => ({ Code: option.Code.trim(), Area: option.Area ?? 0 }),
    ),
  };
}

export function cropDescriptorOf(cropId: number | null): CropDescriptor | undefined {
  const definition = cropId === null ? undefined : cropDefinitionById(cropId);
  return definition ? toCropDescriptor(definition) : undefined;
}

export interface CroppingFormContext {
  /** The field with its croppings of every year: the concurrent-crops check needs them all. */
  field: Pick<
    FieldResponse,
    'Name' | 'AreaType' | 'BoundaryArea' | 'WorkingArea' | 'WholeArea' | 'Years' | 'Croppings'
  >;
  /** The cropping being edited, left out of the field's other croppings; undefined for a new one. */
  croppingId: number | undefined;
  /** The holding's crop years. */
  holdingYears: readonly number[];
  region: number;
  /** The holding's crop-management options switch (shared data). */
  cropManagementOptionsEnabled: boolean;
  /** The varieties the picker knows, to check the chosen one against the crop. */
  varieties?: readonly { VarietyId: number | null; CropId: number }[];
}

export interface CroppingFormMessages {
  rules: CropAttributeRules;
  /** Every problem of the form, from the domain's rule set that the server applies on save. */
  problems: CroppingProblem[];
}

/** The cropping the form would save, as the rules and the server see it. */
export function croppingDraftFromForm(values: CroppingFormValues): CroppingDraft {
  return mergeCroppingWrite(blankCroppingDraft(values.FieldId, values.YearId), croppingWriteFromForm(values));
}

/** The rules of fields-croppings-maps §5 applied to the form: the same rule set the server refuses a save with. */
export function croppingFormMessages(
  values: CroppingFormValues,
  context: CroppingFormContext,
): CroppingFormMessages {
  const crop = cropDescriptorOf(values.CropId);
  const varietyCropId =
    values.VarietyId === null
      ? undefined
      : context.varieties?.find((variety) => variety.VarietyId === values.VarietyId)?.CropId;
  const problems = croppingProblems(croppingDraftFromForm(values), {
    field: context.field,
    others: context.field.Croppings.map((other) => ({ ...other, perennial: other.Crop.Perennial })),
    croppingId: context.croppingId,
    holdingYears: context.holdingYears,
    region: context.region,
    cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
    varietyCropId,
  });
  if (values.CropId === null)
    problems.unshift({ code: CroppingProblemCode.CropRequired, field: 'CropId', params: {} });
  return {
    rules: cropAttributeRules({
      crop,
      region: context.region,
      grassManagement: values.GrassManagement,
      destructionDate: values.DestructionDate,
      cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
    }),
    problems,
  };
}

/** The problems of the form about `fields`, in the rule set's order. */
export function problemsAt(
  messages: CroppingFormMessages,
  ...fields: (keyof CroppingDraft)[]
): CroppingProblem[] {
  return messages.problems.filter((problem) => fields.includes(problem.field));
}

/** Whether any problem stands in the way of saving. */
export function hasBlockingMessage(messages: CroppingFormMessages): boolean {
  return messages.problems.length > 0;
}

/**
 * The form after a crop change: attributes the new crop does not ask for are cleared, so that a value chosen
 * for the old crop is not saved against the new one.
 */
export function withCrop(
  values: CroppingFormValues,
  cropId: number | null,
  context: CroppingFormContext,
): CroppingFormValues {
  const rules = cropAttributeRules({
    crop: cropDescriptorOf(cropId),
    region: context.region,
    grassManagement: values.GrassManagement,
    destructionDate: values.DestructionDate,
    cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
  });
  const keep = <T>(shown: boolean, options: readonly T[], value: T | null) =>
    shown && value !== null && options.includes(value) ? value : null;
  const changed = cropId !== values.CropId;
  const grassManagement = keep(
    rules.grassManagement.shown,
    rules.grassManagement.options,
    values.GrassManagement,
  );
  return {
    ...values,
    CropId: cropId,
    VarietyId: changed ? null : values.VarietyId,
    VarietyName: changed ? '' : values.VarietyName,
    Purpose: keep(rules.purpose.shown, rules.purpose.options, values.Purpose),
    Residue: keep(rules.residue.shown, rules.residue.options, values.Residue),
    GrowingSeasonLength: keep(
      rules.growingSeasonLength.shown,
      rules.growingSeasonLength.options,
      values.GrowingSeasonLength,
    ),
    ProtectionStatus: keep(rules.protection.shown, rules.protection.options, values.ProtectionStatus),
    GrassManagement: grassManagement,
    GrassCuts:
      grassManagement === null
        ? null
        : keep(rules.grassCuts.shown, rules.grassCuts.options, values.GrassCuts),
  };
}
