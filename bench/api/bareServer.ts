import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { configFromEnv } from '@headland/server/src/config.ts';
import { openBareDatabase } from './bareDatabase.ts';
import { createBareSessionRoutes, type BareAnswer } from './bareSessionRoutes.ts';
import { reportReady } from './childServer.ts';
import { countQueries } from './queryCounter.ts';

/*
 * The yardstick of the API benchmark: node:http answering the benchmark's two calls with the app's bytes,
 * running the app's SQL through the driver with nothing in between.
 */
const queriesSent = countQueries();
const config = configFromEnv();
const database = await openBareDatabase({
  url: process.env.BARE_DATABASE_URL,
  dataDir: process.env.BARE_DATA_DIR,
  poolSize: Number(process.env.BARE_POOL_SIZE ?? 10),
});
const routes = await createBareSessionRoutes(database, config);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function route(request: IncomingMessage): Promise<BareAnswer> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET' && url.pathname === '/api/session/v1/holdings/query') {
    return routes.query(url, request.headers);
  }
  if (request.method === 'POST' && url.pathname === '/api/session/v1/holdings/select') {
    return routes.select(await readBody(request), request.headers);
  }
  return {
    status: 404,
    body: JSON.stringify({ Message: `No API route matches ${request.method} ${url.pathname}.` }),
  };
}

function send(response: ServerResponse, answer: BareAnswer): void {
  response.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(answer.body),
  });
  response.end(answer.body);
}

const server = createServer((request, response) => {
  route(request).then(
    (answer) => send(response, answer),
    (error: unknown) => {
      console.error(error);
      send(response, { status: 500, body: JSON.stringify({ Message: 'An unexpected error has occurred' }) });
    },
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (!address || typeof address === 'string')
  throw new Error('The bare server is not listening on a TCP port');
reportReady(
  { port: address.port, database: database.description, poolSize: database.poolSize },
  { queriesSent, poolWaiting: database.poolWaiting },
  async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  },
);
