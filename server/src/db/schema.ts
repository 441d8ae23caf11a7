import * as reference from './tables/reference.ts';
import * as accounts from './tables/accounts.ts';
import * as holdingTables from './tables/holdings.ts';
import * as eventTables from './tables/events.ts';
import * as fieldTables from './tables/fields.ts';
import * as loginTokenTables from './tables/loginTokens.ts';
import * as invitationTables from './tables/invitations.ts';
import * as mailTables from './tables/mailOutbox.ts';
import * as documentTables from './tables/documents.ts';
import * as signupTables from './tables/signup.ts';
import * as liveTables from './tables/live.ts';
import * as basemapTables from './tables/basemaps.ts';
import * as layerTables from './tables/layers.ts';
import * as planTables from './tables/plans.ts';
import * as partnerTables from './tables/partners.ts';
import * as connectionTables from './tables/connections.ts';

export * from './tables/reference.ts';
export * from './tables/accounts.ts';
export * from './tables/holdings.ts';
export * from './tables/events.ts';
export * from './tables/fields.ts';
export * from './tables/loginTokens.ts';
export * from './tables/invitations.ts';
export * from './tables/mailOutbox.ts';
export * from './tables/documents.ts';
export * from './tables/signup.ts';
export * from './tables/live.ts';
export * from './tables/layers.ts';
export * from './tables/basemaps.ts';
export * from './tables/plans.ts';
export * from './tables/partners.ts';
export * from './tables/connections.ts';

/** Every table, for drizzle's relational query API. The SQL migrations remain the source of truth. */
export const schema = {
  ...reference,
  ...accounts,
  ...holdingTables,
  ...eventTables,
  ...fieldTables,
  ...loginTokenTables,
  ...invitationTables,
  ...mailTables,
  ...documentTables,
  ...signupTables,
  ...liveTables,
  ...layerTables,
  ...basemapTables,
  ...planTables,
  ...partnerTables,
  ...connectionTables,
};
