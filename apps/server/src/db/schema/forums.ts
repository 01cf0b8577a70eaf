import { FORUM_ICONS } from '@lunara/shared/community';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';
import { searchVector } from './search-vector.ts';

export const forumCategories = pgTable(
  'forum_categories',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull().default('MessageCircle'),
    color: text('color').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    orderIndex: integer('order_index').notNull().default(0),
    /** Bumped by every admin save: a save carrying an older one is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('forum_categories_icon_check', t.icon, FORUM_ICONS),
    index('forum_categories_active_order_idx').on(t.isActive, t.orderIndex),
  ],
);

export const forumTopics = pgTable(
  'forum_topics',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => forumCategories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ A: 'title', B: 'content' }),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    repliesCount: integer('replies_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    lastReplyUserId: text('last_reply_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The last reply, or the creation when there is none: the sort key of topic lists. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while enough members' reports hide it until a moderator reviews it (modules/moderation). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When its author last changed its words (the "Edited" mark). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('forum_topics_title_not_blank', sql`char_length(btrim(${t.title})) > 0`),
    check('forum_topics_content_not_blank', sql`char_length(btrim(${t.content})) > 0`),
    check('forum_topics_counts_non_negative', sql`${t.repliesCount} >= 0 and ${t.viewsCount} >= 0`),
    // The spec's topic order: pinned, then last reply, then created.
    index('forum_topics_category_order_idx').on(
      t.categoryId,
      t.isPinned.desc().nullsFirst(),
      t.lastActivityAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('forum_topics_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst()),
    index('forum_topics_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('forum_topics_user_idx').on(t.userId),
    index('forum_topics_search_idx').using('gin', t.search),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: id(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ B: 'content' }),
    /** Set while enough members' reports hide it until a moderator reviews it (modules/moderation). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When its author last changed its words (the "Edited" mark). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('forum_replies_content_not_blank', sql`char_length(btrim(${t.content})) > 0`),
    index('forum_replies_topic_idx').on(t.topicId, t.createdAt, t.id),
    index('forum_replies_user_idx').on(t.userId),
    index('forum_replies_search_idx').using('gin', t.search),
  ],
);

/** A view counts once per member and topic. */
export const forumTopicViews = pgTable(
  'forum_topic_views',
  {
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);
