import type { LessonState } from '@lunara/shared/courses';
import { CalendarClock, CheckCircle2, Lock, PlayCircle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const ICONS = {
  complete: { Icon: CheckCircle2, tone: 'text-success' },
  available: { Icon: PlayCircle, tone: 'text-rose-600' },
  locked: { Icon: Lock, tone: 'text-ink-muted/60' },
  scheduled: { Icon: CalendarClock, tone: 'text-gold-500' },
  members_only: { Icon: Lock, tone: 'text-ink-muted/60' },
} as const satisfies Record<LessonState, unknown>;

/** A lesson's state at a glance (decorative: the row says it in words too). */
export function LessonStateIcon({ state, className }: { state: LessonState; className?: string }) {
  const { Icon, tone } = ICONS[state];
  return <Icon aria-hidden="true" className={cn('shrink-0', tone, className)} />;
}
