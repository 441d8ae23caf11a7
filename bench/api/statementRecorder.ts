import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Db } from '@headland/server/src/db/database.ts';
import { schema } from '@headland/server/src/db/schema.ts';

/** One SQL statement as the server sends it to the database: text with $n placeholders and its values. */
export interface Statement {
  text: string;
  params: unknown[];
}

/** A recorded statement whose placeholder values are either fixed or named slots filled in per request. */
export interface Template {
  text: string;
  params: unknown[];
  slots: [index: number, name: string][];
}

const dialect = new PgDialect();

/**
 * Runs server code against a database that only records: every statement it would send, rendered by drizzle
 * exactly as the real drivers render it, in order. Reads answer no rows. This is how the bare server runs the
 * app's very SQL without building it per request: it records once, then sends the text through pg directly.
 */
export async function recordStatements(run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  // Query builders (insert, update) go through drizzle's proxy driver, which hands over the rendered text.
  const builderDb = drizzle(
    async (text, params) => {
      statements.push({ text, params });
      return { rows: [] };
    },
    { schema },
  );
  // Raw `db.execute(sql…)` calls must answer `{ rows }` as both real drivers do, which the proxy driver does not.
  const db = new Proxy(builderDb, {
    get(target, key, receiver) {
      if (key === 'execute') {
        return async (query: SQL) => {
          const { sql, params } = dialect.sqlToQuery(query.getSQL());
          statements.push({ text: sql, params });
          return { rows: [] };
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  await run(db as unknown as Db);
  return statements;
}

/** Records server code that must send exactly one statement. */
export async function recordStatement(run: (db: Db) => Promise<unknown>): Promise<Statement> {
  const statements = await recordStatements(run);
  if (statements.length !== 1) throw new Error(`Expected one statement, recorded ${statements.length}`);
  return statements[0]!;
}

/**
 * Turns a statement recorded with sentinel values into a template: every placeholder whose value is one of
 * the sentinels becomes the named slot; the others (constants of the query) stay as recorded.
 */
export function toTemplate(statement: Statement, sentinels: ReadonlyMap<unknown, string>): Template {
  const slots: Template['slots'] = [];
  statement.params.forEach((value, index) => {
    const name = sentinels.get(value);
    if (name !== undefined) slots.push([index, name]);
  });
  return { text: statement.text, params: statement.params, slots };
}

/** The placeholder values of a template for one request. */
export function bind(template: Template, values: Readonly<Record<string, unknown>>): unknown[] {
  const params = template.params.slice();
  for (const [index, name] of template.slots) {
    if (!(name in values)) throw new Error(`No value for slot ${name}`);
    params[index] = values[name];
  }
  return params;
}
