import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { user } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { subscriptionStartedNotices } from '../../db/schema/email-templates.ts';
import { profiles } from '../../db/schema/members.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { periodEndText, templateMail } from './template-service.ts';

const BATCH = 20;

/**
 * "Your membership has started": the notices migration 0035's trigger queued (once per subscription),
 * claimed with SKIP LOCKED and marked in the transaction that queues the email, so two processes or a
 * rerun never send one twice. Resolves with how many were sent.
 */
export async function sendSubscriptionStartedEmails(
  db: Db,
  mailer: Mailer,
  app: { productName: string; appUrl: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        subscriptionId: subscriptionStartedNotices.subscriptionId,
        email: user.email,
        name: profiles.displayName,
        periodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptionStartedNotices)
      .innerJoin(user, eq(user.id, subscriptionStartedNotices.userId))
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionStartedNotices.subscriptionId))
      .leftJoin(profiles, eq(profiles.id, subscriptionStartedNotices.userId))
      .where(isNull(subscriptionStartedNotices.sentAt))
      .orderBy(asc(subscriptionStartedNotices.createdAt))
      .limit(builderLimit(BATCH))
      .for('update', { of: subscriptionStartedNotices, skipLocked: true });
    for (const notice of due) {
      const mail = await templateMail(tx, app, 'subscription_started', notice.email, {
        name: notice.name,
        link: new URL('/community', app.appUrl).toString(),
        periodEnd: periodEndText(notice.periodEnd),
      });
      await mailer.send(mail, tx);
    }
    if (due.length > 0) {
      await tx
        .update(subscriptionStartedNotices)
        .set({ sentAt: new Date() })
        .where(
          inArray(
            subscriptionStartedNotices.subscriptionId,
            due.map((notice) => notice.subscriptionId),
          ),
        );
    }
    return due.length;
  });
}
