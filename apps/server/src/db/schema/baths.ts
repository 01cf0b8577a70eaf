import { BATH_CAUTIONS, BATH_INGREDIENT_KINDS, BATH_INTENTIONS } from '@lunara/shared/baths';
import { MOON_PHASE_KEYS } from '@lunara/shared/rituals';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, type PgColumn, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';
import { posts } from './community.ts';
import { rituals } from './rituals.ts';

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** Every element of a text[] column is one of the shared constant's values. */
const arrayWithin = (column: PgColumn, values: readonly string[]) =>
  sql`${column} <@ array[${sql.raw(values.map(quote).join(', '))}]::text[]`;

/** The spiritual bath builder's ingredients (issue 29): seeded, then the owner's to edit. */
export const bathIngredients = pgTable(
  'bath_ingredients',
  {
    id: id(),
    kind: text('kind').notNull(),
    name: text('name').notNull().unique(),
    properties: text('properties').notNull(),
    amount: text('amount').notNull(),
    caution: text('caution').notNull().default(''),
    cautionTags: text('caution_tags').array().notNull().default(sql`'{}'::text[]`),
    intentions: text('intentions').array().notNull(),
    moonPhases: text('moon_phases').array().notNull(),
    /** Inactive: no longer offered; recipes saved with it keep their copy. */
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped by every admin save: a save carrying an older one is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('bath_ingredients_kind_check', t.kind, BATH_INGREDIENT_KINDS),
    check('bath_ingredients_caution_tags_check', arrayWithin(t.cautionTags, BATH_CAUTIONS)),
    check('bath_ingredients_intentions_check', arrayWithin(t.intentions, BATH_INTENTIONS)),
    check('bath_ingredients_moon_phases_check', arrayWithin(t.moonPhases, MOON_PHASE_KEYS)),
    index('bath_ingredients_kind_name_idx').on(t.kind, t.name),
  ],
);

/**
 * A bath a member saved: the recipe as the server built it, kept with the own ritual it created (so a
 * later catalog edit never rewrites it); it goes with that ritual.
 */
export const savedBaths = pgTable(
  'saved_baths',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ritualId: uuid('ritual_id')
      .notNull()
      .unique()
      .references(() => rituals.id, { onDelete: 'cascade' }),
    intention: text('intention').notNull(),
    moonPhase: text('moon_phase').notNull(),
    /** The built recipe (packages/shared/src/baths.ts `BathRecipe`). */
    recipe: jsonb('recipe').notNull(),
    sharedPostId: uuid('shared_post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('saved_baths_intention_check', t.intention, BATH_INTENTIONS),
    checkIn('saved_baths_moon_phase_check', t.moonPhase, MOON_PHASE_KEYS),
    index('saved_baths_user_created_idx').on(t.userId, t.createdAt),
    // A post's deletion sets shared_post_id to null: without an index that would read every bath.
    index('saved_baths_shared_post_idx').on(t.sharedPostId),
  ],
);
