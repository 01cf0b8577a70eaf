import { moonPhaseInfo } from './moon.ts';
import type { MoonPhaseKey } from './rituals.ts';

/**
 * The spiritual bath builder (issue 29): one pure function that turns an intention, a moon phase and a
 * few catalog ingredients into a bath ritual. The page runs it for the live preview; the server runs it
 * again from the ingredient ids on save, so a saved ritual never carries text the browser wrote.
 */

export const BATH_INGREDIENT_KINDS = ['salt', 'herb', 'flower', 'oil', 'crystal'] as const;
export type BathIngredientKind = (typeof BATH_INGREDIENT_KINDS)[number];

export const BATH_INTENTIONS = ['release', 'love', 'protection', 'abundance', 'clarity', 'rest'] as const;
export type BathIntention = (typeof BATH_INTENTIONS)[number];

/** Cautions the builder turns into warnings, each written as a caution and never as a medical claim. */
export const BATH_CAUTIONS = ['skin_sensitising', 'pregnancy', 'water_sensitive'] as const;
export type BathCaution = (typeof BATH_CAUTIONS)[number];

/** The course the builder belongs to (courses.slug): its page links to the builder. */
export const BATH_COURSE_SLUG = 'spiritual-baths';

/** One bath holds at most this many ingredients: a recipe, not the whole cupboard. */
export const BATH_INGREDIENTS_PER_BATH_MAX = 8;
/** The catalog the owner edits holds at most this many (every list read back is bounded). */
export const BATH_CATALOG_MAX = 100;
/** A member keeps at most this many saved baths. */
export const SAVED_BATHS_MAX = 100;

export const BATH_KIND_LABELS: Record<BathIngredientKind, { one: string; many: string }> = {
  salt: { one: 'Salt', many: 'Salts' },
  herb: { one: 'Herb', many: 'Herbs' },
  flower: { one: 'Flower', many: 'Flowers' },
  oil: { one: 'Oil', many: 'Oils' },
  crystal: { one: 'Crystal', many: 'Crystals' },
};

export const BATH_CAUTION_LABELS: Record<BathCaution, string> = {
  skin_sensitising: 'Can irritate skin',
  pregnancy: 'Avoid during pregnancy',
  water_sensitive: 'Do not soak',
};

export interface BathIntentionInfo {
  key: BathIntention;
  label: string;
  description: string;
  affirmation: string;
  /** The last step in the water, in the intention's own words. */
  closing: string;
}

export const BATH_INTENTION_INFO: readonly BathIntentionInfo[] = [
  {
    key: 'release',
    label: 'Release',
    description: 'letting go of what no longer serves you',
    affirmation: 'I release what is not mine to carry. I am light, I am free, I am enough.',
    closing: 'Pull the plug while you are still in the bath and picture what you release draining away with the water.',
  },
  {
    key: 'love',
    label: 'Love',
    description: 'opening your heart to love, beginning with your own',
    affirmation: 'I am worthy of love. I give it freely and I receive it with an open heart.',
    closing: 'Place both hands on your heart and name three things you love about yourself.',
  },
  {
    key: 'protection',
    label: 'Protection',
    description: 'strengthening your boundaries and your energy',
    affirmation: 'I am safe. My boundaries are clear and my energy is my own.',
    closing: 'Picture a circle of soft light around your body that stays with you as you step out.',
  },
  {
    key: 'abundance',
    label: 'Abundance',
    description: 'welcoming prosperity and gratitude',
    affirmation: 'I am open to abundance. What I need flows to me with ease, and I give thanks.',
    closing: 'Name three things you are grateful for, and one you are ready to receive.',
  },
  {
    key: 'clarity',
    label: 'Clarity',
    description: 'clearing the mind and hearing your inner voice',
    affirmation: 'My mind is clear and my intuition is strong. I trust what I know.',
    closing: 'Ask yourself one question, then rest in silence and notice the first answer that comes.',
  },
  {
    key: 'rest',
    label: 'Rest',
    description: 'deep rest for body and spirit',
    affirmation: 'I am allowed to rest. My body is safe, my mind is quiet, and all is well.',
    closing: 'Let your body grow heavy in the water and lengthen each exhale for ten breaths.',
  },
];

export function bathIntentionInfo(key: BathIntention): BathIntentionInfo {
  const info = BATH_INTENTION_INFO.find((intention) => intention.key === key);
  if (!info) throw new Error(`Unknown bath intention ${key}`);
  return info;
}

/** What the builder needs to know of an ingredient (the catalog's own fields). */
export interface BathIngredientInput {
  id: string;
  kind: BathIngredientKind;
  name: string;
  properties: string;
  /** How much one bath takes, as the owner writes it ("2 cups", "3 drops"). */
  amount: string;
  /** The owner's own words of caution ('' when none). */
  caution: string;
  cautionTags: readonly BathCaution[];
  intentions: readonly BathIntention[];
  moonPhases: readonly MoonPhaseKey[];
}

