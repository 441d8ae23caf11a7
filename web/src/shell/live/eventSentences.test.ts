import { describe, expect, it } from 'vitest';
import { describeEvent, eventSentenceKeys } from '@headland/domain/liveEvents';
import { createI18n } from '../../i18n/createI18n.ts';

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
});
