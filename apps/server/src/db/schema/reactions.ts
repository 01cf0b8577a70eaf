import { REACTION_KEYS } from '@lunara/shared/reactions';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn } from './columns.ts';
import { posts } from './community.ts';

/**
 * One row per member, post and reaction: she may give several different reactions to one post, each
 * once (the primary key decides between double clicks). "Who reacted" pages on `post_reactions_list_idx`.
 */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    // Microsecond precision is the cursor's: rows are listed newest first.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'post_reactions_pkey', columns: [t.postId, t.userId, t.reaction] }),
    checkIn('post_reactions_reaction_check', t.reaction, REACTION_KEYS),
    index('post_reactions_list_idx').on(
      t.postId,
      t.reaction,
      t.createdAt.desc().nullsFirst(),
      t.userId.desc().nullsFirst(),
    ),
    index('post_reactions_user_idx').on(t.userId),
  ],
);

/**
 * How many members gave each reaction to each post, kept in the reaction's own transaction, so a feed
 * page reads its counts from one primary-key range per post instead of counting rows. A change here
 * NOTIFYs the feed cache (custom migration), as a like does.
 */
export const postReactionCounts = pgTable(
  'post_reaction_counts',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'post_reaction_counts_pkey', columns: [t.postId, t.reaction] }),
    check('post_reaction_counts_non_negative', sql`${t.count} >= 0`),
  ],
);
