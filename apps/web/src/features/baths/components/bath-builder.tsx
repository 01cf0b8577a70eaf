import type { BathCatalog, SavedBath } from '@lunara/shared/bath-schemas';
import { type BathIntention, buildBath, suggestIngredients } from '@lunara/shared/baths';
import { MOON_PHASES } from '@lunara/shared/moon';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useCreateBath } from '../api/saved-baths.ts';
import { BathRecipeView } from './bath-recipe-view.tsx';
import { IngredientPicker } from './ingredient-picker.tsx';
import { IntentionPicker } from './intention-picker.tsx';
import { SavedBathActions } from './saved-bath-actions.tsx';

const PHASE_OPTIONS = MOON_PHASES.map((phase) => ({ value: phase.key, label: `${phase.emoji} ${phase.name}` }));

/**
 * Intention, phase (tonight's by default) and ingredients, with the recipe previewed live by the same
 * function the server saves with; Save sends only the choices.
 */
export function BathBuilder({ catalog }: { catalog: BathCatalog }) {
  const [intention, setIntention] = useState<BathIntention>('release');
  const [moonPhase, setMoonPhase] = useState<MoonPhaseKey>(catalog.tonight);
  const [selected, setSelected] = useState<string[]>([]);
  const [saved, setSaved] = useState<SavedBath | null>(null);
  const [error, setError] = useState<string>();
  const create = useCreateBath();
  const submitOnce = useSubmitOnce();

  const suggestions = useMemo(
    () => suggestIngredients(catalog.ingredients, intention, moonPhase),
    [catalog.ingredients, intention, moonPhase],
  );
  const suggested = useMemo(() => new Set(suggestions.map((entry) => entry.ingredient.id)), [suggestions]);
  const chosen = selected.flatMap((id) => catalog.ingredients.find((ingredient) => ingredient.id === id) ?? []);
  const recipe = chosen.length > 0 ? buildBath({ intention, moonPhase, ingredients: chosen }) : null;

  // A change after saving starts a new bath: the saved one stays in her rituals.
  const change =
    <T,>(apply: (value: T) => void) =>
    (value: T) => {
      apply(value);
      setSaved(null);
      setError(undefined);
    };
  const toggle = change((ingredientId: string) =>
    setSelected((current) =>
      current.includes(ingredientId) ? current.filter((id) => id !== ingredientId) : [...current, ingredientId],
    ),
  );

  function save() {
    const key = submitOnce.begin();
    if (!key) return;
    setError(undefined);
    create.mutate(
      { body: { intention, moonPhase, ingredientIds: chosen.map((ingredient) => ingredient.id) }, idempotencyKey: key },
      {
        onSuccess: (bath) => {
          submitOnce.succeeded();
          setSaved(bath);
          toast.success('Your bath was saved to your rituals');
        },
        onError: (failure) => setError(failure.message),
        onSettled: submitOnce.settled,
      },
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="flex flex-col gap-6">
        <IntentionPicker value={intention} onChange={change(setIntention)} />
        <div className="flex flex-col gap-2 sm:max-w-xs">
          <Label htmlFor="bath-moon-phase">Moon phase</Label>
          <Select
            id="bath-moon-phase"
            value={moonPhase}
            onValueChange={change((phase: string) => setMoonPhase(phase as MoonPhaseKey))}
            options={PHASE_OPTIONS.map((option) =>
              option.value === catalog.tonight ? { ...option, label: `${option.label} (tonight)` } : option,
            )}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl text-night-900">Ingredients</h2>
          <Button
            variant="outline"
            size="sm"
            disabled={suggestions.length === 0}
            onClick={() => change(setSelected)(suggestions.map((entry) => entry.ingredient.id))}
          >
            <Sparkles className="size-4" aria-hidden="true" /> Use the suggestions
          </Button>
        </div>
        {recipe && (
          // On a phone the ritual is below the whole catalog: one tap takes her there.
          <a href="#bath-preview" className="text-sm text-rose-700 underline underline-offset-4 lg:hidden">
            See your bath ritual and save it
          </a>
        )}
        <IngredientPicker
          ingredients={catalog.ingredients}
          selected={selected}
          suggested={suggested}
          suitsPhase={(ingredient) => ingredient.moonPhases.includes(moonPhase)}
          onToggle={toggle}
        />
      </Card>
      <Card id="bath-preview" className="flex scroll-mt-20 flex-col gap-5 lg:sticky lg:top-20">
        {recipe ? (
          <BathRecipeView recipe={recipe} />
        ) : (
          <p className="text-ink-muted">Choose at least one ingredient to see your bath ritual here.</p>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        {saved ? (
          <SavedBathActions bath={saved} />
        ) : (
          <Button disabled={!recipe || create.isPending} onClick={save}>
            {create.isPending ? 'Saving...' : 'Save to my rituals'}
          </Button>
        )}
      </Card>
    </div>
  );
}
