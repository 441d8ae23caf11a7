import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoldingRole, InvitationAccessLevel, Role } from '@headland/domain/roles';
import { addMember, bearer, createHolding, createUser, signInToHolding } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test?.close();
});

describe('inviting an address with and without an account', () => {
  it('does the same work for both, so that the answer and its timing tell the owner nothing', async () => {
    const holding = await createHolding(test.db, { features: { perHoldingPermissions: true } });
    const owner = await createUser(test.db, { role: Role.Agronomist });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const headers = bearer(await signInToHolding(test.app, owner, holding.id));
    const known = await createUser(test.db, { email: 'has.account@farm.example' });
    const fresh = 'no.account@farm.example';
    const send = (email: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/holdings/v1/invites/send',
        headers,
        payload: { email, accessLevel: InvitationAccessLevel.Operator },
      });
    expect((await send(fresh)).statusCode).toBe(200);
    expect((await send(known.email)).statusCode).toBe(200);
    const written = await sqlRows<{ email: string; n: number }>(
      test.db,
      sql`SELECT email, count(*)::int AS n FROM signup_requests GROUP BY email ORDER BY email`,
    );
    expect(written).toEqual([
      { email: known.email, n: 1 },
      { email: fresh, n: 1 },
    ]);
    // The account's own e-mail still leads through sign-in: it carries no sign-up link.
    const [mail] = await sqlRows<{ text: string }>(
      test.db,
      sql`SELECT text FROM mail_outbox WHERE "to" = ${known.email}`,
    );
    expect(mail!.text).not.toContain('signup=');
  });
});
