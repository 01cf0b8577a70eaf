import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Unlisten } from '../db/client.ts';
import { createRealtimeHub, type RealtimeHub } from '../modules/realtime/hub.ts';
import { REALTIME_CHANNEL } from '../modules/realtime/publish.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/**
 * Each process listens on one database channel and forwards what it hears to its own members'
 * streams; writers publish with pg_notify, so a message sent through any process reaches them all.
 */
export default fp(
  async (app: FastifyInstance) => {
    const hub = createRealtimeHub(app.log);
    app.decorate('realtime', hub);
    let unlisten: Unlisten | undefined;
    let listening = false;
    app.addHook('onReady', async () => {
      unlisten = await app.database.listen(REALTIME_CHANNEL, hub.deliver, () => {
        // A re-subscription means the listener was down: what it missed, clients refetch.
        if (listening) {
          app.log.warn('realtime listener reconnected: asking clients to resync');
          hub.broadcast({ type: 'resync' });
        }
        listening = true;
      });
    });
    // Before the server stops accepting: open streams would otherwise keep it from closing.
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => {
      await unlisten?.().catch((error: unknown) => app.log.warn({ err: error }, 'unlisten failed'));
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
