import { Bath } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';

/** On the Spiritual Baths course: the way to the builder, where the lessons become her own recipe. */
export function BathBuilderCard() {
  return (
    <Card className="flex flex-col gap-3 bg-moon-100 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Bath className="mt-1 size-6 shrink-0 text-rose-700" aria-hidden="true" />
        <div>
          <h2 className="text-xl text-night-900">Build your own bath</h2>
          <p className="text-sm text-ink-muted">
            Choose an intention, the moon and your ingredients: the builder writes the ritual, with amounts, steps,
            cautions and an affirmation.
          </p>
        </div>
      </div>
      <Link to={paths.bathBuilder.getHref()} className={buttonClasses('gold', 'md')}>
        Open the bath builder
      </Link>
    </Card>
  );
}
