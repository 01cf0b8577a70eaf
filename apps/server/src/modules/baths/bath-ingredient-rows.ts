import type { BathIngredient } from '@lunara/shared/bath-schemas';
import type { BathCaution, BathIngredientKind, BathIntention } from '@lunara/shared/baths';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import type { bathIngredients } from '../../db/schema/baths.ts';

export type BathIngredientRow = typeof bathIngredients.$inferSelect;

/** An ingredient as the builder and the studio show it (the CHECK constraints keep the arrays to the shared lists). */
export const bathIngredientOf = (row: BathIngredientRow): BathIngredient => ({
  id: row.id,
  kind: row.kind as BathIngredientKind,
  name: row.name,
  properties: row.properties,
  amount: row.amount,
  caution: row.caution,
  cautionTags: row.cautionTags as BathCaution[],
  intentions: row.intentions as BathIntention[],
  moonPhases: row.moonPhases as MoonPhaseKey[],
});
