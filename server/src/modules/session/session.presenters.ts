import type { z } from 'zod';
import type {
  activeSessionSchema,
  eventSchema,
  holdingUserSchema,
  HoldingSummary,
  settingSchema,
} from '@headland/domain/api/sessionApi';
import { HoldingRole } from '@headland/domain/roles';
import type {
  ActiveSessionRow,
  EventRow,
  HoldingRow,
  HoldingUserRow,
  SettingRow,
} from './session.queries.ts';
import { isoTimestamp } from '../../db/sqlRows.ts';

type HoldingRoleName = 'Member' | 'Owner' | 'RestrictedMember';

const holdingRoleNames: Record<number, HoldingRoleName> = {
  [HoldingRole.Member]: 'Member',
  [HoldingRole.Owner]: 'Owner',
  [HoldingRole.RestrictedMember]: 'RestrictedMember',
};

/** A membership as the wire names it; null without one. */
export function holdingRoleName(holdingRole: number | null): HoldingRoleName | null {
  return holdingRole === null ? null : (holdingRoleNames[holdingRole] ?? null);
}

export function presentHolding(row: HoldingRow): HoldingSummary {
  return {
    HoldingId: row.id,
    TradingName: row.trading_name,
    AgronomistId: row.agronomist_id,
    TownId: row.town_id,
    Town: row.town,
    Region: row.region_id,
    BusinessId: row.business_id,
    Business: row.business,
    CropYears: row.crop_years.map(Number),
    Satellite: row.satellite,
  };
}

export function presentHoldingUser(row: HoldingUserRow): z.infer<typeof holdingUserSchema> {
  return {
    UserId: row.id,
    Email: row.email,
    FirstName: row.first_name,
    LastName: row.last_name,
    Role: row.role,
    HoldingRole: holdingRoleName(row.holding_role),
  };
}

/** "First Last", else the e-mail address. */
export function displayName(firstName: string, lastName: string, email: string): string {
  return `${firstName} ${lastName}`.trim() || email;
}

export function presentActiveSession(
  row: ActiveSessionRow,
  currentSessionId: string | null,
): z.infer<typeof activeSessionSchema> {
  return {
    SessionId: row.id,
    UserId: row.user_id,
    UserEmail: row.email,
    UserName: displayName(row.first_name, row.last_name, row.email),
    Role: row.role,
    ReadOnly: row.read_only,
    CurrentSession: row.id === currentSessionId,
    StartDate: isoTimestamp(row.start_date),
    InactiveSince: row.inactive_since === null ? null : isoTimestamp(row.inactive_since),
    SessionType: row.session_type,
    ClientState: row.client_state ?? null,
  };
}

export function presentEvent(row: EventRow): z.infer<typeof eventSchema> {
  return {
    Id: Number(row.id),
    UserId: row.user_id,
    Date: isoTimestamp(row.date),
    SessionId: row.session_id,
    Action: row.action as z.infer<typeof eventSchema>['Action'],
    Data: row.data ?? {},
    Source: row.source,
    ObjectType: row.object_type,
  };
}

export function presentSetting(row: SettingRow): z.infer<typeof settingSchema> {
  return {
    HoldingId: row.holding_id,
    UserId: row.user_id,
    Key: row.key,
    Value: row.value,
    Version: row.version,
  };
}
