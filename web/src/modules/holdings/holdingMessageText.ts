import type { TFunction } from 'i18next';
import {
  accountNumberMaxLength,
  addressMaxLines,
  cropYearMax,
  cropYearMin,
  holdingMessages,
  type HoldingFormIssue,
} from '@headland/domain/holdingRules';

type HoldingMessageKey = keyof typeof holdingMessages;

const keyByMessage = new Map<string, HoldingMessageKey>(
  Object.entries(holdingMessages).map(([key, message]) => [message, key as HoldingMessageKey]),
);

/** The limits that some messages name. */
function paramsOf(key: HoldingMessageKey): Record<string, number> {
  if (key === 'startingYearOutOfRange') return { min: cropYearMin, max: cropYearMax };
  if (key === 'accountNumberTooLong') return { max: accountNumberMaxLength };
  if (key === 'addressTooManyLines') return { max: addressMaxLines };
  return {};
}

/**
 * The shown text of a holding form message. The domain's rules give the English wording; the text itself comes
 * from the translations, with the domain's wording standing in for a language that lacks it.
 */
export function holdingMessageText(t: TFunction, issue: Pick<HoldingFormIssue, 'message'>): string {
  const key = keyByMessage.get(issue.message);
  if (!key) return issue.message;
  return t(`holdings.messages.${key}`, { ...paramsOf(key), defaultValue: issue.message });
}
