import type { BathIngredient } from '@lunara/shared/bath-schemas';
import {
  BATH_CAUTION_LABELS,
  BATH_INGREDIENT_KINDS,
  BATH_INGREDIENTS_PER_BATH_MAX,
  BATH_KIND_LABELS,
} from '@lunara/shared/baths';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

/** The catalog by kind, each ingredient a checkbox with its properties, its cautions and whether it suits. */
export function IngredientPicker({
  ingredients,
  selected,
  suggested,
  suitsPhase,
  onToggle,
}: {
  ingredients: BathIngredient[];
  selected: readonly string[];
  /** Ingredient ids the builder suggests for this intention and phase. */
  suggested: ReadonlySet<string>;
  /** Whether an ingredient suits the chosen phase. */
  suitsPhase: (ingredient: BathIngredient) => boolean;
  onToggle: (ingredientId: string) => void;
}) {
  const isFull = selected.length >= BATH_INGREDIENTS_PER_BATH_MAX;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-ink-muted" aria-live="polite">
        {selected.length} of {BATH_INGREDIENTS_PER_BATH_MAX} ingredients chosen
        {isFull ? ': remove one to choose another.' : '.'}
      </p>
      {BATH_INGREDIENT_KINDS.map((kind) => {
        const ofKind = ingredients.filter((ingredient) => ingredient.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <fieldset key={kind} className="flex flex-col gap-2">
            <legend className="mb-1 font-display text-lg text-night-900">{BATH_KIND_LABELS[kind].many}</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {ofKind.map((ingredient) => {
                const isChecked = selected.includes(ingredient.id);
                const inputId = `bath-ingredient-${ingredient.id}`;
                return (
                  <li key={ingredient.id}>
                    <label
                      htmlFor={inputId}
                      className={cn(
                        'flex h-full cursor-pointer gap-3 rounded-[var(--radius-control)] border p-3 text-sm',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-700',
                        isChecked ? 'border-night-900 bg-moon-100' : 'border-line bg-white',
                        !isChecked && isFull && 'cursor-not-allowed opacity-60',
                      )}
                    >
                      <input
                        id={inputId}
                        type="checkbox"
                        checked={isChecked}
                        disabled={!isChecked && isFull}
                        onChange={() => onToggle(ingredient.id)}
                        className="mt-0.5 size-4 shrink-0 accent-night-900"
                      />
                      <span className="flex min-w-0 flex-col gap-1 [overflow-wrap:anywhere]">
                        <span className="font-semibold text-ink">
                          {ingredient.name} <span className="font-normal text-ink-muted">· {ingredient.amount}</span>
                        </span>
                        <span className="text-ink-muted">{ingredient.properties}</span>
                        <span className="flex flex-wrap gap-1">
                          {suggested.has(ingredient.id) && <Badge tone="gold">Suggested</Badge>}
                          {!suggested.has(ingredient.id) && suitsPhase(ingredient) && <Badge>Suits this moon</Badge>}
                          {ingredient.cautionTags.map((tag) => (
                            <Badge key={tag} tone="rose">
                              {BATH_CAUTION_LABELS[tag]}
                            </Badge>
                          ))}
                        </span>
                        {ingredient.caution && <span className="text-xs text-rose-700">{ingredient.caution}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
