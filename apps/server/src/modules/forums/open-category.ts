import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a topic's category is active. An admin deactivates a category to take it out of the forums,
 * so each way to a topic (opening it, its replies, replying, saving, marking it read, search) asks this.
 */
export const inOpenCategory = (categoryId: SQL): SQL =>
  sql`exists (select 1 from forum_categories c where c.id = ${categoryId} and c.is_active)`;
