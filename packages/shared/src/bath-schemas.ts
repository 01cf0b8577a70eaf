import { z } from 'zod';
import {
  BATH_CATALOG_MAX,
  BATH_CAUTIONS,
  BATH_INGREDIENT_KINDS,
  BATH_INGREDIENTS_PER_BATH_MAX,
  BATH_INTENTIONS,
} from './baths.ts';
import { MOON_PHASE_KEYS } from './rituals.ts';
import { multiLineText, optionalMultiLineText, singleLineText } from './text.ts';

export const BATH_MESSAGES = {
  unknownIngredient: 'One of the ingredients is not in the catalog. Reload the page and choose again.',
  ingredientNotFound: 'Ingredient not found',
  bathNotFound: 'This bath does not exist',
  tooManyBaths: 'You can keep at most 100 saved baths.',
  tooManyIngredients: `The catalog holds at most ${BATH_CATALOG_MAX} ingredients. Remove one first.`,
  duplicateName: 'An ingredient with this name already exists',
  alreadyShared: 'You have already shared this bath',
  versionConflict:
    'Someone else saved changes here while you were editing. Reload to see their version, then make your changes again.',
} as const;

const kind = z.enum(BATH_INGREDIENT_KINDS, { message: 'Choose a kind of ingredient' });
const intention = z.enum(BATH_INTENTIONS, { message: 'Choose an intention' });
const moonPhase = z.enum(MOON_PHASE_KEYS, { message: 'Choose a moon phase' });

/** An ingredient as the builder shows it. */
export const bathIngredientSchema = z.object({
  id: z.string(),
  kind: z.enum(BATH_INGREDIENT_KINDS),
  name: z.string(),
  properties: z.string(),
  amount: z.string(),
  caution: z.string(),
  cautionTags: z.array(z.enum(BATH_CAUTIONS)),
  intentions: z.array(z.enum(BATH_INTENTIONS)),
  moonPhases: z.array(z.enum(MOON_PHASE_KEYS)),
});
export type BathIngredient = z.infer<typeof bathIngredientSchema>;

export const bathCatalogSchema = z.object({
  /** Tonight's phase, the builder's default. */
  tonight: z.enum(MOON_PHASE_KEYS),
  ingredients: z.array(bathIngredientSchema),
});
export type BathCatalog = z.infer<typeof bathCatalogSchema>;

export const bathRecipeSchema = z.object({
  title: z.string(),
  description: z.string(),
  intention: z.enum(BATH_INTENTIONS),
  moonPhase: z.enum(MOON_PHASE_KEYS),
  ingredients: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(BATH_INGREDIENT_KINDS),
      name: z.string(),
      amount: z.string(),
      placement: z.enum(['in_water', 'beside_bath']),
    }),
  ),
  steps: z.array(z.string()),
  durationMinutes: z.number().int(),
  affirmation: z.string(),
  warnings: z.array(z.string()),
});

export const savedBathSchema = z.object({
  id: z.string(),
  ritualId: z.string(),
  recipe: bathRecipeSchema,
  /** The feed post she shared it as (null until shared, or once that post is deleted). */
  sharedPostId: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedBath = z.infer<typeof savedBathSchema>;
export const savedBathListSchema = z.object({ baths: z.array(savedBathSchema) });
export type SavedBathList = z.infer<typeof savedBathListSchema>;

const ingredientIds = z
  .array(z.uuid(BATH_MESSAGES.unknownIngredient), { message: 'Choose at least one ingredient' })
  .min(1, 'Choose at least one ingredient')
  .max(BATH_INGREDIENTS_PER_BATH_MAX, `A bath holds at most ${BATH_INGREDIENTS_PER_BATH_MAX} ingredients`)
  .refine((ids) => new Set(ids).size === ids.length, 'Choose each ingredient once');

export const createBathBodySchema = z.object({ intention, moonPhase, ingredientIds });
export type CreateBathBody = z.infer<typeof createBathBodySchema>;

export const shareBathBodySchema = z.object({
  /** A few words of her own above the recipe. */
  note: optionalMultiLineText(1000, 'Your note').optional(),
});
export type ShareBathBody = z.infer<typeof shareBathBodySchema>;

// ---- The owner's catalog (Content Studio) ----

export const adminBathIngredientSchema = bathIngredientSchema.extend({
  /** Inactive ingredients stay in saved recipes but are no longer offered. */
  isActive: z.boolean(),
  version: z.number().int(),
});
export type AdminBathIngredient = z.infer<typeof adminBathIngredientSchema>;
export const adminBathIngredientListSchema = z.object({ ingredients: z.array(adminBathIngredientSchema) });
export type AdminBathIngredientList = z.infer<typeof adminBathIngredientListSchema>;

const eachOnce = <T extends z.ZodType>(item: T, min: number, message: string) =>
  z
    .array(item, { message })
    .min(min, message)
    .refine((values) => new Set(values).size === values.length, 'Choose each one once');

const RELOAD = 'Reload the page and try again';
const ingredientFields = {
  kind,
  name: singleLineText(60, 'Give the ingredient a name', 'The name'),
  properties: multiLineText(500, 'Describe its properties', 'The properties'),
  amount: singleLineText(40, 'Say how much one bath takes', 'The amount'),
  caution: optionalMultiLineText(500, 'The caution').default(''),
  cautionTags: eachOnce(z.enum(BATH_CAUTIONS, { message: 'Choose a listed caution' }), 0, 'Choose the cautions'),
  intentions: eachOnce(intention, 1, 'Choose at least one intention it suits'),
  moonPhases: eachOnce(moonPhase, 1, 'Choose at least one moon phase it suits'),
  isActive: z.boolean({ message: 'Say whether it is offered' }).default(true),
};
export const createBathIngredientBodySchema = z.object(ingredientFields);
export type CreateBathIngredientBody = z.input<typeof createBathIngredientBodySchema>;
export const updateBathIngredientBodySchema = z.object({
  version: z.number({ message: RELOAD }).int(RELOAD).min(1, RELOAD).max(2_147_483_647, RELOAD),
  ...ingredientFields,
});
export type UpdateBathIngredientBody = z.input<typeof updateBathIngredientBodySchema>;
