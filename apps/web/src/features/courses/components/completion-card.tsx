import type { CourseDetail } from '@lunara/shared/courses';
import { formatCount } from '@lunara/shared/plural';
import { Award, Download, PartyPopper } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

/** The certificate card; at 100% it becomes the congratulations card with the download. */
export function CompletionCard({ course }: { course: CourseDetail }) {
  const isComplete = course.progressPercent === 100;
  return (
    <Card
      className={cn(
        'flex flex-col items-start gap-3',
        isComplete && 'border-gold-400 bg-gradient-to-br from-white to-gold-300/30 shadow-glow',
      )}
    >
      {isComplete ? (
        <>
          <PartyPopper className="size-8 text-rose-600" aria-hidden="true" />
          <h2 className="text-2xl text-night-900 [overflow-wrap:anywhere]">
            Congratulations, you completed {course.title}!
          </h2>
          <p className="text-ink-muted">Honour this milestone: your certificate is ready.</p>
        </>
      ) : (
        <>
          <Award className="size-8 text-gold-500" aria-hidden="true" />
          <h2 className="text-2xl text-night-900">Your certificate</h2>
          <p className="text-ink-muted">
            Complete all {formatCount(course.lessonCount, 'lesson')} to earn your certificate of completion.
          </p>
        </>
      )}
      {isComplete ? (
        <a href={`/api/courses/${course.id}/certificate`} download className={buttonClasses('gold')}>
          <Download className="size-4" aria-hidden="true" /> Download Certificate
        </a>
      ) : (
        <button type="button" disabled className={buttonClasses('outline')}>
          <Download className="size-4" aria-hidden="true" /> Download Certificate
        </button>
      )}
    </Card>
  );
}
