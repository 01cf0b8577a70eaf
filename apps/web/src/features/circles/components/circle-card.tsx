import type { Circle } from '@lunara/shared/circles';
import { Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../config/paths.ts';
import { CircleMembershipActions } from './circle-membership-actions.tsx';

export const TYPE_LABELS: Record<Circle['type'], string> = {
  open: 'Open',
  specialized: 'Specialized',
  course_aligned: 'Course Aligned',
  private: 'Private',
};

export function CircleCard({ circle }: { circle: Circle }) {
  const isPrivate = circle.type === 'private';
  return (
    <article
      aria-labelledby={`circle-${circle.id}`}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <div className="flex items-center justify-between gap-2">
        <Badge tone={isPrivate ? 'night' : 'rose'}>
          {isPrivate && <Lock className="size-3" aria-hidden="true" />} {TYPE_LABELS[circle.type]}
        </Badge>
        <span className="inline-flex items-center gap-1 text-xs font-medium text-ink-muted">
          <Users className="size-3.5" aria-hidden="true" /> {circle.memberCount}/{circle.maxMembers}
        </span>
      </div>
      <h3 id={`circle-${circle.id}`} className="text-xl text-night-900 [overflow-wrap:anywhere]">
        {/* The circle's own page: its feed, chat, events and members (or, to outsiders, its outside). */}
        <Link
          to={paths.circle.getHref(circle.id)}
          className="hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          {circle.name}
        </Link>
      </h3>
      <p className="flex-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{circle.description}</p>
      <p className="text-xs font-medium text-rose-700 [overflow-wrap:anywhere]">Focus: {circle.focusArea}</p>
      <CircleMembershipActions circle={{ ...circle, isFull: circle.memberCount >= circle.maxMembers }} />
    </article>
  );
}
