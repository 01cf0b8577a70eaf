import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { createRealtimeHub, type RealtimeHub } from '../modules/realtime/hub.ts';
import { REALTIME_CHANNEL } from '../modules/realtime/publish.ts';
import { watchStreamSessions } from '../modules/realtime/session-watch.ts';
import { SESSION_CHANNEL } from '../modules/session/session-cache.ts';

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
    listenWhileOpen(app, REALTIME_CHANNEL, hub.deliver, () => {
      // A re-subscription means the listener was down: what it missed, clients refetch.
      app.log.warn('realtime listener reconnected: asking clients to resync');
      hub.broadcast({ type: 'resync' });
    });
    // A stream ends with its session, whichever process ended the session.
    const sessions = watchStreamSessions(app.db, hub, app.log);
    listenWhileOpen(app, SESSION_CHANNEL, sessions.sessionChanged, sessions.checkAll);
    // Before the server stops accepting: open streams would otherwise keep it from closing.
    app.addHook('preClose', async () => hub.closeAll());
  },
  { name: 'realtime', dependencies: ['db'] },
);
