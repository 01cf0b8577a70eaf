import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { findWebDist } from './plugins/web-app.ts';
import { prepareDatabase } from './start.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });

  let database: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    database = await prepareDatabase(config, log);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const webDist = findWebDist();
  if (!webDist) log.warn('apps/web/dist not found: serving the API only (run `npm run build` first)');
  const app = await buildApp({ config, database, webDist });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.productName} is ready on ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
