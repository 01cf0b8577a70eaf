import { moonPhaseInfo } from '@lunara/shared/moon';
import { Link } from 'react-router';
import { LocalDate } from '../../../components/local-date.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useSavedBaths } from '../api/saved-baths.ts';

/** Her saved baths, newest first, each opening its printable recipe. */
export function SavedBathsList() {
  const baths = useSavedBaths();
  const list = baths.data?.baths ?? [];
  if (list.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl text-night-900">Your saved baths</h2>
      <ul className="flex flex-col divide-y divide-line">
        {list.map((bath) => (
          <li key={bath.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <Link
              to={paths.bathRecipe.getHref(bath.id)}
              className="min-w-0 font-semibold text-rose-700 underline-offset-4 [overflow-wrap:anywhere] hover:underline pointer-coarse:py-3"
            >
              <span aria-hidden="true">{moonPhaseInfo(bath.recipe.moonPhase).emoji}</span> {bath.recipe.title}
            </Link>
            <span className="text-ink-muted">
              <LocalDate date={new Date(bath.createdAt)} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
