import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotificationDigests } from '../modules/notifications/digest-service.ts';

const RUN_EVERY_MS = 60_000;

/** Every minute, each process sends the notification digests that are due (they never overlap). */
export default fp(
  async (app: FastifyInstance) => {
    let running: Promise<void> | undefined;
    const run = () => {
      running ??= sendNotificationDigests(app.db, app.mailer, {
        productName: app.config.productName,
        communityUrl: new URL('/community', app.config.appUrl).toString(),
      })
        .then((sent) => {
          if (sent > 0) app.log.info({ sent }, 'notification digests queued');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'notification digest run failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(run, RUN_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'notification-digest', dependencies: ['db', 'mailer'] },
);
