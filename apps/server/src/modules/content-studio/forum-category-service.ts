import type { ForumIcon } from '@lunara/shared/community';
import {
  type AdminForumCategory,
  CONTENT_MESSAGES,
  type CreateForumCategoryBody,
  FORUM_CATEGORIES_MAX,
  type UpdateForumCategoryBody,
} from '@lunara/shared/content-studio';
import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { forumCategories, forumTopics } from '../../db/schema/forums.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { conflict, notFound, versionConflict } from '../../errors.ts';
import { counterValue } from '../admin/maintained-totals.ts';
import { slugBase } from './forum-category-slug.ts';
import { namesEachOnce, placeAfterLast } from './list-order.ts';

const columns = {
  id: forumCategories.id,
  name: forumCategories.name,
  description: forumCategories.description,
  icon: forumCategories.icon,
  color: forumCategories.color,
  isActive: forumCategories.isActive,
  version: forumCategories.version,
  // The same maintained total the forums page shows, not a count over every topic.
  topicCount: sql<number>`${counterValue(sql`'forum_topics:' || ${forumCategories.id}`)}`.mapWith(Number),
};

type CategoryRow = {
  id: string;
  name: string;
  description: string;
  icon: string;
  color: string;
  isActive: boolean;
  version: number;
  topicCount: number;
};
const toAdminCategory = (row: CategoryRow): AdminForumCategory => ({ ...row, icon: row.icon as ForumIcon });

/** Every category, hidden ones included, in the forums' order. */
export async function listForumCategories(db: Db): Promise<AdminForumCategory[]> {
  const rows = await db
    .select(columns)
    .from(forumCategories)
    .orderBy(asc(forumCategories.orderIndex), asc(forumCategories.name))
    .limit(builderLimit(FORUM_CATEGORIES_MAX));
  return rows.map(toAdminCategory);
}

async function readCategory(db: Db, categoryId: string): Promise<AdminForumCategory> {
  const [row] = await db.select(columns).from(forumCategories).where(eq(forumCategories.id, categoryId));
  if (!row) throw notFound(CONTENT_MESSAGES.categoryNotFound);
  return toAdminCategory(row);
}

const audit = (db: Db, actorId: string, action: string, categoryId: string, details: Record<string, unknown>) =>
  db.insert(auditLog).values({ actorId, action, targetType: 'forum_category', targetId: categoryId, details });

/** The first free slug of `base`, `base-2`, `base-3`... among those taken now. */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: forumCategories.slug })
        .from(forumCategories)
        .where(or(eq(forumCategories.slug, base), like(forumCategories.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  let n = 1;
  while (taken.has(n === 1 ? base : `${base}-${n}`)) n++;
  return n === 1 ? base : `${base}-${n}`;
}

/** A new category, last in the order, with a slug of its own made from its name. */
export async function createForumCategory(
  db: Db,
  actorId: string,
  body: CreateForumCategoryBody,
): Promise<AdminForumCategory> {
  const base = slugBase(body.name);
  // Two admins adding the same name at once: the loser of the unique slug tries the next free one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(db, base);
    const id = await db.transaction(async (tx) => {
      await assertRoomFor(tx, forumCategories, undefined, FORUM_CATEGORIES_MAX, CONTENT_MESSAGES.tooManyCategories);
      const [created] = await tx
        .insert(forumCategories)
        .values({
          slug,
          name: body.name,
          description: body.description,
          icon: body.icon,
          color: body.color,
          isActive: body.isActive ?? true,
          orderIndex: placeAfterLast(forumCategories, forumCategories.orderIndex),
        })
        .onConflictDoNothing({ target: forumCategories.slug })
        .returning({ id: forumCategories.id });
      if (created) await audit(tx, actorId, 'forum_category.create', created.id, { name: body.name });
      return created?.id;
    });
    if (id) return readCategory(db, id);
  }
  throw conflict('Another category was being added with this name. Try again.');
}

/** An edit made from `version` (see updateRitualTemplate): a stale one is a 409, never an overwrite. */
export async function updateForumCategory(
  db: Db,
  actorId: string,
  categoryId: string,
  { version, ...fields }: UpdateForumCategoryBody,
): Promise<AdminForumCategory> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(forumCategories)
      .set({
        name: fields.name,
        description: fields.description,
        icon: fields.icon,
        color: fields.color,
        isActive: fields.isActive ?? true,
        version: sql`${forumCategories.version} + 1`,
      })
      .where(and(eq(forumCategories.id, categoryId), eq(forumCategories.version, version)))
      .returning({ id: forumCategories.id });
    if (!updated) {
      const [exists] = await tx
        .select({ id: forumCategories.id })
        .from(forumCategories)
        .where(eq(forumCategories.id, categoryId));
      throw exists ? versionConflict(CONTENT_MESSAGES.versionConflict) : notFound(CONTENT_MESSAGES.categoryNotFound);
    }
    await audit(tx, actorId, 'forum_category.update', categoryId, { name: fields.name });
  });
  return readCategory(db, categoryId);
}

/**
 * Deletes an empty category. Its row is locked first: a topic being started in it at the same moment
 * either lands before (and the delete is refused) or fails on the missing category, never vanishes.
 */
export async function deleteForumCategory(db: Db, actorId: string, categoryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: forumCategories.id, name: forumCategories.name })
      .from(forumCategories)
      .where(eq(forumCategories.id, categoryId))
      .for('update');
    if (!category) throw notFound(CONTENT_MESSAGES.categoryNotFound);
    const [topic] = await tx
      .select({ id: forumTopics.id })
      .from(forumTopics)
      .where(eq(forumTopics.categoryId, categoryId))
      .limit(1);
    if (topic) throw conflict(CONTENT_MESSAGES.categoryHasTopics);
    await tx.delete(forumCategories).where(eq(forumCategories.id, categoryId));
    await audit(tx, actorId, 'forum_category.delete', categoryId, { name: category.name });
  });
}

/**
 * The forums' order, every category exactly once. The rows are locked first, so a category added or
 * deleted meanwhile makes the list differ (409) rather than leave it out of the order.
 */
export async function reorderForumCategories(db: Db, actorId: string, categoryIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: forumCategories.id, name: forumCategories.name })
      .from(forumCategories)
      .orderBy(asc(forumCategories.id))
      .for('update');
    if (
      !namesEachOnce(
        categoryIds,
        existing.map((row) => row.id),
      )
    ) {
      throw versionConflict(CONTENT_MESSAGES.orderMismatch);
    }
    const positions = sql.join(
      categoryIds.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${forumCategories} set order_index = v.position
          from (values ${positions}) as v(id, position) where ${forumCategories.id} = v.id`,
    );
    const first = existing.find((row) => row.id === categoryIds[0]);
    await audit(tx, actorId, 'forum_category.reorder', categoryIds[0] ?? '', {
      name: first?.name ?? '',
      order: categoryIds.map((id) => existing.find((row) => row.id === id)?.name ?? ''),
    });
  });
}
