import type { FastifyInstance } from 'fastify';
import type { Unlisten } from '../db/client.ts';

/**
 * LISTENs on a database channel from the moment the app is ready until it closes. `onResubscribed`
 * runs each time the listener comes back after a lost connection (not the first time): notices sent
 * meanwhile were missed, so whatever they keep fresh must be refreshed.
 */
export function listenWhileOpen(
  app: FastifyInstance,
  channel: string,
  onPayload: (payload: string) => void,
  onResubscribed: () => void,
): void {
  let unlisten: Unlisten | undefined;
  let listening = false;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(channel, onPayload, () => {
      if (listening) onResubscribed();
      listening = true;
    });
  });
  app.addHook('onClose', async () => {
    await unlisten?.().catch((error: unknown) => app.log.warn({ err: error, channel }, 'unlisten failed'));
  });
}
