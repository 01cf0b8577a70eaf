import { CASE_REVISIONS_SHOWN, type ContentRevision, type EditableKind, REVISIONS_KEPT } from '@lunara/shared/editing';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTime } from '../../db/direct-read.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { contentRevisions } from '../../db/schema/revisions.ts';

export interface ReplacedVersion {
  kind: EditableKind;
  itemId: string;
  editorId: string;
  /** Posts and topics; null for comments and replies. */
  title: string | null;
  content: string;
}

/**
 * Keeps the words an edit replaces, in the edit's transaction, and lets go of the oldest beyond
 * REVISIONS_KEPT so that an item edited all day stays a bounded read for moderators.
 */
export async function recordRevision(tx: Db, version: ReplacedVersion): Promise<void> {
  await tx.insert(contentRevisions).values(version);
  await tx.execute(sql`
    delete from content_revisions where kind = ${version.kind} and item_id = ${version.itemId}
      and id not in (
        select id from content_revisions where kind = ${version.kind} and item_id = ${version.itemId}
        order by created_at desc, id desc limit ${literalLimit(REVISIONS_KEPT)})`);
}

/** Each item's earlier versions, newest first, at most CASE_REVISIONS_SHOWN each (moderation cases). */
export async function loadRevisions(
  db: Db,
  items: { kind: EditableKind; itemId: string }[],
): Promise<Map<string, ContentRevision[]>> {
  const found = new Map<string, ContentRevision[]>();
  if (items.length === 0) return found;
  const rows = await queryRows<{
    kind: string;
    item_id: string;
    title: string | null;
    body: string;
    replaced_at: string;
  }>(
    db,
    sql`select i.kind, i.item_id, r.title, r.content as body, ${isoTime(sql`r.created_at`)} as replaced_at
        from unnest(${sql.param(items.map((item) => item.kind))}::text[], ${sql.param(items.map((item) => item.itemId))}::uuid[])
          as i(kind, item_id)
        cross join lateral (
          select x.title, x.content, x.created_at from content_revisions x
          where x.kind = i.kind and x.item_id = i.item_id
          order by x.created_at desc, x.id desc limit ${literalLimit(CASE_REVISIONS_SHOWN)}
        ) r
        order by i.kind, i.item_id, r.created_at desc`,
  );
  for (const row of rows) {
    const key = `${row.kind}:${row.item_id}`;
    found.set(key, [...(found.get(key) ?? []), { title: row.title, body: row.body, replacedAt: row.replaced_at }]);
  }
  return found;
}
