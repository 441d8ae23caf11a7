import { describe, expect, it } from 'vitest';
import { EventAction, Module } from './enumerations.ts';
import { eventTimeAsTimeMaxAgeMs } from './limits.ts';
import { describeEvent, eventSentenceKeys, eventTimeStyle, mayReadEvent } from './liveEvents.ts';
import { noPermissions } from './permissions.ts';

describe('describeEvent', () => {
  it('names the crop and the field of a cropping change', () => {
    const sentence = describeEvent(
      {
        Action: EventAction.Update,
        ObjectType: 'Cropping',
        Source: Module.Fields,
        Data: { Name: 'Winter wheat', Crop: 'Winter wheat', Field: 'Mill Close', CroppingId: 4 },
      },
      'Anna Smith',
    );
    expect(sentence).toEqual({
      key: 'live.event.Cropping.u',
      params: expect.objectContaining({ user: 'Anna Smith', crop: 'winter wheat', field: 'Mill Close' }),
    });
    expect(eventSentenceKeys).toContain(sentence.key);
  });

  it('keeps an abbreviation as written and falls back to a general sentence for unknown types', () => {
    const osr = describeEvent({ Action: 'c', ObjectType: 'Cropping', Source: 1, Data: { Crop: 'OSR' } }, 'x');
    expect(osr.params.crop).toBe('OSR');
    expect(describeEvent({ Action: 'calc', ObjectType: 'NutritionPlan', Source: 6, Data: {} }, 'x').key).toBe(
      'live.event.other',
    );
  });
});

describe('mayReadEvent', () => {
  it('needs read on the area of the event’s module; holding-wide events reach every member', () => {
    const permissions = noPermissions();
    expect(mayReadEvent(permissions, { Source: Module.Fields })).toBe(false);
    expect(mayReadEvent(permissions, { Source: Module.Holding })).toBe(true);
    permissions.fields = { ...permissions.fields, read: true };
    expect(mayReadEvent(permissions, { Source: Module.Fields })).toBe(true);
  });
});

describe('eventTimeStyle', () => {
  it('shows a time under 12 hours, a date from 12 hours on', () => {
    expect(eventTimeAsTimeMaxAgeMs).toBe(12 * 3600_000);
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(eventTimeStyle(new Date(now - eventTimeAsTimeMaxAgeMs + 1).toISOString(), now)).toBe('time');
    expect(eventTimeStyle(new Date(now - eventTimeAsTimeMaxAgeMs).toISOString(), now)).toBe('date');
  });
});
