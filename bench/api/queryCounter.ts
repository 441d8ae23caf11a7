import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

let sent = 0;

/**
 * Counts the statements this process sends to its database, through node-postgres or PGlite, so the report
 * can show that both servers send as many per answer. Costs one increment per statement.
 */
export function countQueries(): () => number {
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent++;
    return (pgQuery as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;

  const pgliteQuery = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    sent++;
    return pgliteQuery.apply(this, args);
  } as typeof pgliteQuery;
  const pgliteTransaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function <T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
    return pgliteTransaction.call(this, (tx) => {
      const txQuery = tx.query;
      tx.query = ((...args: Parameters<Transaction['query']>) => {
        sent++;
        return txQuery.apply(tx, args);
      }) as typeof txQuery;
      return callback(tx);
    }) as Promise<T>;
  } as typeof pgliteTransaction;

  return () => sent;
}