export interface BathRecipeIngredient {
  id: string;
  kind: BathIngredientKind;
  name: string;
  amount: string;
  /** Water-sensitive crystals sit beside the bath, out of the water. */
  placement: 'in_water' | 'beside_bath';
}

export interface BathRecipe {
  title: string;
  description: string;
  intention: BathIntention;
  moonPhase: MoonPhaseKey;
  ingredients: BathRecipeIngredient[];
  steps: string[];
  /** Preparation and soak together, in minutes. */
  durationMinutes: number;
  affirmation: string;
  /** Cautions for this recipe, one line each. */
  warnings: string[];
}

export interface BathSelection {
  intention: BathIntention;
  moonPhase: MoonPhaseKey;
  /** In the order she chose them; the recipe lists them by kind. */
  ingredients: readonly BathIngredientInput[];
}

const KIND_ORDER = (kind: BathIngredientKind) => BATH_INGREDIENT_KINDS.indexOf(kind);
const PREPARATION_MINUTES = 10;
const SOAK_MINUTES = 20;
const REST_SOAK_MINUTES = 30;
/** More oils than this in one bath gets a warning: the drops add up on the skin. */
const OILS_BEFORE_WARNING = 3;

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const withAmounts = (items: BathRecipeIngredient[]) => listOf(items.map((item) => `${item.name} (${item.amount})`));

function warningsOf(ingredients: readonly BathIngredientInput[]): string[] {
  const warnings: string[] = [];
  for (const ingredient of ingredients) {
    if (ingredient.cautionTags.includes('skin_sensitising')) {
      warnings.push(
        `${ingredient.name} can irritate or sensitise skin: use no more than ${ingredient.amount}, always diluted, and patch-test on your inner arm first.`,
      );
    }
    if (ingredient.cautionTags.includes('pregnancy')) {
      warnings.push(
        `${ingredient.name} is traditionally avoided during pregnancy: if you are pregnant, leave it out or ask your midwife or doctor first.`,
      );
    }
    if (ingredient.cautionTags.includes('water_sensitive')) {
      warnings.push(`${ingredient.name} is water-sensitive: do not soak it. The recipe places it beside the bath.`);
    }
    if (ingredient.caution) warnings.push(`${ingredient.name}: ${ingredient.caution}`);
  }
  const oils = ingredients.filter((ingredient) => ingredient.kind === 'oil');
  if (oils.length > OILS_BEFORE_WARNING) {
    warnings.push(
      `${oils.length} oils in one bath: keep to about 6 drops in all, or leave one or two out, so the water stays gentle on your skin.`,
    );
  }
  return warnings;
}

function stepsOf(recipe: Omit<BathRecipe, 'steps' | 'warnings' | 'title' | 'description'>, soak: number): string[] {
  const phase = moonPhaseInfo(recipe.moonPhase);
  const intention = bathIntentionInfo(recipe.intention);
  const of = (...kinds: BathIngredientKind[]) =>
    recipe.ingredients.filter((item) => kinds.includes(item.kind) && item.placement === 'in_water');
  const botanicals = of('herb', 'flower');
  const salts = of('salt');
  const oils = of('oil');
  const crystalsIn = of('crystal');
  const crystalsBeside = recipe.ingredients.filter((item) => item.placement === 'beside_bath');

  const steps = [
    'Tidy and cleanse your bathroom, dim the lights, light a candle and put your phone in another room.',
    `Hold your intention under the ${phase.name} (${phase.energy.toLowerCase()}): ${intention.description}.`,
  ];
  if (botanicals.length > 0) {
    steps.push(
      `Steep ${withAmounts(botanicals)} in just-boiled water for 10 minutes, then strain the infusion into the bath (or tie them in a muslin bag) so nothing blocks the drain.`,
    );
  }
  steps.push('Run a warm bath, not hot: it should feel comfortable on your wrist.');
  if (salts.length > 0) steps.push(`Dissolve ${withAmounts(salts)} in the running water.`);
  if (oils.length > 0) {
    steps.push(
      `Mix ${withAmounts(oils)} into a tablespoon of carrier oil or whole milk, then stir it into the water: undiluted oil floats on top and can irritate skin.`,
    );
  }
  if (crystalsIn.length > 0) steps.push(`Place ${listOf(crystalsIn.map((item) => item.name))} in the water.`);
  if (crystalsBeside.length > 0) {
    steps.push(`Set ${listOf(crystalsBeside.map((item) => item.name))} beside the bath, out of the water.`);
  }
  steps.push(
    `Step in and soak for ${soak} minutes, breathing slowly. Say your affirmation three times: “${recipe.affirmation}”`,
    intention.closing,
    'Step out carefully (oils and salts make the bath slippery), pat yourself dry, drink a glass of water and rest.',
  );
  return steps;
}

