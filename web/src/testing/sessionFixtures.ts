import type {
  HoldingSummary,
  SelectHoldingResponse,
  SessionStartResponse,
  User,
} from '@headland/domain/api/sessionApi';
import { brands } from '@headland/domain/brands';
import type { Permissions } from '@headland/domain/permissions';
import { Role } from '@headland/domain/roles';
import type { AppSession } from '../shell/session/AppSessionContext.tsx';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    Id: 7,
    Email: 'ann.field@example.com',
    FirstName: 'Ann',
    LastName: 'Field',
    Role: Role.Client,
    BusinessId: null,
    Permissions: null,
    Properties: {},
    AutoSignupInProgress: false,
    PasswordResetRequested: false,
    Language: null,
    ...overrides,
  };
}

export function aHolding(overrides: Partial<HoldingSummary> = {}): HoldingSummary {
  return {
    HoldingId: 11,
    TradingName: 'Brook Farm',
    AgronomistId: null,
    TownId: 3,
    Town: 'Ludlow',
    Region: 1,
    BusinessId: null,
    Business: null,
    CropYears: [2024, 2025],
    Satellite: false,
    ...overrides,
  };
}

export function aStart(overrides: Partial<SessionStartResponse> = {}): SessionStartResponse {
  const holding = aHolding();
  return {
    User: aUser(),
    CroppingYears: [2024, 2025],
    BingMaps: { Key: null },
    Holdings: [holding, aHolding({ HoldingId: 12, TradingName: 'Hill Top', CropYears: [2023] })],
    FixedHoldingList: false,
    InitialHolding: holding,
    MustAcceptTermsAndConditions: false,
    TermsAndConditions: null,
    ...overrides,
  };
}

const readWrite = { read: true, write: true };

export function aSelection(overrides: Partial<SelectHoldingResponse> = {}): SelectHoldingResponse {
  const holding = overrides.Holding ?? aHolding();
  return {
    Holding: holding,
    YearId: 2025,
    Token: 'session-token',
    CustomBasemaps: [],
    Users: [],
    Role: Role.Client,
    HoldingRole: 'Owner',
    SessionId: 'session-1',
    ReadOnly: false,
    UserPermissions: null,
    Permissions: { holdings: readWrite, currentHolding: readWrite, fields: readWrite, mapLayers: readWrite },
    AccessRestrictions: { RestrictCroppingAccess: false, CroppingIds: [], Partner: false },
    Settings: [],
    Sessions: [
      {
        SessionId: 'session-1',
        UserId: 7,
        UserEmail: 'ann.field@example.com',
        UserName: 'Ann Field',
        Role: Role.Client,
        ReadOnly: false,
        CurrentSession: true,
        StartDate: new Date().toISOString(),
        InactiveSince: null,
        SessionType: 1,
        ClientState: null,
      },
    ],
    Events: {
      Events: [
        {
          Id: 1,
          UserId: 8,
          Date: new Date().toISOString(),
          SessionId: 'session-9',
          Action: 'u',
          Data: { Name: 'Long Meadow' },
          Source: 1,
          ObjectType: 'field',
        },
      ],
      Users: [
        {
          UserId: 8,
          Email: 'bob@example.com',
          FirstName: 'Bob',
          LastName: 'Tiller',
          Role: Role.Agronomist,
          HoldingRole: null,
        },
      ],
    },
    ...overrides,
  };
}

/**
 * Ann Field's open session on her holding in 2025 (crop years 2024 and 2025) on the main brand, with
 * `permissions`, for a screen rendered inside an AppSessionContext.
 */
export function anAppSession(
  permissions: Permissions,
  selectionOverrides: Partial<SelectHoldingResponse> = {},
): AppSession {
  const user = aUser();
  const selection = aSelection(selectionOverrides);
  return {
    user,
    start: aStart({ User: user }),
    selection,
    holding: { ...selection.Holding, CropYears: [2024, 2025] },
    yearId: 2025,
    permissions,
    readOnly: false,
    brand: brands.main,
    actions: {} as AppSession['actions'],
  };
}
