import { describe, expect, it } from 'vitest';
import { HoldingIssueCode, holdingIssueMessages } from '@headland/domain/holdingValidation';
import { createI18n, createLoadedI18n } from '../../i18n/createI18n.ts';
import { holdingIssueText } from './holdingIssueText.ts';

describe('holdingIssueText', () => {
  it('says every finding in English as the server does', () => {
    const { t } = createI18n('en');
    for (const [code, message] of Object.entries(holdingIssueMessages)) {
      expect(holdingIssueText(t, { Code: Number(code) as HoldingIssueCode, Message: message })).toBe(message);
    }
  });

  it('says a finding in German', async () => {
    const { t } = await createLoadedI18n('de');
    const code = HoldingIssueCode.PreviousCropNotSet;
    expect(holdingIssueText(t, { Code: code, Message: holdingIssueMessages[code] })).toBe(
      'Die Vorfrucht ist nicht angegeben.',
    );
  });
});
