import { describe, expect, it } from 'vitest';
import {
  checkDocumentSelection,
  documentMessageText,
  londonDateOf,
  normaliseExifDate,
  removeWarningText,
  validateDocumentForm,
} from './documentRules.ts';

const mb = 1024 * 1024;

describe('checkDocumentSelection', () => {
  it.each([
    [[{ name: 'a.jpg', size: 10 }], null],
    [
      [
        { name: 'A.JPEG', size: 10 },
        { name: 'b.pdf', size: 10 },
        { name: 'c.png', size: 1 },
      ],
      null,
    ],
    [Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.gif`, size: 10 * mb })), null],
    [
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, size: 1 })),
      { code: 'tooManyFiles', count: 11 },
    ],
    [[{ name: 'big.jpg', size: 101 * mb }], { code: 'tooLarge', totalMb: '101' }],
    [
      [
        { name: 'a.jpg', size: 50 * mb },
        { name: 'b.jpg', size: 50.5 * mb },
      ],
      { code: 'tooLarge', totalMb: '100.5' },
    ],
    [[{ name: 'setup.exe', size: 10 }], { code: 'fileType' }],
    [[{ name: 'noextension', size: 10 }], { code: 'fileType' }],
    [[{ name: 'photo.heic', size: 10 }], { code: 'fileType' }],
  ])('%j gives %j', (files, expected) => {
    expect(checkDocumentSelection(files)).toEqual(expected);
  });

  it('states the limits in the spec words', () => {
    expect(documentMessageText({ code: 'tooManyFiles', count: 11 })).toBe(
      'Your selection is 11 files long, the maximum number of files you can select is 10. Please unselect some files.',
    );
    expect(documentMessageText({ code: 'tooLarge', totalMb: '101' })).toBe(
      'The total files size is 101 MB. The maximum total files size is 100MB.',
    );
    expect(documentMessageText({ code: 'fileType' })).toBe(
      'Allowed file types are : jpg, jpeg, png, gif, pdf',
    );
    expect(removeWarningText('picture')).toBe('Are you sure you want to remove this picture ?');
    expect(removeWarningText('document')).toBe('Are you sure you want to remove this document ?');
  });
});

describe('validateDocumentForm', () => {
  const years = [2024, 2025];
  it.each([
    [{ fileName: 'Soil report.pdf', description: null, year: 2025 }, []],
    [{ fileName: '  ', description: null, year: 2025 }, ['fileName:nameRequired']],
    [{ fileName: 'x'.repeat(256), description: null, year: 2025 }, ['fileName:nameTooLong']],
    [{ fileName: 'a', description: 'd'.repeat(250), year: 2024 }, []],
    [{ fileName: 'a', description: 'd'.repeat(251), year: 2024 }, ['description:descriptionTooLong']],
    [{ fileName: 'a', description: null, year: 2023 }, ['year:yearNotInSession']],
    [{ fileName: '', description: null, year: null }, ['fileName:nameRequired', 'year:yearNotInSession']],
  ])('%j', (values, expected) => {
    const issues = validateDocumentForm(values, years).map((issue) => `${issue.field}:${issue.problem.code}`);
    expect(issues).toEqual(expected);
  });
});

describe('normaliseExifDate', () => {
  it.each([
    ['2025-06-01T12:30:00Z', '2025-06-01T12:30:00.000Z'],
    ['2025-06-01T12:30:00+02:00', '2025-06-01T10:30:00.000Z'],
    // London wall-clock times: summer time is an hour ahead, winter time is UTC.
    ['2025-06-01T12:30:00', '2025-06-01T11:30:00.000Z'],
    ['2025-01-15 08:00', '2025-01-15T08:00:00.000Z'],
    ['2025-06-01', '2025-05-31T23:00:00.000Z'],
    ['2025-12-01', '2025-12-01T00:00:00.000Z'],
    // The clocks go forward at 01:00 on 30 March 2025: 01:30 does not exist and moves on.
    ['2025-03-30T01:30:00', '2025-03-30T01:30:00.000Z'],
    ['2025-02-30', undefined],
    ['2025-06-01T25:00:00', undefined],
    ['yesterday', undefined],
  ])('%s', (text, expected) => {
    expect(normaliseExifDate(text)).toBe(expected);
  });

  it('reads a UTC instant back as its London date', () => {
    expect(londonDateOf('2025-05-31T23:00:00.000Z')).toBe('2025-06-01');
    expect(londonDateOf('2025-12-01T00:00:00.000Z')).toBe('2025-12-01');
  });
});
