import { FORUM_CATEGORIES_MAX } from '@lunara/shared/content-studio';
import type { ForumCategory } from '@lunara/shared/forums';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { counterValue } from '../admin/maintained-totals.ts';

interface Row {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: ForumCategory['icon'];
  color: string;
  topics_count: number;
  latest_id: string | null;
  latest_title: string | null;
  latest_created_at: Date | string | null;
  latest_user_name: string | null;
}

/** Active categories in order (admins add them: bounded like their editor's list), each with its topic count (a maintained total) and newest topic (an index read each). */
export async function listCategories(db: Db): Promise<ForumCategory[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select c.id, c.slug, c.name, c.description, c.icon, c.color,
               ${counterValue(sql`'forum_topics:' || c.id`)} as topics_count,
               latest.id as latest_id, latest.title as latest_title, latest.created_at as latest_created_at,
               latest.display_name as latest_user_name
        from forum_categories c
        left join lateral (
          select t.id, t.title, t.created_at, p.display_name
          from forum_topics t left join profiles p on p.id = t.user_id
          where t.category_id = c.id and t.hidden_at is null
          order by t.created_at desc limit 1
        ) latest on true
        where c.is_active
        order by c.order_index, c.name
        limit ${literalLimit(FORUM_CATEGORIES_MAX)}`,
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: row.color,
    topicsCount: row.topics_count,
    latestTopic:
      row.latest_id && row.latest_title && row.latest_created_at
        ? {
            id: row.latest_id,
            title: row.latest_title,
            createdAt: new Date(row.latest_created_at).toISOString(),
            userName: row.latest_user_name ?? 'Anonymous',
          }
        : null,
  }));
}
