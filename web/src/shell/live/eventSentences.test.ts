import { describe, expect, it } from 'vitest';
import { describeEvent, eventSentenceKeys } from '@headland/domain/liveEvents';
import { createI18n, createLoadedI18n } from '../../i18n/createI18n.ts';

describe('event sentences', () => {
  const i18n = createI18n('en');

  it('has English words for every sentence an event can read as', () => {
    const missing = eventSentenceKeys.filter((key) => !i18n.exists(key));
    expect(missing).toEqual([]);
  });

  it('reads a cropping change as a farmer would say it', () => {
    const { key, params } = describeEvent(
      {
        Action: 'u',
        ObjectType: 'Cropping',
        Source: 1,
        Data: { Crop: 'Winter wheat', Field: 'Mill Close', CroppingId: 1 },
      },
      'Anna Smith',
    );
    expect(i18n.t(key, params)).toBe('Anna Smith changed the winter wheat on Mill Close');
  });

  it('reads an unknown change without naming its type', () => {
    const { key, params } = describeEvent(
      { Action: 'calc', ObjectType: 'NutritionPlan', Source: 6, Data: {} },
      'You',
    );
    expect(i18n.t(key, params)).toBe('You made a change on the holding');
  });

  it('names the layer or document an event is about, never "a change"', () => {
    const layer = describeEvent(
      { Action: 'u', ObjectType: 'DataLayer', Source: 3, Data: { Id: 4, Name: 'P Index 2027', YearId: 2027 } },
      'Anna Smith',
    );
    expect(i18n.t(layer.key, layer.params)).toBe('Anna Smith changed the layer P Index 2027');
    const removed = describeEvent(
      { Action: 'd', ObjectType: 'ImportDocument', Source: 11, Data: { Id: 9, Name: 'soil report.pdf' } },
      'You',
    );
    expect(i18n.t(removed.key, removed.params)).toBe('You deleted the document soil report.pdf');
    const added = describeEvent(
      {
        Action: 'import',
        ObjectType: 'ImportDocument',
        Source: 11,
        Data: { Ids: [1, 2], Names: ['a.jpg', 'b.pdf'] },
      },
      'You',
    );
    expect(i18n.t(added.key, added.params)).toBe('You added to the document library: a.jpg, b.pdf');
    const imported = describeEvent(
      { Action: 'import', ObjectType: 'DataLayer', Source: 3, Data: { Ids: [1, 2, 3], YearId: 2027 } },
      'You',
    );
    expect(i18n.t(imported.key, imported.params)).toBe('You imported data layers (3)');
  });

  it('says the crop of a cropping event in the shown language, from its stored code', async () => {
    const german = await createLoadedI18n('de');
    const { key, params } = describeEvent(
      {
        Action: 'u',
        ObjectType: 'Cropping',
        Source: 1,
        Data: { Crop: 'Winter wheat', CropId: 1, Field: 'Mühlenacker', CroppingId: 1 },
      },
      'Anna Smith',
      (cropId, stored) => german.t(`crops.names.${cropId}`, { defaultValue: stored }),
    );
    expect(german.t(key, params)).toBe('Anna Smith hat Winterweizen auf Mühlenacker geändert');
  });
});
