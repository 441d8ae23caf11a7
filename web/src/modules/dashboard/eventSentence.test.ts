import { describe, expect, it } from 'vitest';
import { createI18n, createLoadedI18n } from '../../i18n/createI18n.ts';
import { eventSentence } from './eventSentence.ts';

const { t } = createI18n('en');

describe('eventSentence', () => {
  it.each([
    [
      { Action: 'c', ObjectType: 'Field', Data: { Name: 'Long Acre' } },
      'Ann Lee created the field ‘Long Acre’.',
    ],
    [
      { Action: 'u', ObjectType: 'Cropping', Data: { Name: 'Winter wheat', Field: 'Top Field' } },
      'Ann Lee changed the Winter wheat cropping on Top Field.',
    ],
    [
      { Action: 'c', ObjectType: 'HoldingCropYear', Data: { YearId: 2028 } },
      'Ann Lee opened the crop year 2028.',
    ],
    [
      { Action: 'u', ObjectType: 'HoldingUser', Data: { Email: 'b@farm.example' } },
      'Ann Lee changed the access of b@farm.example.',
    ],
    [
      { Action: 'd', ObjectType: 'HoldingUser', Data: { Email: 'b@farm.example' } },
      'Ann Lee removed b@farm.example from the holding.',
    ],
    [{ Action: 'd', ObjectType: 'Field', Data: {} }, 'Ann Lee deleted a field.'],
    [{ Action: 'u', ObjectType: 'SomethingNew', Data: {} }, 'Ann Lee changed an item.'],
    [
      { Action: 'u', ObjectType: 'DataLayer', Data: { Id: 3, Name: 'Yield 2026' } },
      'Ann Lee changed the layer ‘Yield 2026’.',
    ],
    [
      { Action: 'd', ObjectType: 'ImportDocument', Data: { Id: 3, Name: 'scan.pdf' } },
      'Ann Lee deleted the document ‘scan.pdf’.',
    ],
    [
      { Action: 'import', ObjectType: 'ImportDocument', Data: { Ids: [1, 2], Names: ['a.jpg', 'b.jpg'] } },
      'Ann Lee added to the document library: a.jpg, b.jpg.',
    ],
    [
      { Action: 'import', ObjectType: 'DataLayer', Data: { Ids: [1, 2], YearId: 2026 } },
      'Ann Lee imported data layers (2).',
    ],
  ])('reads %j as a sentence', (event, sentence) => {
    const text = eventSentence(event, 'Ann Lee', t);
    expect(text).toBe(sentence);
    expect(text).not.toMatch(/HoldingCropYear|HoldingUser|\(\?/);
  });

  it('says a cropping’s crop in the shown language from its stored code', async () => {
    const german = await createLoadedI18n('de');
    const text = eventSentence(
      { Action: 'u', ObjectType: 'Cropping', Data: { Name: 'Winter wheat', CropId: 1, Field: 'Top Field' } },
      'Ann Lee',
      german.t,
    );
    expect(text).toContain('Winterweizen');
    expect(text).not.toContain('Winter wheat');
  });
});
