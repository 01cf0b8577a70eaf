import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runSeed } from './db/seed/seed.ts';
import { findPendingConfiguredAdmins } from './modules/roles/service.ts';

/** Everything that must hold before the first request: migrated and seeded. */
export async function prepareDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await runSeed(database.db, { demoData: config.demoData });
    log.info({ database: database.kind, demoData: config.demoData }, 'database migrated and seeded');
    for (const email of await findPendingConfiguredAdmins(database.db, config.adminEmails)) {
      log.info(
        { email },
        'ADMIN_EMAILS: this account becomes admin when she confirms her email from a browser signed in to it, ' +
          'or sets a new password from a reset link',
      );
    }
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
