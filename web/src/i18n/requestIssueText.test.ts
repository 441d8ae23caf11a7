import { describe, expect, it } from 'vitest';
import { createI18n, createLoadedI18n } from './createI18n.ts';
import { errorEntryText, firstErrorText, translateRequestIssue } from './requestIssueText.ts';

describe('translateRequestIssue in English', () => {
  const i18n = createI18n('en');

  it('says a code with its parameters and the field label, as the server does', () => {
    expect(translateRequestIssue(i18n, { Field: 'query', Code: 'tooLong', Params: { max: 100 } })).toBe(
      'Holding search can be at most 100 characters long.',
    );
    expect(
      translateRequestIssue(i18n, {
        Field: 'id',
        Code: 'tooLarge',
        Params: { max: 2147483647, inclusive: true },
      }),
    ).toBe('The id in the address can be at most 2,147,483,647.');
    expect(translateRequestIssue(i18n, { Field: 'Items', Code: 'tooFew', Params: { min: 1 } })).toBe(
      'Items needs at least 1 entry.',
    );
  });

  it('names a field in a list by its entry, and a field without a label from its wire name', () => {
    expect(
      translateRequestIssue(i18n, { Field: 'holding.users.2.email', Code: 'required', Params: {} }),
    ).toBe('E-mail address (users no. 3) is required.');
    expect(translateRequestIssue(i18n, { Field: 'ManureSpreadArea', Code: 'invalid', Params: {} })).toBe(
      'Manure spread area is not valid.',
    );
    expect(translateRequestIssue(i18n, { Field: 'body', Code: 'tooDeep', Params: { max: 64 } })).toBe(
      'The request nests values more than 64 levels deep.',
    );
  });

  it('keeps a message the server gave the issue itself, and leaves other codes to their message', () => {
    const own = 'Type at least 2 characters to search holdings.';
    expect(errorEntryText(i18n, { Field: 'query', Code: 'tooShort', Params: { min: 2 }, Message: own })).toBe(
      own,
    );
    expect(
      translateRequestIssue(i18n, { Field: 'token', Code: 'resetLinkUsed', Params: {} }),
    ).toBeUndefined();
    expect(errorEntryText(i18n, { Field: 'Name', Message: 'Name is taken.' })).toBe('Name is taken.');
  });
});

describe('translateRequestIssue in German', () => {
  it('says the issue in German, with German numbers and labels', async () => {
    const i18n = await createLoadedI18n('de');
    const message = 'Holding search can be at most 100 characters long.';
    expect(
      firstErrorText(i18n, [{ Field: 'query', Code: 'tooLong', Params: { max: 1000 }, Message: message }]),
    ).toBe('„Betriebssuche“ darf höchstens 1.000 Zeichen lang sein.');
    expect(
      translateRequestIssue(i18n, { Field: 'holding.users.2.email', Code: 'required', Params: {} }),
    ).toBe('„E-Mail-Adresse (Users Nr. 3)“ muss angegeben werden.');
    expect(
      translateRequestIssue(i18n, {
        Field: 'Area',
        Code: 'tooSmall',
        Params: { min: 0.5, inclusive: false },
      }),
    ).toBe('„Area“ muss größer als 0,5 sein.');
    expect(
      translateRequestIssue(i18n, { Field: 'SowingDate', Code: 'badFormat', Params: { format: 'date' } }),
    ).toBe('„Sowing date“ muss ein Datum im Format JJJJ-MM-TT sein.');
    expect(translateRequestIssue(i18n, { Field: 'Items', Code: 'tooMany', Params: { max: 1 } })).toBe(
      '„Items“ darf höchstens einen Eintrag haben.',
    );
  });

  it('falls back to the server message for a code it does not know', async () => {
    const i18n = await createLoadedI18n('de');
    expect(errorEntryText(i18n, { Field: 'x', Code: 'somethingElse', Message: 'As the server said.' })).toBe(
      'As the server said.',
    );
  });
});
