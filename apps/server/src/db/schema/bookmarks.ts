import { BOOKMARK_KINDS } from '@lunara/shared/bookmarks';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';
import { posts } from './community.ts';
import { forumTopics } from './forums.ts';

/**
 * A post or forum topic a member saved. The item is a real foreign key per kind (one of the two set, as
 * `kind` says), so a deleted post or topic takes its bookmarks with it and never counts toward her limit.
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id').references(() => forumTopics.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('bookmarks_kind_check', t.kind, BOOKMARK_KINDS),
    check(
      'bookmarks_one_item',
      sql`(${t.kind} = 'post' and ${t.postId} is not null and ${t.topicId} is null) or (${t.kind} = 'topic' and ${t.topicId} is not null and ${t.postId} is null)`,
    ),
    unique('bookmarks_user_post_unique').on(t.userId, t.postId),
    unique('bookmarks_user_topic_unique').on(t.userId, t.topicId),
    // Her saved list, newest first, keyset-paged on (created_at, id).
    index('bookmarks_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The cascades from a deleted post or topic.
    index('bookmarks_post_idx').on(t.postId),
    index('bookmarks_topic_idx').on(t.topicId),
  ],
);
