import type { PathwayStep } from '@lunara/shared/assessment';
import { BookOpen, CheckCircle2, Moon, PlayCircle, Users } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';

const ICONS = { course: BookOpen, lesson: PlayCircle, circle: Users, ritual: Moon } as const;
const KIND_LABEL = { course: 'Course', lesson: 'Lesson', circle: 'Circle', ritual: 'Ritual' } as const;

/** What she has done of a step, in words (the figure alone means little for a circle). */
function progressText(step: PathwayStep): string | null {
  if (step.done) return step.kind === 'circle' ? 'Joined' : step.kind === 'ritual' ? 'Practised' : 'Complete';
  if (step.kind === 'circle' && step.percent > 0) return 'Request sent';
  if (step.kind === 'course' && step.percent > 0) return `${step.percent}% complete`;
  return null;
}

/**
 * Her pathway in order: courses with their chosen lessons set in beneath them, then circles, then rituals,
 * each with the owner's reason. `showProgress` is for a member's own pathway (a visitor's has none yet).
 */
export function PathwaySteps({ steps, showProgress }: { steps: PathwayStep[]; showProgress: boolean }) {
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step, index) => {
        const Icon = step.done && showProgress ? CheckCircle2 : ICONS[step.kind];
        const progress = showProgress ? progressText(step) : null;
        return (
          <li
            key={step.itemId}
            className={cn(
              'flex min-w-0 gap-3 rounded-[var(--radius-control)] border border-line bg-white p-4',
              step.kind === 'lesson' && 'ml-6 sm:ml-10',
              step.done && showProgress && 'border-gold-400/60 bg-moon-100',
            )}
          >
            <Icon
              className={cn('mt-0.5 size-5 shrink-0', step.done && showProgress ? 'text-gold-700' : 'text-rose-600')}
              aria-hidden="true"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                <span className="sr-only">Step {index + 1}: </span>
                {KIND_LABEL[step.kind]}
                {step.courseTitle && <span className="normal-case"> in {step.courseTitle}</span>}
              </p>
              <Link
                to={step.href}
                className="font-medium [overflow-wrap:anywhere] text-night-900 underline-offset-2 hover:underline"
              >
                {step.title}
              </Link>
              <p className="text-sm [overflow-wrap:anywhere] text-ink-muted">{step.reason}</p>
              {progress && <p className="text-sm font-medium text-gold-700">{progress}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
