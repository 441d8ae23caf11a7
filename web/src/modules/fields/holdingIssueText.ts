import type { TFunction } from 'i18next';
import type { HoldingIssue } from '@headland/domain/holdingValidation';

/** The words of a holding validation finding in the shown language; the server's English message is the fallback. */
export function holdingIssueText(t: TFunction, issue: Pick<HoldingIssue, 'Code' | 'Message'>): string {
  return t(`fields.validation.issues.${issue.Code}`, { defaultValue: issue.Message });
}
