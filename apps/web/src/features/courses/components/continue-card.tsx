import { PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useContinueLearning } from '../api/get-continue.ts';

/**
 * "Continue where you left off": the next lesson of the course she was last in (the video resumes at
 * its saved position on the lesson page). A placeholder while it loads; nothing once nothing is under way.
 */
export function ContinueCard() {
  const query = useContinueLearning();
  if (query.isPending) {
    return (
      <Card className="flex flex-col gap-3" aria-busy="true" aria-label="Continue where you left off">
        <Skeleton className="h-7 w-64 max-w-full" />
        <Skeleton className="h-5 w-80 max-w-full" />
        <Skeleton className="h-2.5 w-full rounded-full" />
        <Skeleton className="h-11 w-32" />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <LoadError message="Failed to load where you left off" query={query} />
      </Card>
    );
  }
  const next = query.data.next;
  if (!next) return null;
  return (
    <Card className="flex flex-col gap-4" aria-labelledby="continue-title">
      <div className="flex flex-col gap-1">
        <h2 id="continue-title" className="text-2xl text-night-900">
          Continue where you left off
        </h2>
        <p className="font-medium [overflow-wrap:anywhere] text-ink">{next.courseTitle}</p>
        <p className="[overflow-wrap:anywhere] text-ink-muted">
          Lesson {next.lessonPosition} of {next.lessonCount}: {next.lessonTitle}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Progress value={next.progressPercent} label={`${next.courseTitle} progress`} />
        <span className="text-sm font-semibold">{next.progressPercent}%</span>
      </div>
      <Button asChild variant="gold" className="self-start">
        <Link to={paths.lesson.getHref(next.courseId, next.lessonId)} aria-label={`Continue: ${next.lessonTitle}`}>
          <PlayCircle className="size-4" aria-hidden="true" /> Continue
        </Link>
      </Button>
    </Card>
  );
}
