import { EMAIL_TEMPLATE_KEYS } from '@lunara/shared/email-templates';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { subscriptions } from './billing.ts';
import { checkIn, updatedAt } from './columns.ts';

/** The owner's edits of the transactional emails; a key without a row sends the built-in default. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    key: text('key').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('email_templates_key_check', t.key, EMAIL_TEMPLATE_KEYS),
    check('email_templates_subject_length', sql`char_length(${t.subject}) <= 200`),
    check('email_templates_body_length', sql`char_length(${t.body}) <= 10000`),
  ],
);

/**
 * "Your membership has started", once per subscription: a trigger on `subscriptions` (migration
 * 0034_member_admin_templates) inserts a row the first time a row is active or trialing, whichever code
 * path wrote it (the test provider, a Stripe webhook, a complimentary grant); the primary key makes it
 * once. The periodic job sends the pending ones (`sent_at` null) and marks them.
 */
export const subscriptionStartedNotices = pgTable(
  'subscription_started_notices',
  {
    subscriptionId: uuid('subscription_id')
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('subscription_started_notices_pending_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);
