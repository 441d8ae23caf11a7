import type { TFunction } from 'i18next';
import { holdingMessageCodeSchema, type HoldingFormIssue } from '@headland/domain/holdingRules';

/** The shown text of a holding form problem, from the translations, with the limits it names. */
export function holdingMessageText(t: TFunction, issue: Pick<HoldingFormIssue, 'code' | 'params'>): string {
  return t(`holdings.messages.${issue.code}`, issue.params);
}

/**
 * The words of an entry of a refused holding save's `Errors`: the translation of its holding problem code,
 * or undefined for any other entry, whose own message then stands.
 */
export function translateHoldingError(
  t: TFunction,
  entry: { Code?: string; Params?: Record<string, string | number | boolean> },
): string | undefined {
  const code = holdingMessageCodeSchema.safeParse(entry.Code);
  if (!code.success) return undefined;
  const params: Record<string, number> = {};
  for (const [name, value] of Object.entries(entry.Params ?? {})) params[name] = Number(value);
  return holdingMessageText(t, { code: code.data, params });
}
