import type { HoldingFormIssue, HoldingMessageCode } from '@headland/domain/holdingRules';

/**
 * The API's own English for each holding form problem: the `Message` of a refused save, for clients other
 * than the web app, which shows its translations of `Code` and `Params` (web `holdings.messages`).
 */
const texts: Record<HoldingMessageCode, (params: Record<string, number>) => string> = {
  tradingNameRequired: () => 'Trading Name is required.',
  postTownRequired: () => 'Post Town is required.',
  regionRequired: () => 'Region is required.',
  totalAreaNegative: () => 'Total area cannot be less than zero.',
  derogationNumberRequired: () => 'Grassland Derogation Number is required.',
  startingYearRequired: () => 'Starting Year is required.',
  startingYearOutOfRange: (p) => `Starting Year must be between ${p.min} and ${p.max}.`,
  startingYearTooLate: (p) => `Starting Year cannot be later than ${p.year}.`,
  pkModelRequired: () => 'PK model is required.',
  pSorpCapacityInvalid: () => 'Default P sorp capacity must be 1, 2 or 3.',
  weatherStationRequired: () => 'Weather station is required.',
  monthlyRainfallRequired: () => 'A rainfall value of zero or more is required for every month.',
  accountNumberTooLong: (p) => `Account Number cannot be longer than ${p.max} characters.`,
  addressTooManyLines: (p) => `Address cannot have more than ${p.max} lines.`,
};

export function holdingIssueText(issue: Pick<HoldingFormIssue, 'code' | 'params'>): string {
  return texts[issue.code](issue.params);
}
