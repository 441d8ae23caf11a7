import {
  signupSetupSchema,
  townChoicesForPostCode,
  type SignupData,
  type SignupRegion,
  type SignupSetup,
  type SignupTown,
} from '@headland/domain/api/signupApi';
import {
  newPasswordError,
  passwordMismatchMessage,
  passwordRequiredMessage,
  passwordRuleMessage,
} from '@headland/domain/passwordRule';

/** The wizard's steps (session-shell §4): 1 Terms, 2 Contact, 3 Holding, 4 Password. */
export const signupSteps = ['terms', 'contact', 'holding', 'password'] as const;
export type SignupStep = (typeof signupSteps)[number];

/** Whether the person was invited to a holding that exists: they join it, so its address is not asked for. */
export function joinsInvitedHolding(data: SignupData): boolean {
  return data.holdingInvites.length > 0;
}

/** The steps this person goes through: an invited person skips the holding step. */
export function signupStepsFor(data: SignupData): readonly SignupStep[] {
  return joinsInvitedHolding(data) ? signupSteps.filter((step) => step !== 'holding') : signupSteps;
}

export interface SignupForm {
  termsAccepted: boolean;
  /** The contact-consent question: unanswered, yes or no. */
  consent: 'yes' | 'no' | null;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  holdingExists: boolean;
  holdingName: string;
  postCode: string;
  address: string;
  regionId: number | null;
  townId: number | null;
  agronomist: string;
  accountNumber: string;
  password: string;
  confirmation: string;
}

export function initialSignupForm(data: SignupData): SignupForm {
  return {
    termsAccepted: false,
    consent: null,
    firstName: data.firstName,
    lastName: data.lastName,
    phoneNumber: '',
    // Someone invited to a holding joins it rather than creating another.
    holdingExists: data.holdingInvites.length > 0,
    holdingName: '',
    postCode: '',
    address: '',
    regionId: null,
    townId: null,
    agronomist: '',
    accountNumber: '',
    password: '',
    confirmation: '',
  };
}

/** A field's problem as a text id of the signup translations. */
export type SignupProblems = Partial<Record<keyof SignupForm, string>>;

const passwordProblem: Record<string, string> = {
  [passwordRequiredMessage]: 'signup.errors.passwordRequired',
  [passwordRuleMessage]: 'signup.errors.passwordRule',
  [passwordMismatchMessage]: 'signup.errors.passwordMismatch',
};

const shape = signupSetupSchema.shape;

/** The problems of one step's fields (sign-up §5); empty when the step may be left forwards. */
export function stepProblems(step: SignupStep, form: SignupForm): SignupProblems {
  const problems: SignupProblems = {};
  if (step === 'terms') {
    if (!form.termsAccepted) problems.termsAccepted = 'signup.errors.termsRequired';
    if (form.consent === null) problems.consent = 'signup.errors.consentRequired';
  }
  if (step === 'contact') {
    if (!shape.firstName.safeParse(form.firstName).success)
      problems.firstName = 'signup.errors.firstNameRequired';
    if (!shape.lastName.safeParse(form.lastName).success)
      problems.lastName = 'signup.errors.lastNameRequired';
    if (!shape.phoneNumber.safeParse(form.phoneNumber).success)
      problems.phoneNumber = 'signup.errors.phoneNumber';
  }
  if (step === 'holding') {
    if (!form.holdingExists && !form.holdingName.trim())
      problems.holdingName = 'signup.errors.holdingNameRequired';
    if (!shape.postCode.safeParse(form.postCode).success) problems.postCode = 'signup.errors.postCode';
    if (!shape.address.safeParse(form.address).success) problems.address = 'signup.errors.addressRequired';
    if (form.regionId === null) problems.regionId = 'signup.errors.regionRequired';
    if (form.townId === null) problems.townId = 'signup.errors.townRequired';
  }
  if (step === 'password') {
    const problem = newPasswordError(form.password, form.confirmation);
    if (problem)
      problems[problem === passwordMismatchMessage ? 'confirmation' : 'password'] = passwordProblem[problem];
  }
  return problems;
}

/**
 * The regions offered: the brand's, narrowed to those with a town in the post code's area when it has letters;
 * all of them for a post code outside the towns known.
 */
export function regionsFor(data: SignupData, postCode: string): SignupRegion[] {
  const towns = townChoicesForPostCode(data.towns, postCode);
  if (towns.length === data.towns.length) return data.regions;
  const ids = new Set(towns.map((town) => town.region));
  return data.regions.filter((region) => ids.has(region.id));
}

/** The towns offered: those of the post code's area (all for a post code outside them), within the region chosen. */
export function townsFor(data: SignupData, postCode: string, regionId: number | null): SignupTown[] {
  const towns = townChoicesForPostCode(data.towns, postCode);
  return regionId === null ? towns : towns.filter((town) => town.region === regionId);
}

/**
 * The form after the post code or the region changed: a single remaining region is chosen, a region or town
 * no longer offered is cleared, and a single remaining town is chosen (sign-up §4).
 */
export function narrowPlace(data: SignupData, form: SignupForm): SignupForm {
  const regions = regionsFor(data, form.postCode);
  let regionId = form.regionId;
  if (regionId !== null && !regions.some((region) => region.id === regionId)) regionId = null;
  if (regionId === null && regions.length === 1) regionId = regions[0]!.id;
  const towns = townsFor(data, form.postCode, regionId);
  let townId = form.townId;
  if (townId !== null && !towns.some((town) => town.id === townId)) townId = null;
  if (towns.length === 1) townId = towns[0]!.id;
  return { ...form, regionId, townId };
}

/** The setup payload of a completed form; `withPlace` false (an invited person) leaves the holding's place out. */
export function setupPayload(form: SignupForm, termsVersion: number | null, withPlace = true): SignupSetup {
  const place = withPlace
    ? {
        postCode: form.postCode.trim().toUpperCase(),
        address: form.address.trim(),
        regionId: form.regionId ?? 0,
        townId: form.townId ?? 0,
      }
    : {};
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    ...place,
    phoneNumber: form.phoneNumber.trim(),
    holdingName: form.holdingExists ? '' : form.holdingName.trim(),
    agronomist: form.agronomist.trim(),
    accountNumber: form.accountNumber.trim(),
    holdingExists: form.holdingExists,
    password: form.password,
    termsOfUseVersion: termsVersion,
    contactConsent: true,
  };
}
