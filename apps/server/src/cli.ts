import { roleSchema } from '@lunara/shared/roles';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { backupDatabase, restoreDatabase } from './db/backup.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { runSeed } from './db/seed/seed.ts';
import { AppError } from './errors.ts';
import { grantRoleByEmail } from './modules/roles/service.ts';
import { prepareDatabase } from './start.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  grant-role <email> <admin|moderator|user>   Give an existing account a role
  seed-demo                                    Add the demo community (members, posts, events, ...)
  migrate                                      Apply database migrations and the catalog seed
  backup <file>                                Copy the whole database into <file>
  restore <file>                               Replace the database with the backup in <file>

The database is the one the server uses: DATABASE_URL, or the embedded one in DATA_DIR (./data).
With the embedded database, stop the server first: only one process may open the folder.
With DATABASE_URL, backup and restore use pg_dump and pg_restore (PostgreSQL client tools).`;

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const config = loadConfig();
  const log = pino({ level: 'warn' });

  if (command === 'grant-role') {
    const [email, roleArg] = rest;
    const role = roleSchema.safeParse(roleArg);
    if (!email || !role.success) throw new UsageError('grant-role needs an email and one of admin, moderator, user');
    const database = await prepareDatabase({ ...config, demoData: false }, log);
    try {
      await grantRoleByEmail(database.db, email, role.data);
      return `${email} is now ${role.data}.`;
    } finally {
      await database.close();
    }
  }
  if (command === 'seed-demo' || command === 'migrate') {
    const database = await prepareDatabase({ ...config, demoData: false }, log);
    try {
      if (command === 'seed-demo') await runSeed(database.db, { demoData: true });
      return command === 'seed-demo' ? 'Demo data added.' : 'Database is migrated and seeded.';
    } finally {
      await database.close();
    }
  }
  if (command === 'backup' || command === 'restore') {
    const [file] = rest;
    if (!file) throw new UsageError(`${command} needs a file`);
    const target = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
    const where = config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
    if (command === 'backup') {
      await backupDatabase(target, file);
      return `Backed up ${where} to ${file}.`;
    }
    const replaced = await restoreDatabase(target, file);
    return `Restored ${where} from ${file}.${replaced ? ` The data it replaced is kept in ${replaced}.` : ''} Start the server to apply any newer migrations.`;
  }
  throw new UsageError(`Unknown command "${command}".`);
}

class UsageError extends Error {}

run(process.argv.slice(2)).then(
  (message) => {
    process.stdout.write(`${message}\n`);
  },
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof AppError)
      console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
