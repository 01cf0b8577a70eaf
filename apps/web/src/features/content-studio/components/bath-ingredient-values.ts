import {
  type AdminBathIngredient,
  type CreateBathIngredientBody,
  createBathIngredientBodySchema,
} from '@lunara/shared/bath-schemas';
import type { BathIngredientKind } from '@lunara/shared/baths';
import { fieldErrorsOf } from './ritual-category-form-state.ts';

/**
 * The ingredient form as typed. The lists are kept as comma-joined text in the shared constants' order,
 * so ticking a box and unticking it again leaves the form unchanged (no "discard changes?" for nothing).
 */
export interface BathIngredientFormValues extends Record<string, unknown> {
  kind: BathIngredientKind;
  name: string;
  properties: string;
  amount: string;
  caution: string;
  cautionTags: string;
  intentions: string;
  moonPhases: string;
  isActive: boolean;
}

export const listOf = (joined: string) => (joined ? joined.split(',') : []);

/** `joined` with `value` added or removed, in the order of `all`. */
export const toggleIn = (joined: string, value: string, all: readonly string[]) => {
  const current = new Set(listOf(joined));
  if (current.has(value)) current.delete(value);
  else current.add(value);
  return all.filter((item) => current.has(item)).join(',');
};

export const bathIngredientFormValues = (ingredient?: AdminBathIngredient): BathIngredientFormValues => ({
  kind: ingredient?.kind ?? 'herb',
  name: ingredient?.name ?? '',
  properties: ingredient?.properties ?? '',
  amount: ingredient?.amount ?? '',
  caution: ingredient?.caution ?? '',
  cautionTags: ingredient?.cautionTags.join(',') ?? '',
  intentions: ingredient?.intentions.join(',') ?? '',
  moonPhases: ingredient?.moonPhases.join(',') ?? '',
  isActive: ingredient?.isActive ?? true,
});

/** The form checked with the server's own schema: the body to send, or each field's message. */
export function checkBathIngredientForm(
  values: BathIngredientFormValues,
): { body: CreateBathIngredientBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const parsed = createBathIngredientBodySchema.safeParse({
    ...values,
    cautionTags: listOf(values.cautionTags),
    intentions: listOf(values.intentions),
    moonPhases: listOf(values.moonPhases),
  });
  return parsed.success ? { body: parsed.data } : { errors: fieldErrorsOf(parsed.error) };
}
