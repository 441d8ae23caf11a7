import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ConfigError, wantsReferenceProvider, type ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { sealedConnectionsExist } from './apps.queries.ts';
import { parseSealingKey, sealingKeyAdvice } from './sealing.ts';

/** Where the quick start keeps the key it made: beside the embedded database, as the document files are. */
export const demoKeyFile = (dataDir: string) => `${dataDir}-connection-sealing-key`;

/**
 * The key that seals connections, decided at start-up. CONNECTION_SEALING_KEY when set. The quick start (the
 * embedded database with the reference provider) makes one and keeps it beside its data, so that a newcomer
 * connects an app with nothing to set. Otherwise none: then no app is offered, and a database that already
 * holds connections stops the start, since their tokens could not be opened.
 */
export async function sealingKeyAtStart(
  config: Pick<
    ServerConfig,
    'connectionSealingKey' | 'databaseUrl' | 'dataDir' | 'referenceProvider' | 'seedDemo'
  >,
  db: Db,
): Promise<Buffer | undefined> {
  if (config.connectionSealingKey) return config.connectionSealingKey;
  if (!config.databaseUrl && !config.dataDir.startsWith('memory://') && wantsReferenceProvider(config)) {
    const file = demoKeyFile(config.dataDir);
    if (existsSync(file)) {
      const key = parseSealingKey(readFileSync(file, 'utf8'));
      if (!key)
        throw new ConfigError(`Headland cannot start: ${file} holds no sealing key. ${sealingKeyAdvice}`);
      return key;
    }
    if (!(await sealedConnectionsExist(db))) {
      const key = randomBytes(32);
      writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    }
  }
  if (await sealedConnectionsExist(db))
    throw new ConfigError(
      'Headland cannot start: this database holds connections to external apps, whose tokens and passwords ' +
        `are sealed, and no key to open them is set. ${sealingKeyAdvice}`,
    );
  return undefined;
}
