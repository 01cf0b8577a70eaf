import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { forumCategories, forumTopics } from './forums.ts';

/**
 * When a member last opened a topic: replies after it are "new" to her. The primary key serves both the
 * topic list's lookup of a page's topics and the upsert when she opens one; rows go with her or the topic.
 */
export const forumTopicReads = pgTable(
  'forum_topic_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'forum_topic_reads_pkey', columns: [t.userId, t.topicId] })],
);

/** "Mark all as read" on a category: every topic in it counts as read up to then (one row, not one per topic). */
export const forumCategoryReads = pgTable(
  'forum_category_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => forumCategories.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'forum_category_reads_pkey', columns: [t.userId, t.categoryId] })],
);

/**
 * Her feed visits: `last_seen_at` starts the visit she is on, `previous_seen_at` is the one before it,
 * so that posts after it stay marked "New" for as long as this visit lasts (writes are throttled).
 */
export const feedVisits = pgTable('feed_visits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
});
