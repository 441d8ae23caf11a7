import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from './app.ts';
import { openTestDatabase } from './testing/testDatabase.ts';
import { testConfig } from './testing/testApp.ts';

/**
 * Writes the OpenAPI document to the file named on the command line, for outside tools (`npm run
 * lint:openapi`). The app is built and made ready on a throwaway database; no port is opened.
 */
async function main(target: string | undefined): Promise<number> {
  if (!target) {
    console.error('usage: tsx server/src/openApiCommand.ts <file.json>');
    return 2;
  }
  const database = await openTestDatabase();
  try {
    const app = await buildApp({ config: testConfig(), database });
    try {
      await app.ready();
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  return 0;
}

process.exitCode = await main(process.argv[2]);
