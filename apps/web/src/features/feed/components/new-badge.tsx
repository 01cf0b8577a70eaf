import { Badge } from '../../../components/ui/badge.tsx';

/** A post shared since her previous visit. */
export function NewBadge() {
  return (
    <Badge tone="bright" className="shrink-0 whitespace-nowrap" data-testid="new-post-badge">
      New<span className="sr-only"> since your last visit</span>
    </Badge>
  );
}
