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
  backup <file>                                Copy the whole database into <file>, and the uploaded
                                               files (DATA_DIR/media) into the folder <file>.media
  restore <file>                               Replace the database with the backup in <file>, and the
                                               uploaded files with <file>.media

The database is the one the server uses: DATABASE_URL, or the embedded one in DATA_DIR (./data).
With the embedded database, stop the server first: only one process may open the folder.
With DATABASE_URL, backup and restore use pg_dump and pg_restore (PostgreSQL client tools).
With S3_BUCKET, uploaded files are in the bucket and not in the backup: back the bucket up with
its own versioning or replication, or copy it with \`aws s3 sync s3://<bucket> <folder>\`.`;

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
    // Files on the local disk go with the backup; a bucket is backed up by the object store itself.
    const options = config.media.s3 ? {} : { mediaRoot: config.media.diskRoot };
    const bucket = config.media.s3?.bucket;
    if (command === 'backup') {
      const { media } = await backupDatabase(target, file, options);
      const files = media ? ` Uploaded files (${uploadsText(media.uploads)}) are copied to ${media.dir}.` : '';
      const s3 = bucket
        ? ` Uploaded files are in the S3 bucket "${bucket}", which is not in this backup: turn on the bucket's versioning or replication, or copy it with \`aws s3 sync s3://${bucket} <folder>\`.`
        : '';
      return `Backed up ${where} to ${file}.${files}${s3}`;
    }
    const { replaced, media } = await restoreDatabase(target, file, options);
    const lines = [`Restored ${where} from ${file}.${replaced ? ` The data it replaced is kept in ${replaced}.` : ''}`];
    if (media?.restored) {
      lines.push(
        `Restored the uploaded files (${uploadsText(media.uploads)}) to ${config.media.diskRoot}.${media.replaced ? ` The files it replaced are kept in ${media.replaced}.` : ''}`,
      );
    } else if (media) {
      lines.push(
        `There are no uploaded files beside the backup (${media.missing}): ${config.media.diskRoot} is left as it was.`,
      );
    }
    if (bucket) lines.push(`Uploaded files are in the S3 bucket "${bucket}" and were not changed.`);
    lines.push('Start the server to apply any newer migrations.');
    return lines.join('\n');
  }
  throw new UsageError(`Unknown command "${command}".`);
}

class UsageError extends Error {}

const uploadsText = (count: number) => `${count} ${count === 1 ? 'upload' : 'uploads'}`;

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
