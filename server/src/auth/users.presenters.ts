import type { User } from '@headland/domain/api/sessionApi';
import { supportedLanguage } from '@headland/domain/languages';
import type { UserRow } from './users.queries.ts';

/** An account as the wire shows it to its owner (session start, own-account changes). */
export function presentUser(row: UserRow): User {
  return {
    Id: row.id,
    Email: row.email,
    FirstName: row.first_name,
    LastName: row.last_name,
    Role: row.role,
    BusinessId: row.business_id,
    Permissions: row.permissions,
    Properties: {
      ...(typeof row.properties.Debug === 'boolean' ? { Debug: row.properties.Debug } : {}),
      ...(typeof row.properties.AutoSelectContext === 'boolean'
        ? { AutoSelectContext: row.properties.AutoSelectContext }
        : {}),
      ...(typeof row.properties.GeolocationInfo === 'boolean'
        ? { GeolocationInfo: row.properties.GeolocationInfo }
        : {}),
    },
    AutoSignupInProgress: row.auto_signup_in_progress,
    PasswordResetRequested: row.password_reset_requested,
    Language: supportedLanguage(row.language) ?? null,
  };
}

/** First plus last name, else the e-mail address, else 'User #id' (holdings spec §3). */
export function displayName(user: {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}): string {
  const name = [user.firstName.trim(), user.lastName.trim()].filter(Boolean).join(' ');
  return name || user.email.trim() || `User #${user.userId}`;
}
