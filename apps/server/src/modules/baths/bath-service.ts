import {
  BATH_MESSAGES,
  type BathCatalog,
  type CreateBathBody,
  type SavedBath,
  type ShareBathBody,
} from '@lunara/shared/bath-schemas';
import { BATH_CATALOG_MAX, type BathRecipe, bathInstructions, buildBath, SAVED_BATHS_MAX } from '@lunara/shared/baths';
import { createPostBodySchema, POST_CONTENT_MAX, type Post } from '@lunara/shared/feed';
import { moonPhaseInfo } from '@lunara/shared/moon';
import { createRitualBodySchema } from '@lunara/shared/ritual-schemas';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { bathIngredients, savedBaths } from '../../db/schema/baths.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { getPost, insertPost } from '../feed/post-service.ts';
import { getMoon } from '../rituals/moon-service.ts';
import { createOwnRitual } from '../rituals/ritual-service.ts';
import { bathIngredientOf } from './bath-ingredient-rows.ts';

type SavedBathRow = typeof savedBaths.$inferSelect;

const savedBathOf = (row: SavedBathRow): SavedBath => ({
  id: row.id,
  ritualId: row.ritualId,
  recipe: row.recipe as BathRecipe,
  sharedPostId: row.sharedPostId,
  createdAt: row.createdAt.toISOString(),
});

/** The ingredients on offer (by kind, then name) and tonight's phase, the builder's default. */
export async function getBathCatalog(db: Db, now = new Date()): Promise<BathCatalog> {
  const rows = await db
    .select()
    .from(bathIngredients)
    .where(eq(bathIngredients.isActive, true))
    .orderBy(asc(bathIngredients.kind), asc(bathIngredients.name))
    .limit(builderLimit(BATH_CATALOG_MAX));
  return { tonight: getMoon(now).phase, ingredients: rows.map(bathIngredientOf) };
}

/**
 * Saves a bath as one of her own rituals. The recipe is built here again from the catalog's rows (never
 * from text the browser sent), with the rituals module's own creation and its limits; the ingredients
 * are share-locked so an admin's edit lands before or after, never half-way.
 */
export async function createBath(db: Db, userId: string, body: CreateBathBody): Promise<SavedBath> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(bathIngredients)
      .where(inArray(bathIngredients.id, body.ingredientIds))
      .for('share');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const chosen = body.ingredientIds.map((id) => {
      const row = byId.get(id);
      if (!row) throw badRequest(BATH_MESSAGES.unknownIngredient);
      if (!row.isActive) throw badRequest(`${row.name} is no longer offered. Remove it and choose again.`);
      return bathIngredientOf(row);
    });
    await assertRoomFor(tx, savedBaths, eq(savedBaths.userId, userId), SAVED_BATHS_MAX, BATH_MESSAGES.tooManyBaths);

    const recipe = buildBath({ intention: body.intention, moonPhase: body.moonPhase, ingredients: chosen });
    const ritual = await createOwnRitual(
      tx,
      userId,
      createRitualBodySchema.parse({
        title: recipe.title,
        description: recipe.description,
        instructions: bathInstructions(recipe),
        durationMinutes: recipe.durationMinutes,
        moonPhase: recipe.moonPhase,
      }),
    );
    const [saved] = await tx
      .insert(savedBaths)
      .values({ userId, ritualId: ritual.id, intention: recipe.intention, moonPhase: recipe.moonPhase, recipe })
      .returning();
    if (!saved) throw new Error('The bath was not saved');
    return savedBathOf(saved);
  });
}

/** Her saved baths, newest first (at most SAVED_BATHS_MAX exist). */
export async function listBaths(db: Db, userId: string): Promise<SavedBath[]> {
  const rows = await db
    .select()
    .from(savedBaths)
    .where(eq(savedBaths.userId, userId))
    .orderBy(desc(savedBaths.createdAt), desc(savedBaths.id))
    .limit(builderLimit(SAVED_BATHS_MAX));
  return rows.map(savedBathOf);
}

/** One of her baths; another member's is "not found" (never "forbidden": its existence is hers). */
export async function getBath(db: Db, userId: string, bathId: string): Promise<SavedBath> {
  const [row] = await db
    .select()
    .from(savedBaths)
    .where(and(eq(savedBaths.id, bathId), eq(savedBaths.userId, userId)));
  if (!row) throw notFound(BATH_MESSAGES.bathNotFound);
  return savedBathOf(row);
}

/** The post's text: her note, then the recipe (within the feed's own limit). */
export function bathPostContent(recipe: BathRecipe, note: string): string {
  const phase = moonPhaseInfo(recipe.moonPhase);
  const lines = [
    ...(note ? [note, ''] : []),
    `${phase.emoji} ${recipe.title}`,
    '',
    'Ingredients:',
    ...recipe.ingredients.map((item) => `• ${item.name}: ${item.amount}`),
    '',
    ...recipe.steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Affirmation: “${recipe.affirmation}”`,
    ...(recipe.warnings.length > 0 ? ['', ...recipe.warnings.map((warning) => `Caution: ${warning}`)] : []),
  ];
  return lines.join('\n').slice(0, POST_CONTENT_MAX);
}

/**
 * Shares a bath to the feed through the feed's own post creation (its limits and its +10 points). The
 * bath row is locked, so two shares at once make one post; a bath whose post was deleted may be shared again.
 */
export async function shareBath(db: Db, userId: string, bathId: string, body: ShareBathBody): Promise<Post> {
  const postId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(savedBaths)
      .where(and(eq(savedBaths.id, bathId), eq(savedBaths.userId, userId)))
      .for('update');
    if (!row) throw notFound(BATH_MESSAGES.bathNotFound);
    if (row.sharedPostId) throw conflict(BATH_MESSAGES.alreadyShared);
    const recipe = row.recipe as BathRecipe;
    const created = await insertPost(
      tx,
      userId,
      createPostBodySchema.parse({
        title: recipe.title,
        content: bathPostContent(recipe, body.note ?? ''),
        category: 'rituals',
      }),
    );
    await tx.update(savedBaths).set({ sharedPostId: created }).where(eq(savedBaths.id, bathId));
    return created;
  });
  // Her own post on the main feed (no circle), read as its author sees it.
  return getPost(db, { id: userId, role: 'user' }, postId);
}
