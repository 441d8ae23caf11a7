import { EventAction, Module } from './enumerations.ts';
import { eventTimeAsTimeMaxAgeMs } from './limits.ts';
import { canAccess, type PermissionArea, type Permissions } from './permissions.ts';

/** An event as the heartbeat and the live socket carry it (session-shell §3). */
export interface LiveEvent {
  Action: string;
  ObjectType: string;
  Source: number;
  Data: Record<string, unknown>;
}

/** The area whose read right an event's module needs; null for holding-wide events every member may see. */
const moduleAreas: Partial<Record<number, PermissionArea>> = {
  [Module.Fields]: 'fields',
  [Module.Layers]: 'mapLayers',
  [Module.Soil]: 'soil',
  [Module.Stocks]: 'stocks',
  [Module.Seeds]: 'seedPlans',
  [Module.Nutrition]: 'nutritionPlans',
  [Module.Manure]: 'manure',
  [Module.FieldPerformance]: 'yield',
  [Module.Climate]: 'climate',
  [Module.FieldDiary]: 'fieldDiary',
  [Module.Shed]: 'shed',
  [Module.Planning]: 'planning',
  [Module.Prescriptions]: 'sprayPlans',
  [Module.CropProtection]: 'sprayPlans',
};

/**
 * Whether a member with these permissions may hear of the event: the module it came from must be readable to
 * them. Cropping restrictions are a second, separate check made with the database (croppingAccess).
 */
export function mayReadEvent(permissions: Permissions, event: Pick<LiveEvent, 'Source'>): boolean {
  const area = moduleAreas[event.Source];
  return area === undefined || canAccess(permissions, area, 'read');
}

/** The object types and actions that have their own sentence; any other reads as a general change. */
const sentences: Readonly<Record<string, readonly string[]>> = {
  Field: [EventAction.Create, EventAction.Update, EventAction.Delete, EventAction.Import],
  Cropping: [EventAction.Create, EventAction.Update, EventAction.Delete],
  Holding: [
    EventAction.Create,
    EventAction.Update,
    EventAction.Delete,
    EventAction.Export,
    EventAction.Import,
  ],
  HoldingCropYear: [EventAction.Create],
  HoldingUser: [EventAction.Create, EventAction.Update, EventAction.Delete],
  HoldingInvitation: [EventAction.Create, EventAction.Update, EventAction.Delete],
  Setting: [EventAction.Update, EventAction.Create],
  DataLayer: [EventAction.Create, EventAction.Update, EventAction.Delete, EventAction.Import],
  ImportDocument: [EventAction.Update, EventAction.Delete, EventAction.Import],
};

/** Every translation key `describeEvent` can answer, for the test that holds the translations complete. */
export const eventSentenceKeys: readonly string[] = [
  ...Object.entries(sentences).flatMap(([type, actions]) =>
    actions.map((action) => `live.event.${type}.${action}`),
  ),
  'live.event.other',
];

/** An English crop name inside a sentence: 'Winter wheat' reads 'the winter wheat'; 'OSR' stays as it is. */
export function inSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Most names an import sentence lists before saying how many more there are. */
const listedNames = 5;

/** The names of an import (documents added at once), the first few and how many more: 'a.pdf, b.jpg (+3)'. */
export function nameList(value: unknown): string {
  if (!Array.isArray(value)) return '';
  const names = value.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  const shown = names.slice(0, listedNames).join(', ');
  return names.length > listedNames ? `${shown} (+${names.length - listedNames})` : shown;
}

/** How many objects an event counts: its `Count`, else the length of its `Ids`. */
export function eventCount(data: Record<string, unknown>): string {
  if (typeof data.Count === 'number') return String(data.Count);
  return Array.isArray(data.Ids) ? String(data.Ids.length) : '';
}

/**
 * Says a cropping event's crop in the shown language: the event stores the crop's code (`CropId`) and its
 * English name (`Crop`, which for the crop 'Other' is the name the user typed).
 */
export type EventCropWords = (cropId: number, storedName: string) => string;

/**
 * An event as a sentence a farmer understands ('Anna Smith changed the winter wheat on Mill Close'): the
 * translation key and its values. `user` is the name of whoever made the change, already translated ('You').
 */
export function describeEvent(
  event: LiveEvent,
  user: string,
  cropWords: EventCropWords = (_cropId, storedName) => inSentence(storedName),
): { key: string; params: Record<string, string> } {
  const known = sentences[event.ObjectType]?.includes(event.Action) ?? false;
  const data = event.Data;
  const storedCrop = text(data.Crop) || text(data.Name);
  const isImport = event.Action === EventAction.Import;
  const params: Record<string, string> = {
    user,
    name: (isImport && nameList(data.Names)) || text(data.Name),
    field: text(data.Field) || text(data.Name),
    crop:
      typeof data.CropId === 'number' ? cropWords(data.CropId, storedCrop) : inSentence(storedCrop),
    year: text(data.YearId),
    email: text(data.Email),
    number: isImport ? eventCount(data) : text(data.Count),
  };
  return known
    ? { key: `live.event.${event.ObjectType}.${event.Action}`, params }
    : { key: 'live.event.other', params };
}

/** An event's time shows as a time of day while under 12 hours old, as a date after that (session-shell §4). */
export function eventTimeStyle(date: string, now: number): 'time' | 'date' {
  return now - Date.parse(date) < eventTimeAsTimeMaxAgeMs ? 'time' : 'date';
}
