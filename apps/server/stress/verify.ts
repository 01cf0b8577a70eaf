import { sql } from 'drizzle-orm';
import { type Database, openEmbedded, openPostgres, queryRows } from '../src/db/client.ts';
import type { Acknowledged } from './load.ts';

/** Opens the database the server used (after it stopped), for checking what survived. */
function openStopped(target: { dataDir?: string; databaseUrl?: string }): Promise<Database> {
  if (target.databaseUrl) return Promise.resolve(openPostgres(target.databaseUrl, { max: 1 }));
  return openEmbedded(target.dataDir);
}

/**
 * The acknowledged ids that are not in the database the (stopped) server used: an empty list is the
 * pass.
 */
export async function missingWrites(
  target: { dataDir?: string; databaseUrl?: string },
  acknowledged: Pick<Acknowledged, 'posts' | 'messages'>,
): Promise<string[]> {
  const database = await openStopped(target);
  try {
    return await missingIn(database, acknowledged);
  } finally {
    await database.close();
  }
}

async function missingIn(database: Database, acknowledged: Pick<Acknowledged, 'posts' | 'messages'>) {
  const present = async (table: 'posts' | 'messages', ids: string[]) => {
    if (ids.length === 0) return new Set<string>();
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`select id::text as id from ${sql.identifier(table)} where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return new Set(rows.map((row) => row.id));
  };
  const posts = await present('posts', acknowledged.posts);
  const messages = await present('messages', acknowledged.messages);
  return [
    ...acknowledged.posts.filter((id) => !posts.has(id)).map((id) => `post ${id}`),
    ...acknowledged.messages.filter((id) => !messages.has(id)).map((id) => `message ${id}`),
  ];
}
