import { describe, expect, it } from 'vitest';
import { type BathIngredientInput, bathInstructions, buildBath, suggestIngredients } from './baths.ts';
import { createRitualBodySchema } from './ritual-schemas.ts';

const ingredient = (overrides: Partial<BathIngredientInput> & Pick<BathIngredientInput, 'name' | 'kind'>) =>
  ({
    id: overrides.name.toLowerCase().replaceAll(' ', '-'),
    properties: 'Properties',
    amount: '1 cup',
    caution: '',
    cautionTags: [],
    intentions: ['release'],
    moonPhases: ['full_moon'],
    ...overrides,
  }) satisfies BathIngredientInput;

const epsom = ingredient({ name: 'Epsom salt', kind: 'salt', amount: '2 cups' });
const lavender = ingredient({ name: 'Lavender buds', kind: 'flower', amount: '2 tablespoons' });
const clarySage = ingredient({ name: 'Clary sage oil', kind: 'oil', amount: '3 drops', cautionTags: ['pregnancy'] });
const cinnamon = ingredient({ name: 'Cinnamon oil', kind: 'oil', amount: '1 drop', cautionTags: ['skin_sensitising'] });
const selenite = ingredient({
  name: 'Selenite',
  kind: 'crystal',
  amount: '1 wand',
  cautionTags: ['water_sensitive'],
  caution: 'It dissolves.',
});
const roseQuartz = ingredient({ name: 'Rose quartz', kind: 'crystal', amount: '1 stone', intentions: ['love'] });

describe('buildBath', () => {
  const recipe = buildBath({
    intention: 'release',
    moonPhase: 'waning_crescent',
    ingredients: [selenite, clarySage, lavender, epsom],
  });

  it('lists the ingredients by kind with their amounts, and names the bath by intention and phase', () => {
    expect(recipe.title).toBe('Release Bath for the Waning Crescent');
    expect(recipe.ingredients.map((item) => [item.name, item.amount])).toEqual([
      ['Epsom salt', '2 cups'],
      ['Lavender buds', '2 tablespoons'],
      ['Clary sage oil', '3 drops'],
      ['Selenite', '1 wand'],
    ]);
    expect(recipe.durationMinutes).toBe(30);
    expect(recipe.affirmation).toMatch(/I release/);
  });

  it('keeps water-sensitive crystals out of the water and dilutes oils', () => {
    expect(recipe.ingredients.find((item) => item.name === 'Selenite')?.placement).toBe('beside_bath');
    expect(recipe.steps.join('\n')).toContain('Set Selenite beside the bath, out of the water.');
    expect(recipe.steps.join('\n')).not.toMatch(/Place Selenite in the water/);
    expect(recipe.steps.join('\n')).toMatch(/Clary sage oil \(3 drops\) into a tablespoon of carrier oil/);
  });

  it('writes cautions as cautions: pregnancy, skin sensitising, water-sensitive and the owner’s own words', () => {
    const warnings = buildBath({
      intention: 'love',
      moonPhase: 'full_moon',
      ingredients: [cinnamon, clarySage, selenite],
    }).warnings.join('\n');
    expect(warnings).toMatch(/Clary sage oil is traditionally avoided during pregnancy/);
    expect(warnings).toMatch(/Cinnamon oil can irritate or sensitise skin: use no more than 1 drop/);
    expect(warnings).toMatch(/Selenite is water-sensitive: do not soak it/);
    expect(warnings).toMatch(/Selenite: It dissolves\./);
    expect(warnings).not.toMatch(/cure|heal|treat/i);
  });

  it('warns when many oils add up', () => {
    const oils = ['A', 'B', 'C', 'D'].map((name) => ingredient({ name: `${name} oil`, kind: 'oil' }));
    expect(buildBath({ intention: 'rest', moonPhase: 'new_moon', ingredients: oils }).warnings.at(-1)).toMatch(
      /4 oils in one bath/,
    );
  });

  it('is deterministic, and the ritual it makes passes the rituals’ own limits', () => {
    const again = buildBath({
      intention: 'release',
      moonPhase: 'waning_crescent',
      ingredients: [epsom, lavender, clarySage, selenite],
    });
    expect(again).toEqual(recipe);
    const eight = Array.from({ length: 8 }, (_, index) =>
      ingredient({ name: `${'Long name '.repeat(6)}${index}`.slice(0, 60), kind: 'herb', amount: 'x'.repeat(40) }),
    );
    const big = buildBath({ intention: 'abundance', moonPhase: 'first_quarter', ingredients: eight });
    const parsed = createRitualBodySchema.safeParse({
      title: big.title,
      description: big.description,
      instructions: bathInstructions(big),
      durationMinutes: big.durationMinutes,
      moonPhase: big.moonPhase,
    });
    expect(parsed.success).toBe(true);

    // Eight oils, each with the longest caution the studio takes and both tagged cautions (found by a probe:
    // the instructions ran past 5,000 characters).
    const cautious = Array.from({ length: 8 }, (_, index) =>
      ingredient({
        name: `Oil ${index}`,
        kind: 'oil',
        amount: '1 drop',
        caution: 'c'.repeat(485),
        cautionTags: ['skin_sensitising', 'pregnancy'],
      }),
    );
    const oily = buildBath({ intention: 'love', moonPhase: 'full_moon', ingredients: cautious });
    const instructions = bathInstructions(oily);
    expect(instructions.length).toBeLessThanOrEqual(5_000);
    expect(instructions).toContain('Caution:');
    expect(oily.warnings.some((warning) => warning.includes('c'.repeat(485)))).toBe(true);
    const oilyRitual = createRitualBodySchema.safeParse({
      title: oily.title,
      description: oily.description,
      instructions,
      durationMinutes: oily.durationMinutes,
      moonPhase: oily.moonPhase,
    });
    expect(oilyRitual.success).toBe(true);
  });
});

describe('suggestIngredients', () => {
  it('suggests what suits the intention, the phase first, one per kind, the gentlest first', () => {
    const onPhase = ingredient({ name: 'Sea salt', kind: 'salt', moonPhases: ['waning_crescent'] });
    const suggestions = suggestIngredients(
      [epsom, onPhase, lavender, clarySage, cinnamon, roseQuartz],
      'release',
      'waning_crescent',
    );
    expect(suggestions.map((entry) => entry.ingredient.name)).toEqual(['Sea salt', 'Lavender buds', 'Clary sage oil']);
    expect(suggestions[0]).toMatchObject({ suitsIntention: true, suitsPhase: true });
  });
});
