import type { TFunction } from 'i18next';
import { eventCount, nameList } from '@headland/domain/liveEvents';
import { translatedServerCropName } from '../../i18n/cropNames.ts';

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
  const data = event.Data;
  // A cropping's crop is stored as its code: said in the shown language, not in the English it was saved in.
  const storedName = text(data.Name);
  const name =
    type === 'Cropping' && typeof data.CropId === 'number' && storedName
      ? translatedServerCropName(t, data.CropId, storedName)
      : storedName;
  const values = {
    user,
    name,
    field: text(data.Field),
    year: text(data.YearId),
    email: text(data.Email),
    number: eventCount(data),
    names: nameList(data.Names),
  };
  const special = `screens.events.special.${type}_${event.Action}`;
  const needed =
    type === 'HoldingCropYear'
      ? values.year
      : type === 'HoldingUser'
        ? values.email
        : type === 'DataLayer' && event.Action === 'import'
          ? values.number
          : type === 'ImportDocument' && event.Action === 'import'
            ? values.names
            : name;
  if (needed && t(special, { defaultValue: '' })) return t(special, values);

  let object: string;
  if (type === 'Cropping' && name && values.field) object = t('screens.events.named.CroppingOnField', values);
  else if (needed && t(`screens.events.named.${type}`, { defaultValue: '' }))
    object = t(`screens.events.named.${type}`, values);
  else object = t(`screens.events.unnamed.${type}`, { defaultValue: t('screens.events.unnamed.other') });
  const verb = t(`screens.events.verb.${event.Action}`, { defaultValue: t('screens.events.verb.u') });
  return t('screens.events.sentence', { user, verb, object });
}
