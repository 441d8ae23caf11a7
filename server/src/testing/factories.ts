import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SelectHoldingResponse } from '@headland/domain/api/sessionApi';
import type { HoldingFeatureFlags, HoldingPermissions } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import type { Db } from '../db/database.ts';
import {
  holdingCropYears,
  holdingUsers,
  holdings,
  regions,
  termsAndConditions,
  towns,
  users,
} from '../db/schema.ts';
import { hashPassword } from '../auth/passwordHash.ts';
import { sqlRows } from '../db/sqlRows.ts';

/** A password that passes the password rule; factories use it unless told otherwise. */
export const defaultPassword = 'Harvest2025';

const unique = () => randomBytes(4).toString('hex');

export interface CreateUserOptions {
  role?: Role;
  /** Null for an account without a password (an auto sign-up in progress). */
  password?: string | null;
  email?: string;
  firstName?: string;
  lastName?: string;
  /**
   * The terms version the user has accepted. By default the latest published one, so that only tests about
   * the terms meet a user who must accept them; null for a user who never accepted any.
   */
  acceptedTerms?: number | null;
  businessId?: number | null;
}

export interface TestUser {
  id: number;
  email: string;
  password: string | null;
  role: Role;
}

export async function createUser(db: Db, options: CreateUserOptions = {}): Promise<TestUser> {
  const role = options.role ?? Role.Client;
  const password = options.password === undefined ? defaultPassword : options.password;
  const email = options.email ?? `user-${unique()}@farm.example`;
  let acceptedTerms = options.acceptedTerms;
  if (acceptedTerms === undefined) {
    const [latest] = await sqlRows<{ version: number | null }>(
      db,
      sql`SELECT max(version) AS version FROM terms_and_conditions`,
    );
    acceptedTerms = latest?.version ?? null;
  }
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `User ${unique()}`,
      role,
      passwordHash: password === null ? null : await hashPassword(password),
      tcsAcceptedVersion: acceptedTerms,
      businessId: options.businessId ?? null,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, role };
}

export interface CreateHoldingOptions {
  tradingName?: string;
  /** Crop years registered for the holding, in any order. */
  cropYears?: number[];
  agronomistId?: number | null;
  townId?: number | null;
  features?: Partial<HoldingFeatureFlags>;
  /** Total area and PK model given to every crop year. */
  totalArea?: number | null;
  pkModel?: 'ADAS' | 'SRUC';
}

export interface TestHolding {
  id: number;
  tradingName: string;
  cropYears: number[];
}

export async function createHolding(db: Db, options: CreateHoldingOptions = {}): Promise<TestHolding> {
  const tradingName = options.tradingName ?? `Farm ${unique()}`;
  const cropYears = [...(options.cropYears ?? [2024, 2025])].sort((a, b) => a - b);
  const [row] = await db
    .insert(holdings)
    .values({
      tradingName,
      agronomistId: options.agronomistId ?? null,
      townId: options.townId ?? null,
      features: options.features ?? {},
    })
    .returning({ id: holdings.id });
  const id = row!.id;
  if (cropYears.length) {
    await db.insert(holdingCropYears).values(
      cropYears.map((yearId) => ({
        holdingId: id,
        yearId,
        totalArea: options.totalArea ?? null,
        pkModel: options.pkModel ?? 'ADAS',
      })),
    );
  }
  return { id, tradingName, cropYears };
}

export interface AddMemberOptions {
  holdingRole?: HoldingRole;
  /** The member's saved permissions on the holding; null leaves the role's defaults. */
  holdingPermissions?: HoldingPermissions | null;
  restrictCroppingAccess?: boolean;
}

/** Makes a user a member (by default the Owner) of a holding. */
export async function addMember(
  db: Db,
  holdingId: number,
  userId: number,
  options: AddMemberOptions = {},
): Promise<void> {
  await db.insert(holdingUsers).values({
    holdingId,
    userId,
    holdingRole: options.holdingRole ?? HoldingRole.Owner,
    holdingPermissions: options.holdingPermissions ?? null,
    restrictCroppingAccess: options.restrictCroppingAccess ?? true,
  });
}

/** Publishes a version of the terms and conditions. */
export async function publishTerms(
  db: Db,
  version: number,
  text = `Terms, version ${version}.`,
): Promise<void> {
  await db.insert(termsAndConditions).values({ version, text });
}

/** A post town (and its region, England, when missing). */
export async function createTown(db: Db, name: string): Promise<number> {
  await db.insert(regions).values({ id: 1, name: 'England', countryCode: 'GB' }).onConflictDoNothing();
  const [row] = await sqlRows<{ id: number }>(db, sql`SELECT coalesce(max(id), 0) + 1 AS id FROM towns`);
  const id = row!.id;
  await db.insert(towns).values({ id, name, regionId: 1 });
  return id;
}

/** The Authorization header of a bearer token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Signs in with the password grant and returns the access token; fails the test on any refusal. */
export async function signIn(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** Opens a holding with a sign-in token; returns the new holding token and the whole answer. */
export async function selectHolding(
  app: FastifyInstance,
  token: string,
  holdingId: number,
  yearId?: number,
): Promise<{ token: string; body: SelectHoldingResponse }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session/v1/holdings/select',
    headers: bearer(token),
    payload: { holdingId, ...(yearId === undefined ? {} : { yearId }) },
  });
  if (response.statusCode !== 200)
    throw new Error(`holding selection failed: ${response.statusCode} ${response.body}`);
  const body = response.json<SelectHoldingResponse>();
  return { token: body.Token, body };
}

/** Signs in and opens a holding in one go; returns the holding token. */
export async function signInToHolding(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
  holdingId: number,
  yearId?: number,
): Promise<string> {
  return (await selectHolding(app, await signIn(app, user), holdingId, yearId)).token;
}
