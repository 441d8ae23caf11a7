import { describe, expect, it } from 'vitest';
import { holdingDeleteMessages } from '@headland/domain/api/holdingsApi';
import { holdingMessages } from '@headland/domain/holdingRules';
import { createI18n } from '../../i18n/createI18n.ts';
import { holdingMessageText } from './holdingMessageText.ts';

const { t } = createI18n('en');

describe('holding message texts', () => {
  it.each(Object.entries(holdingMessages))('%s reads as the rules word it', (_key, message) => {
    expect(holdingMessageText(t, { message })).toBe(message);
  });

  it('shows a message it does not know as it came', () => {
    expect(holdingMessageText(t, { message: 'Something else.' })).toBe('Something else.');
  });

  it('words the delete refusals as the server does', () => {
    expect(t('holdings.delete.unableTitle')).toBe(holdingDeleteMessages.title);
    expect(t('holdings.delete.notEmpty')).toBe(holdingDeleteMessages.notEmpty);
    expect(t('holdings.delete.selected')).toBe(holdingDeleteMessages.selected);
  });
});
