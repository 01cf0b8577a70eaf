import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runSeed } from './db/seed/seed.ts';
import { promoteConfiguredAdmins } from './modules/roles/service.ts';

/** Everything that must hold before the first request: migrated, seeded, configured admins promoted. */
export async function prepareDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await runSeed(database.db, { demoData: config.demoData });
    const promoted = await promoteConfiguredAdmins(database.db, config.adminEmails);
    log.info(
      { database: database.kind, demoData: config.demoData, adminsPromoted: promoted },
      'database migrated and seeded',
    );
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