/**
 * The bath ritual for a selection. Deterministic: the same selection always gives the same recipe, so
 * the preview the member sees is what the server saves.
 */
export function buildBath({ intention, moonPhase, ingredients }: BathSelection): BathRecipe {
  const intentionInfo = bathIntentionInfo(intention);
  const phase = moonPhaseInfo(moonPhase);
  const ordered = [...ingredients].sort((a, b) => KIND_ORDER(a.kind) - KIND_ORDER(b.kind));
  const recipeIngredients: BathRecipeIngredient[] = ordered.map((ingredient) => ({
    id: ingredient.id,
    kind: ingredient.kind,
    name: ingredient.name,
    amount: ingredient.amount,
    placement: ingredient.cautionTags.includes('water_sensitive') ? 'beside_bath' : 'in_water',
  }));
  const soak = intention === 'rest' ? REST_SOAK_MINUTES : SOAK_MINUTES;
  const base = {
    intention,
    moonPhase,
    ingredients: recipeIngredients,
    durationMinutes: PREPARATION_MINUTES + soak,
    affirmation: intentionInfo.affirmation,
  };
  return {
    ...base,
    title: `${intentionInfo.label} Bath for the ${phase.name}`,
    description: `A ${intentionInfo.label.toLowerCase()} bath for ${intentionInfo.description}, with ${listOf(
      recipeIngredients.map((item) => item.name),
    )}.`,
    steps: stepsOf(base, soak),
    warnings: warningsOf(ordered),
  };
}

/** What a ritual's instructions hold at most (createRitualBodySchema). */
export const RITUAL_INSTRUCTIONS_MAX = 5_000;
const CAUTION_LINE_MAX = 240;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The ritual's instructions, one line each (the rituals page shows them as a numbered list), within what a
 * ritual holds: each caution on one line of at most 240 characters, or, when eight long cautions would not
 * fit, one line pointing to the recipe, which keeps every caution in full.
 */
export function bathInstructions(recipe: BathRecipe): string {
  const gather = `Gather: ${listOf(recipe.ingredients.map((item) => `${item.name} (${item.amount})`))}.`;
  const cautions = recipe.warnings.map((warning) => `Caution: ${clip(warning, CAUTION_LINE_MAX)}`);
  const full = [gather, ...cautions, ...recipe.steps].join('\n');
  if (full.length <= RITUAL_INSTRUCTIONS_MAX) return full;
  const pointer = 'Caution: read the cautions on this bath’s recipe before you begin.';
  return clip([gather, pointer, ...recipe.steps].join('\n'), RITUAL_INSTRUCTIONS_MAX);
}

/** How much an ingredient asks care of: a skin irritant most, a pregnancy caution next; out-of-water crystals none. */
const CAUTION_WEIGHT: Record<BathCaution, number> = { skin_sensitising: 2, pregnancy: 1, water_sensitive: 0 };
const harshness = (ingredient: BathIngredientInput) =>
  ingredient.cautionTags.reduce((sum, tag) => sum + CAUTION_WEIGHT[tag], 0);

export interface BathSuggestion {
  ingredient: BathIngredientInput;
  suitsIntention: boolean;
  suitsPhase: boolean;
}

/**
 * Ingredients that suit the intention, those that also suit the phase first and the gentlest (fewest
 * cautions) next: at most `perKind` of each kind and `BATH_INGREDIENTS_PER_BATH_MAX` in all.
 */
export function suggestIngredients(
  catalog: readonly BathIngredientInput[],
  intention: BathIntention,
  moonPhase: MoonPhaseKey,
  perKind = 1,
): BathSuggestion[] {
  const scored = catalog
    .map((ingredient) => ({
      ingredient,
      suitsIntention: ingredient.intentions.includes(intention),
      suitsPhase: ingredient.moonPhases.includes(moonPhase),
    }))
    .filter((entry) => entry.suitsIntention)
    .sort(
      (a, b) =>
        Number(b.suitsPhase) - Number(a.suitsPhase) ||
        harshness(a.ingredient) - harshness(b.ingredient) ||
        a.ingredient.name.localeCompare(b.ingredient.name),
    );
  const taken = new Map<BathIngredientKind, number>();
  const suggestions: BathSuggestion[] = [];
  for (const entry of scored) {
    const count = taken.get(entry.ingredient.kind) ?? 0;
    if (count >= perKind || suggestions.length >= BATH_INGREDIENTS_PER_BATH_MAX) continue;
    taken.set(entry.ingredient.kind, count + 1);
    suggestions.push(entry);
  }
  return suggestions.sort((a, b) => KIND_ORDER(a.ingredient.kind) - KIND_ORDER(b.ingredient.kind));
}
