import type { TFunction } from 'i18next';

/** An event as the dashboard reads it (domain/src/api/sessionApi.ts, eventSchema). */
export interface SentenceEvent {
  Action: string;
  ObjectType: string;
  Data: Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;

/**
 * One event as a sentence a user reads ("Anna Smith created the field ‘Long Acre’."), never the stored object
 * type: what the event's data names (a name, a year, an e-mail address) goes into the sentence.
 */
export function eventSentence(event: SentenceEvent, user: string, t: TFunction): string {
  // Stored types are PascalCase ('Field'); older rows may start in lower case.
  const type = event.ObjectType.charAt(0).toUpperCase() + event.ObjectType.slice(1);
  const name = text(event.Data.Name);
  const values = {
    user,
    name,
    field: text(event.Data.Field),
    year: text(event.Data.YearId),
    email: text(event.Data.Email),
  };
  const special = `screens.events.special.${type}_${event.Action}`;
  const needed = type === 'HoldingCropYear' ? values.year : type === 'HoldingUser' ? values.email : name;
  if (needed && t(special, { defaultValue: '' })) return t(special, values);

  let object: string;
  if (type === 'Cropping' && name && values.field) object = t('screens.events.named.CroppingOnField', values);
  else if (needed && t(`screens.events.named.${type}`, { defaultValue: '' }))
    object = t(`screens.events.named.${type}`, values);
  else object = t(`screens.events.unnamed.${type}`, { defaultValue: t('screens.events.unnamed.other') });
  const verb = t(`screens.events.verb.${event.Action}`, { defaultValue: t('screens.events.verb.u') });
  return t('screens.events.sentence', { user, verb, object });
}
