import type { Author } from '@lunara/shared/feed';
import { MEMBER_SEARCH_LIMIT } from '@lunara/shared/messages';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { canUseCommunity } from '../billing/community-access.ts';

/**
 * Up to 10 members whose display name contains the query, ignoring case, never the searcher herself, and
 * only members who can use Messages (anyone else could never read what she was sent), never a member
 * either of them blocked (two primary-key lookups a row). A blank query
 * finds nobody (spec section 5). Ordered by name on the lower(display_name) index, so the scan stops at
 * the tenth match.
 */
export async function searchMembers(db: Db, searcherId: string, query: string): Promise<Author[]> {
  const text = query.trim();
  if (!text) return [];
  const rows = await queryRows<{ id: string; display_name: string; avatar_url: string | null }>(
    db,
    sql`select id, display_name, avatar_url from profiles
        where id <> ${searcherId} and lower(display_name) like ${`%${escapeLike(text.toLowerCase())}%`}
          and ${canUseCommunity(sql`profiles.id`)}
          and not exists (select 1 from member_blocks b
            where (b.blocker_id = ${searcherId} and b.blocked_id = profiles.id)
               or (b.blocker_id = profiles.id and b.blocked_id = ${searcherId}))
        order by lower(display_name), id
        limit ${literalLimit(MEMBER_SEARCH_LIMIT)}`,
  );
  return rows.map((row) => ({ id: row.id, displayName: row.display_name, avatarUrl: servedAvatarUrl(row.avatar_url) }));
}
