import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { isDriverClosedSocketWrite } from './db/driver-close-race.ts';
import { deploymentWarnings } from './lib/deployment-warnings.ts';
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
  // Loud on purpose: each is something an operator must fix or has chosen knowingly.
  for (const warning of deploymentWarnings(config)) log.warn(`WARNING: ${warning}`);
  process.on('uncaughtException', (error) => {
    if (isDriverClosedSocketWrite(error)) {
      log.warn({ err: error }, 'database connection closed under a pending write (known driver race); continuing');
      return;
    }
    // Anything else ends the process as Node would by default.
    console.error(error);
    process.exit(1);
  });

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
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database, webDist });
  } catch (error) {
    // A setting only found wrong while starting (an S3 bucket that cannot be reached): one line, as above.
    if (error instanceof ConfigError) {
      await database.close();
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000);
    timer.unref();
    try {
      // Readiness fails first and requests keep being served for a moment, so that a load balancer
      // moves traffic away and what was already sent here is answered, not reset.
      app.lifecycle.draining = true;
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // Connections that finish their last request while closing are closed as they become idle;
      // any still open after the grace period are cut.
      const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
      const force = setTimeout(() => app.server.closeAllConnections(), 8_000);
      try {
        await app.close();
      } finally {
        clearInterval(sweeper);
        clearTimeout(force);
      }
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
