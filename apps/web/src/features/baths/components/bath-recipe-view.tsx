import type { SavedBath } from '@lunara/shared/bath-schemas';
import { bathIntentionInfo } from '@lunara/shared/baths';
import { moonPhaseInfo } from '@lunara/shared/moon';
import { Clock, TriangleAlert } from 'lucide-react';
import { useId } from 'react';

type Recipe = SavedBath['recipe'];

/**
 * A bath ritual as she reads it: the builder's live preview and the printed recipe are this one view, so
 * what she saw is what she prints. Ink on white when printed (the print: variants).
 */
export function BathRecipeView({ recipe, as: Heading = 'h2' }: { recipe: Recipe; as?: 'h1' | 'h2' }) {
  const id = useId();
  const phase = moonPhaseInfo(recipe.moonPhase);
  const Sub = Heading === 'h1' ? 'h2' : 'h3';
  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-5 print:gap-4 print:text-black">
      <header className="flex flex-col gap-2">
        <Heading id={`${id}-title`} className="text-2xl text-night-900 [overflow-wrap:anywhere] print:text-black">
          {recipe.title}
        </Heading>
        <p className="text-ink-muted [overflow-wrap:anywhere] print:text-black">{recipe.description}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink print:text-black">
          <span>
            <span aria-hidden="true">{phase.emoji}</span> {phase.name}
          </span>
          <span>Intention: {bathIntentionInfo(recipe.intention).label}</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" /> {recipe.durationMinutes} minutes
          </span>
        </p>
      </header>
      <section aria-labelledby={`${id}-ingredients`} className="flex flex-col gap-2">
        <Sub id={`${id}-ingredients`} className="font-display text-lg text-night-900 print:text-black">
          Ingredients
        </Sub>
        <ul className="flex flex-col gap-1 text-sm [overflow-wrap:anywhere]">
          {recipe.ingredients.map((item) => (
            <li key={item.id} className="flex flex-wrap gap-x-2">
              <span className="font-semibold">{item.name}</span>
              <span className="text-ink-muted print:text-black">
                {item.amount}
                {item.placement === 'beside_bath' ? ' · beside the bath, not in it' : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {recipe.warnings.length > 0 && (
        <section
          aria-labelledby={`${id}-cautions`}
          className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-gold-400/60 bg-gold-300/15 p-4 print:border-black print:bg-white"
        >
          <Sub
            id={`${id}-cautions`}
            className="inline-flex items-center gap-2 font-display text-lg text-night-900 print:text-black"
          >
            <TriangleAlert className="size-5 text-gold-700 print:text-black" aria-hidden="true" /> Cautions
          </Sub>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm [overflow-wrap:anywhere]">
            {recipe.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          <p className="text-xs text-ink-muted print:text-black">
            These are traditional cautions, not medical advice. If you have a health condition, ask your doctor.
          </p>
        </section>
      )}
      <section aria-labelledby={`${id}-steps`} className="flex flex-col gap-2">
        <Sub id={`${id}-steps`} className="font-display text-lg text-night-900 print:text-black">
          Steps
        </Sub>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm [overflow-wrap:anywhere]">
          {recipe.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <blockquote className="rounded-[var(--radius-control)] bg-night-900 p-4 font-display text-lg text-moon-50 print:border print:border-black print:bg-white print:text-black">
        <span className="sr-only">Affirmation: </span>“{recipe.affirmation}”
      </blockquote>
    </article>
  );
}
