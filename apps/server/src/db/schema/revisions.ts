import { EDITABLE_KINDS } from '@lunara/shared/editing';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/**
 * A post's, comment's, topic's or reply's words before an edit, so that moderators see what was said
 * (modules/feed/edit-*.ts, modules/forums/edit-*.ts). At most REVISIONS_KEPT per item, trimmed in the
 * edit's transaction. One table for the four kinds, so the item has no foreign key: migration 0025's
 * triggers delete an item's revisions with it, whichever way it goes (its author, a moderator, a cascade).
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: id(),
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    /** Posts and topics have one; comments and replies not. */
    title: text('title'),
    content: text('content').notNull(),
    /** Only authors edit: her account's deletion moves them with her content, or they go with it. */
    editorId: text('editor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** When this version was replaced. */
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('content_revisions_kind_check', t.kind, EDITABLE_KINDS),
    index('content_revisions_item_idx').on(t.kind, t.itemId, t.createdAt.desc().nullsFirst()),
    index('content_revisions_editor_idx').on(t.editorId),
  ],
);
