import { Lock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

/** "Circle only": an event only its circle's members (and staff) see. */
export function CircleOnlyBadge() {
  return (
    <Badge tone="night">
      <Lock className="size-3" aria-hidden="true" /> Circle only
    </Badge>
  );
}
