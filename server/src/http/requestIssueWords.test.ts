import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textsLookup } from '@headland/domain/api/requestIssueWords';
import { textsDir } from './languageTexts.ts';
import { fieldLabel, minimalIssueTexts, readIssueTexts, requestIssueSentence } from './requestIssueWords.ts';

/** The server's English words come from the web app's English texts of request issues. */
describe('request issue words', () => {
  it('says each issue from the English text file', () => {
    expect(
      requestIssueSentence({ Field: 'query', Code: 'tooLong', Params: { max: 100, inclusive: true } }),
    ).toBe('Holding search can be at most 100 characters long.');
    expect(
      requestIssueSentence({ Field: 'Items', Code: 'tooFew', Params: { min: 1, inclusive: true } }),
    ).toBe('Items needs at least 1 entry.');
    expect(
      requestIssueSentence({ Field: 'Area', Code: 'tooSmall', Params: { min: 0, inclusive: false } }),
    ).toBe('Area must be more than 0.');
    expect(requestIssueSentence({ Field: 'Date', Code: 'badFormat', Params: { format: 'cuid' } })).toBe(
      'Date must be in the cuid format.',
    );
    expect(fieldLabel('holding.users.2.email')).toBe('E-mail address (users no. 3)');
    expect(fieldLabel('querystring')).toBe('The address');
  });

  it('reads the first text file there is', () => {
    const file = join(textsDir, 'en.requestIssues.json');
    expect(readIssueTexts([join(textsDir, 'missing.json'), file])).toHaveProperty('codes.required');
  });

  it('still says a sensible sentence when no text file is there', () => {
    const texts = readIssueTexts([join(textsDir, 'missing.json')]);
    expect(texts).toEqual(minimalIssueTexts.requestIssues);
    const minimal = textsLookup(texts);
    expect(requestIssueSentence({ Field: 'firstCroppingYear', Code: 'required', Params: {} }, minimal)).toBe(
      'First cropping year is not valid.',
    );
    expect(
      requestIssueSentence({ Field: 'users.2.email', Code: 'tooLong', Params: { max: 3 } }, minimal),
    ).toBe('Email (Users 3) is not valid.');
  });
});
