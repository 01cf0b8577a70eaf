import type { FastifyInstance } from 'fastify';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import { sendAnnouncementEmailBatch } from './email-job.ts';
import { unsubscribeKey } from './unsubscribe-token.ts';

const keys = new WeakMap<FastifyInstance, Promise<Buffer>>();
const runs = new WeakMap<FastifyInstance, Promise<void>>();

/** The unsubscribe links' key for this app (derived once from the app's shared secret). */
export function unsubscribeKeyOf(app: FastifyInstance): Promise<Buffer> {
  let key = keys.get(app);
  if (!key) {
    key = resolveAuthSecret(app.db, app.config.authSecret).then(unsubscribeKey);
    key.catch(() => keys.delete(app));
    keys.set(app, key);
  }
  return key;
}

/** Batches in a row while a batch dealt only with skipped members (nothing sent, so no throttle used). */
const MAX_BATCHES_PER_RUN = 20;

async function runOnce(app: FastifyInstance): Promise<void> {
  const key = await unsubscribeKeyOf(app);
  for (let n = 0; n < MAX_BATCHES_PER_RUN; n++) {
    const result = await sendAnnouncementEmailBatch(app.db, app.mailer, {
      productName: app.config.productName,
      appUrl: app.config.appUrl,
      unsubscribeKey: key,
    });
    if (result.queued > 0)
      app.log.info({ queued: result.queued, skipped: result.skipped }, 'announcement emails queued');
    if (!result.more || result.throttled || result.queued > 0) return;
  }
}

/**
 * The "announcement emails" job: one throttled batch (and more while batches only skip members). One
 * run at a time per process; several processes are kept apart by the throttle row's lock.
 */
export function runAnnouncementEmails(app: FastifyInstance): Promise<void> {
  let run = runs.get(app);
  if (!run) {
    run = runOnce(app).finally(() => runs.delete(app));
    runs.set(app, run);
  }
  return run;
}

/** After a send: the first batch at once, in a process that runs the jobs. */
export function wakeAnnouncementEmails(app: FastifyInstance): void {
  if (!app.hasPlugin('periodic-jobs')) return;
  runAnnouncementEmails(app).catch((error: unknown) => app.log.error({ err: error }, 'announcement emails failed'));
}
