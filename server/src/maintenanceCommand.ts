import { parseArgs } from 'node:util';
import { maintenanceNoticeRequestSchema } from '@headland/domain/api/liveApi';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { askRunningServerToClear } from './modules/live/maintenanceRequests.ts';
import { openNotices } from './modules/live/live.queries.ts';
import { clearMaintenance, setMaintenance } from './modules/live/maintenance.service.ts';

const usage = `Maintenance windows (session-shell §4), on the database of DATABASE_URL or DATA_DIR:

  npm run maintenance -w server -- list
  npm run maintenance -w server -- set --start 2026-11-28T22:00:00Z --end 2026-11-29T00:00:00Z \\
      --message "Headland is being upgraded from {start} to {end}."
  npm run maintenance -w server -- clear --id 3
  npm run maintenance -w server -- clear --all

Every running server hears of the change at once. The embedded database can be opened by one process only:
while its server runs, 'clear' hands the request to that server (it answers within seconds); 'set' and
'list' need it stopped, or an Admin can use POST and DELETE /api/maintenance/v1 (Admins may sign in during
a window).`;

/** Sets, lists and clears maintenance windows from the command line. */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      start: { type: 'string' },
      end: { type: 'string' },
      message: { type: 'string' },
      id: { type: 'string' },
      all: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['list', 'set', 'clear'].includes(command)) {
    console.log(usage);
    return command && !values.help ? 1 : 0;
  }
  let request;
  if (command === 'set') {
    const parsed = maintenanceNoticeRequestSchema.safeParse({
      startDate: values.start,
      endDate: values.end,
      message: values.message,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        console.error(`${issue.path.join('.') || 'notice'}: ${issue.message}`);
      return 1;
    }
    request = parsed.data;
  }
  if (command === 'clear' && !values.all && !/^\d+$/.test(values.id ?? '')) {
    console.error('clear needs --id N or --all');
    return 1;
  }
  const config = configFromEnv();
  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (command !== 'clear') {
      console.error(`${error.message}\n\nWith the server running, only 'clear' works from here.`);
      return 1;
    }
    // The running server holds the embedded database: it carries the request out itself.
    const cleared = await askRunningServerToClear(config.dataDir, values.all ? null : Number(values.id));
    if (cleared === null) {
      console.error('The running server did not answer within 15 seconds; nothing was cleared.');
      return 1;
    }
    console.log(cleared ? `Cleared ${cleared} notice(s) on the running server.` : 'No such notice.');
    return cleared ? 0 : 1;
  }
  try {
    if (request) {
      const notice = await setMaintenance(database.db, request, null);
      console.log(`Set notice ${notice.id}: ${notice.startDate} to ${notice.endDate}.`);
    } else if (command === 'clear') {
      const count = await clearMaintenance(database.db, values.all ? null : Number(values.id));
      console.log(count ? `Cleared ${count} notice(s).` : 'No such notice.');
      if (!count) return 1;
    } else {
      const notices = await openNotices(database.db);
      if (!notices.length) console.log('No maintenance window is set.');
      for (const notice of notices) {
        console.log(`${notice.id}\t${notice.startDate}\t${notice.endDate}\t${notice.message}`);
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
