import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenWhileOpen } from '../../lib/listen-while-open.ts';
import { type PushTransport, sendDuePushes } from './delivery-service.ts';
import { PUSH_WAKE_CHANNEL } from './push-queue.ts';
import { resolveVapidDetails, type VapidDetails } from './vapid-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      vapid: VapidDetails;
      /** Sends what is due until nothing is; one run at a time per process (a wake-up meanwhile runs once more after). */
      deliverDue(): Promise<void>;
    };
  }
}

export interface PushPluginOptions {
  /** Send pushes in this process (off where the timed jobs are off: tests that compare the database). */
  deliver: boolean;
  /** Where pushes go instead of fetch (a test's fake push service that fails on purpose). */
  transport?: PushTransport;
}

/**
 * Web Push: the VAPID keys, and the sender that empties the delivery queue. It runs when a NOTIFY says
 * something was queued (so a push leaves within a second of its notification) and on the periodic tick
 * (retries falling due, notices missed while the listener reconnected).
 */
export default fp<PushPluginOptions>(
  async (app: FastifyInstance, options) => {
    const vapid = await resolveVapidDetails(app.db, app.config.push);
    let running: Promise<void> | undefined;
    let again = false;
    const drain = async () => {
      do {
        again = false;
        for (;;) if ((await sendDuePushes(app.db, { vapid, log: app.log, transport: options.transport })) === 0) break;
      } while (again);
    };
    const deliverDue = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = drain().finally(() => {
        running = undefined;
      });
      return running;
    };
    app.decorate('push', { vapid, deliverDue });
    if (!options.deliver) return;
    const wake = () => {
      deliverDue().catch((error: unknown) => app.log.error({ err: error }, 'push delivery failed'));
    };
    listenWhileOpen(app, PUSH_WAKE_CHANNEL, wake, wake);
    app.addHook('onReady', async () => wake());
    app.addHook('onClose', async () => {
      await running?.catch(() => undefined);
    });
  },
  { name: 'push', dependencies: ['db'] },
);
