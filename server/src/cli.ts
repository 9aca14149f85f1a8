/**
 * Operator commands against the configured database (DATABASE_URL, or PGlite in DATA_DIR —
 * then the server must be stopped: PGlite serves one process).
 *
 *   node server/src/cli.ts maintenance <none|scheduled|in_progress> [--blocking] [--url URL]
 *   node server/src/cli.ts maintenance            (shows the current state)
 */
import { parseArgs } from 'node:util';
import { MAINTENANCE_STATUSES, type TMaintenanceStatus } from '@signet/shared';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { getMaintenance, setMaintenance } from './routes/system/maintenance.ts';

const USAGE = `Usage:
  node server/src/cli.ts maintenance                      show the maintenance state
  node server/src/cli.ts maintenance <${MAINTENANCE_STATUSES.join('|')}> [--blocking] [--url URL]`;

export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      blocking: { type: 'boolean', default: false },
      url: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, status, ...rest] = positionals;
  if (values.help || command !== 'maintenance' || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (status !== undefined && !(MAINTENANCE_STATUSES as readonly string[]).includes(status)) {
    process.stderr.write(`Unknown status "${status}".\n${USAGE}\n`);
    return 2;
  }
  if (values.url !== undefined && !/^https?:\/\/\S+$/.test(values.url)) {
    process.stderr.write(`--url must be an http(s) URL, got "${values.url}".\n`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const result =
      status === undefined
        ? await getMaintenance(database.db)
        : await setMaintenance(database.db, {
            status: status as TMaintenanceStatus,
            isBlocking: values.blocking ?? false,
            url: values.url ?? null,
          });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  runCli(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
