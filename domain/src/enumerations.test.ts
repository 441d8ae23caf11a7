import { describe, expect, it } from 'vitest';
import {
  AppStatus,
  ApplicationId,
  ConnectionMode,
  EventAction,
  ExternalApp,
  Module,
  PlanStatus,
  PlanType,
  SessionType,
  SyncEventStatus,
  TaskStatus,
  appStatusSchema,
  applicationIdSchema,
  connectionModeSchema,
  eventActionSchema,
  externalAppSchema,
  isListedSessionType,
  isPlanEditable,
  moduleSchema,
  planStatusSchema,
  planTypeSchema,
  sessionTypeSchema,
  syncEventStatusSchema,
  taskStatusSchema,
} from './enumerations.ts';

describe('Module', () => {
  it('numbers the modules 1 to 25', () => {
    expect(Object.values(Module).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it.each([
    ['Fields', 1],
    ['Layers', 2],
    ['FieldPerformance', 8],
    ['CostOfProduction', 10],
    ['Dashboard', 18],
    ['CropProtection', 24],
    ['Reports2', 25],
  ] as const)('%s is %s', (name, id) => {
    expect(Module[name]).toBe(id);
  });
});

describe('session types', () => {
  it.each([
    [SessionType.Omnia, 1, true],
    [SessionType.Admin, 2, true],
    [SessionType.Connect, 3, true],
    [SessionType.FieldScout, 4, false],
    [SessionType.FieldScoutSync, 5, false],
  ])('type %s (id %s) is listed: %s', (type, id, listed) => {
    expect(type).toBe(id);
    expect(isListedSessionType(type)).toBe(listed);
  });
});

describe('plans', () => {
  it.each([
    [PlanStatus.Draft, true],
    [PlanStatus.Published, true],
    [PlanStatus.Started, true],
    [PlanStatus.Complete, false],
    [PlanStatus.Abandoned, false],
  ])('status %s is editable: %s', (status, editable) => {
    expect(isPlanEditable(status)).toBe(editable);
  });

  it('numbers plan types', () => {
    expect(PlanType).toEqual({
      SeedPlan: 1,
      NutritionPlan: 2,
      GenericProductPlan: 3,
      PrescriptionPlan: 4,
      SprayPlan: 5,
      Other: 6,
      NutritionPlan2024: 7,
    });
  });
});

describe('schemas', () => {
  it.each([
    ['module', moduleSchema, 25, 26],
    ['session type', sessionTypeSchema, 5, 6],
    ['event action', eventActionSchema, 'calc', 'create'],
    ['plan type', planTypeSchema, 7, 8],
    ['plan status', planStatusSchema, 5, 0],
    ['task status', taskStatusSchema, 0, 6],
    ['external app', externalAppSchema, 301, 300],
    ['app status', appStatusSchema, 2, 3],
    ['connection mode', connectionModeSchema, 2, 0],
    ['application id', applicationIdSchema, 0, 3],
    ['sync event status', syncEventStatusSchema, 'VersionConflict', 'Conflict'],
  ] as const)('the %s schema accepts %s and refuses %s', (_name, schema, good, bad) => {
    expect(schema.safeParse(good).success).toBe(true);
    expect(schema.safeParse(bad).success).toBe(false);
  });

  it('keeps the spec values', () => {
    expect(Object.values(EventAction)).toEqual(['c', 'u', 'd', 'export', 'import', 'calc']);
    expect(TaskStatus.WaitingUserInput).toBe(5);
    expect(ExternalApp).toEqual({
      OmniaConnect: 1,
      Dropbox: 100,
      iSoyl: 101,
      JohnDeere: 200,
      Claas: 210,
      FieldView: 220,
      Glgm: 301,
    });
    expect(AppStatus).toEqual({ Ok: 0, InvalidConnection: 1, InvalidOrganisation: 2 });
    expect(ConnectionMode).toEqual({ OAuth: 1, BasicAuth: 2 });
    expect(ApplicationId).toEqual({ Omnia: 0, Amino: 1, Interra: 2 });
    expect(Object.values(SyncEventStatus)).toEqual(['Ok', 'Error', 'VersionConflict', 'NotSupported']);
  });
});
