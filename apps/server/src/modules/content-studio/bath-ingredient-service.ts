import {
  type AdminBathIngredient,
  BATH_MESSAGES,
  type CreateBathIngredientBody,
  type UpdateBathIngredientBody,
} from '@lunara/shared/bath-schemas';
import { BATH_CATALOG_MAX } from '@lunara/shared/baths';
import { and, asc, eq, sql } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { bathIngredients } from '../../db/schema/baths.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { conflict, notFound, versionConflict } from '../../errors.ts';
import { type BathIngredientRow, bathIngredientOf } from '../baths/bath-ingredient-rows.ts';

type IngredientFields = Omit<UpdateBathIngredientBody, 'version'>;

const toAdmin = (row: BathIngredientRow): AdminBathIngredient => ({
  ...bathIngredientOf(row),
  isActive: row.isActive,
  version: row.version,
});

/** The columns a save writes (the schema's defaults already applied by zod). */
const columnsOf = (fields: IngredientFields) => ({
  kind: fields.kind,
  name: fields.name,
  properties: fields.properties,
  amount: fields.amount,
  caution: fields.caution ?? '',
  cautionTags: [...fields.cautionTags],
  intentions: [...fields.intentions],
  moonPhases: [...fields.moonPhases],
  isActive: fields.isActive ?? true,
});

const audit = (db: Db, actorId: string, action: string, id: string, name: string) =>
  db.insert(auditLog).values({ actorId, action, targetType: 'bath_ingredient', targetId: id, details: { name } });

/** A taken name is a clear 409 rather than the unique key's database error. */
async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: bathIngredients.id })
    .from(bathIngredients)
    .where(sql`lower(${bathIngredients.name}) = lower(${name})`)
    .limit(1);
  if (taken && taken.id !== exceptId) throw conflict(BATH_MESSAGES.duplicateName);
}

/** Every ingredient, offered or not, by kind then name. */
export async function listBathIngredients(db: Db): Promise<AdminBathIngredient[]> {
  const rows = await db
    .select()
    .from(bathIngredients)
    .orderBy(asc(bathIngredients.kind), asc(bathIngredients.name))
    .limit(builderLimit(BATH_CATALOG_MAX));
  return rows.map(toAdmin);
}

export async function createBathIngredient(
  db: Db,
  actorId: string,
  fields: CreateBathIngredientBody,
): Promise<AdminBathIngredient> {
  return db.transaction(async (tx) => {
    // Creates take this lock one at a time, so the cap and the name check are exact.
    await tx.execute(sql`lock table ${bathIngredients} in share row exclusive mode`);
    await assertRoomFor(tx, bathIngredients, undefined, BATH_CATALOG_MAX, BATH_MESSAGES.tooManyIngredients);
    await assertNameFree(tx, fields.name);
    const [created] = await tx
      .insert(bathIngredients)
      .values(columnsOf(fields as IngredientFields))
      .returning();
    if (!created) throw new Error('The ingredient was not saved');
    await audit(tx, actorId, 'bath_ingredient.create', created.id, created.name);
    return toAdmin(created);
  });
}

/** An edit made from `version`: a save from an older one is refused (409) instead of overwriting. */
export async function updateBathIngredient(
  db: Db,
  actorId: string,
  ingredientId: string,
  { version, ...fields }: UpdateBathIngredientBody,
): Promise<AdminBathIngredient> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${bathIngredients} in share row exclusive mode`);
    await assertNameFree(tx, fields.name, ingredientId);
    const [updated] = await tx
      .update(bathIngredients)
      .set({ ...columnsOf(fields), version: sql`${bathIngredients.version} + 1` })
      .where(and(eq(bathIngredients.id, ingredientId), eq(bathIngredients.version, version)))
      .returning();
    if (!updated) {
      const [exists] = await tx
        .select({ id: bathIngredients.id })
        .from(bathIngredients)
        .where(eq(bathIngredients.id, ingredientId));
      throw exists ? versionConflict(BATH_MESSAGES.versionConflict) : notFound(BATH_MESSAGES.ingredientNotFound);
    }
    await audit(tx, actorId, 'bath_ingredient.update', ingredientId, updated.name);
    return toAdmin(updated);
  });
}

/** Deletes an ingredient: saved baths keep their own copy of the recipe, so nothing else changes. */
export async function deleteBathIngredient(db: Db, actorId: string, ingredientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(bathIngredients)
      .where(eq(bathIngredients.id, ingredientId))
      .returning({ id: bathIngredients.id, name: bathIngredients.name });
    if (!deleted) throw notFound(BATH_MESSAGES.ingredientNotFound);
    await audit(tx, actorId, 'bath_ingredient.delete', ingredientId, deleted.name);
  });
}
