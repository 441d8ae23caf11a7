import type { PGlite } from '@electric-sql/pglite';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded database runs each statement synchronously on the server's only thread, and a chain of
 * statements never gives the event loop a turn: a request that runs several heavy statements (a boundary at
 * the vertex limit) would hold every other request, even `/api/health`, until its last one. Waiting for the
 * event loop's next turn before each statement (or transaction) lets requests that arrived meanwhile be taken
 * in between. Statements inside a transaction do not wait: the transaction holds the database anyway.
 */
export function takeTurnsBetweenStatements(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
}
