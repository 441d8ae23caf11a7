import { z } from 'zod';

/** Module ids: used in session client state, event sources and the menu. */
export const Module = {
  Fields: 1,
  Layers: 2,
  Soil: 3,
  Stocks: 4,
  Seeds: 5,
  Nutrition: 6,
  Manure: 7,
  FieldPerformance: 8,
  Reports: 9,
  CostOfProduction: 10,
  Imports: 11,
  Exports: 12,
  Climate: 13,
  AppConnections: 14,
  Holding: 15,
  UserAccount: 16,
  FieldDiary: 17,
  Dashboard: 18,
  Satellite: 19,
  Shed: 20,
  Planning: 21,
  AsApplied: 22,
  Prescriptions: 23,
  CropProtection: 24,
  Reports2: 25,
} as const;
export type Module = (typeof Module)[keyof typeof Module];
export const moduleSchema = z.enum(Module);

export const SessionType = {
  Omnia: 1,
  Admin: 2,
  Connect: 3,
  FieldScout: 4,
  FieldScoutSync: 5,
} as const;
export type SessionType = (typeof SessionType)[keyof typeof SessionType];
export const sessionTypeSchema = z.enum(SessionType);

/** Field-scouting sessions run in another application and would only clutter the list of who is working here. */
export function isListedSessionType(type: SessionType): boolean {
  return type !== SessionType.FieldScout && type !== SessionType.FieldScoutSync;
}

/** What an event records: create, update, delete, export, import or calculate. */
export const EventAction = {
  Create: 'c',
  Update: 'u',
  Delete: 'd',
  Export: 'export',
  Import: 'import',
  Calculate: 'calc',
} as const;
export type EventAction = (typeof EventAction)[keyof typeof EventAction];
export const eventActionSchema = z.enum(EventAction);

export const PlanType = {
  SeedPlan: 1,
  NutritionPlan: 2,
  GenericProductPlan: 3,
  PrescriptionPlan: 4,
  SprayPlan: 5,
  Other: 6,
  NutritionPlan2024: 7,
} as const;
export type PlanType = (typeof PlanType)[keyof typeof PlanType];
export const planTypeSchema = z.enum(PlanType);

export const PlanStatus = {
  Draft: 1,
  Published: 2,
  Started: 3,
  Complete: 4,
  Abandoned: 5,
} as const;
export type PlanStatus = (typeof PlanStatus)[keyof typeof PlanStatus];
export const planStatusSchema = z.enum(PlanStatus);

/** Complete and Abandoned plans are read-only; Draft, Published and Started plans can be edited. */
export function isPlanEditable(status: PlanStatus): boolean {
  return status !== PlanStatus.Complete && status !== PlanStatus.Abandoned;
}

export const TaskStatus = {
  NotSet: 0,
  Pending: 1,
  Running: 2,
  Done: 3,
  Error: 4,
  WaitingUserInput: 5,
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];
export const taskStatusSchema = z.enum(TaskStatus);

/** Connectable external applications. */
export const ExternalApp = {
  OmniaConnect: 1,
  Dropbox: 100,
  iSoyl: 101,
  JohnDeere: 200,
  Claas: 210,
  FieldView: 220,
  Glgm: 301,
} as const;
export type ExternalApp = (typeof ExternalApp)[keyof typeof ExternalApp];
export const externalAppSchema = z.enum(ExternalApp);

export const AppStatus = {
  Ok: 0,
  InvalidConnection: 1,
  InvalidOrganisation: 2,
} as const;
export type AppStatus = (typeof AppStatus)[keyof typeof AppStatus];
export const appStatusSchema = z.enum(AppStatus);

export const ConnectionMode = {
  OAuth: 1,
  BasicAuth: 2,
} as const;
export type ConnectionMode = (typeof ConnectionMode)[keyof typeof ConnectionMode];
export const connectionModeSchema = z.enum(ConnectionMode);

export const ApplicationId = {
  Omnia: 0,
  Amino: 1,
  Interra: 2,
} as const;
export type ApplicationId = (typeof ApplicationId)[keyof typeof ApplicationId];
export const applicationIdSchema = z.enum(ApplicationId);

/** The spec names these statuses without numbers, so they travel as their names. */
export const SyncEventStatus = {
  Ok: 'Ok',
  Error: 'Error',
  VersionConflict: 'VersionConflict',
  NotSupported: 'NotSupported',
} as const;
export type SyncEventStatus = (typeof SyncEventStatus)[keyof typeof SyncEventStatus];
export const syncEventStatusSchema = z.enum(SyncEventStatus);
