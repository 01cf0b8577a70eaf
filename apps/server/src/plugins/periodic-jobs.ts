import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredExports, processNextExport } from '../modules/account-data/export-service.ts';
import { foldCounterDeltas } from '../modules/admin/maintained-totals.ts';
import { runAnalyticsJob } from '../modules/analytics/analytics-job.ts';
import { runAnnouncementEmails } from '../modules/announcements/email-runner.ts';
import { deleteUnclaimedResults } from '../modules/assessment/pathway-service.ts';
import { sendSubscriptionStartedEmails } from '../modules/email-templates/started-notices.ts';
import { deletePastReminderKeys, sendEventReminders } from '../modules/events/reminder-service.ts';
import { deleteExpiredIdempotencyKeys } from '../modules/idempotency/idempotency-service.ts';
import {
  deleteUnattachedPostImages,
  deleteUnfinishedUploads,
  processMediaDeletions,
} from '../modules/media/housekeeping.ts';
import { sendNotificationDigests } from '../modules/notifications/digest-service.ts';

interface Job {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<void>;
}

/** Jobs every process runs on a timer; each is safe to run in several processes at once. */
const JOBS: Job[] = [
  {
    // Digests claim members with SKIP LOCKED, so two processes never send the same one.
    name: 'notification digests',
    everyMs: 60_000,
    async run(app) {
      const sent = await sendNotificationDigests(app.db, app.mailer, {
        productName: app.config.productName,
        communityUrl: new URL('/community', app.config.appUrl).toString(),
      });
      if (sent > 0) app.log.info({ sent }, 'notification digests queued');
    },
  },
  {
    // Event reminders 24 h and 1 h before: each claimed by its row's primary key in the transaction that
    // sends it, so several processes (or a rerun after a restart) never send one twice.
    name: 'event reminders',
    everyMs: 60_000,
    async run(app) {
      const sent = await sendEventReminders(app.db, app.mailer, app.config);
      if (sent > 0) app.log.info({ sent }, 'event reminders sent');
      // The once-only keys of starts long past, so the table holds only what can still be due.
      for (;;) if ((await deletePastReminderKeys(app.db)) === 0) return;
    },
  },
  {
    // Web Push: a NOTIFY wakes the sender as soon as a push is queued (modules/push/push-plugin.ts); the
    // tick sends retries that fell due and anything queued while the listener was reconnecting.
    name: 'push deliveries',
    everyMs: 15_000,
    run: (app) => app.push.deliverDue(),
  },
  {
    // "Your membership has started" (issue 33): queued once per subscription by a trigger, claimed with
    // SKIP LOCKED and marked in the transaction that queues the email.
    name: 'membership started emails',
    everyMs: 15_000,
    async run(app) {
      for (let n = 0; n < 10; n++)
        if ((await sendSubscriptionStartedEmails(app.db, app.mailer, app.config)) === 0) return;
    },
  },
  {
    // The owner's announcements by email: at most 50 every 10 s in the whole cluster (the throttle row's
    // lock), resumable from the cursor on the announcement row; a send wakes it at once as well.
    name: 'announcement emails',
    everyMs: 5_000,
    run: (app) => runAnnouncementEmails(app),
  },
  {
    // Keeps the pending deltas of the maintained totals short, so reading a total stays one index read.
    name: 'fold counter deltas',
    everyMs: 30_000,
    run: (app) => foldCounterDeltas(app.db),
  },
  {
    // Keys answer retries for a day; a batch at a time keeps each delete short.
    name: 'expire idempotency keys',
    everyMs: 10 * 60_000,
    async run(app) {
      for (;;) if ((await deleteExpiredIdempotencyKeys(app.db)) === 0) return;
    },
  },
  {
    // The storage of deleted media rows (a post, lesson, course or account gone, a replaced avatar):
    // claimed with SKIP LOCKED, retried with back-off; a batch at a time until the queue is empty.
    name: 'delete media from storage',
    everyMs: 60_000,
    async run(app) {
      for (;;) if ((await processMediaDeletions(app.db, app.mediaStorage, app.log)) === 0) return;
    },
  },
  {
    // Uploads that never finished (the process died mid-upload) and post images never posted: deleting
    // the rows queues their storage for the job above.
    name: 'clean up media uploads',
    everyMs: 10 * 60_000,
    async run(app) {
      for (;;) if ((await deleteUnfinishedUploads(app.db)) === 0) break;
      for (;;) if ((await deleteUnattachedPostImages(app.db)) === 0) break;
    },
  },
  {
    // "Export my data": pending exports claimed one at a time with SKIP LOCKED (each reads all of one
    // member's data), then expired ones deleted (their files queued for the job above).
    name: 'data exports',
    everyMs: 15_000,
    async run(app) {
      for (let n = 0; n < 10; n++) if (!(await processNextExport(app.db, app.mediaStorage, app.log))) break;
      for (;;) if ((await deleteExpiredExports(app.db)) === 0) return;
    },
  },
  {
    // The owner's analytics: today again, then finished days not yet final (a batch per tick); each day
    // under an advisory lock on it and replaced whole, so several processes agree.
    name: 'analytics',
    everyMs: 5 * 60_000,
    run: async (app) => {
      await runAnalyticsJob(app.db);
    },
  },
  {
    // Visitors' assessment results never claimed by an account (30 days on).
    name: 'delete unclaimed assessment results',
    everyMs: 60 * 60_000,
    async run(app) {
      for (;;) if ((await deleteUnclaimedResults(app.db)) === 0) return;
    },
  },
];

export default fp(
  async (app: FastifyInstance) => {
    const running = new Map<string, Promise<void>>();
    const timers: NodeJS.Timeout[] = [];
    const start = (job: Job) => {
      if (running.has(job.name)) return;
      const run = job
        .run(app)
        .catch((error: unknown) => app.log.error({ err: error }, `${job.name} failed`))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    app.addHook('onReady', async () => {
      for (const job of JOBS) {
        const timer = setInterval(() => start(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    });
  },
  { name: 'periodic-jobs', dependencies: ['db', 'mailer', 'media'] },
);
