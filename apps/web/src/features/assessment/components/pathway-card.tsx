import { Compass, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LocalDate } from '../../../components/local-date.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyPathway } from '../api/assessment.ts';
import { useClaimAssessment } from '../hooks/use-claim-assessment.ts';
import { PathwaySteps } from './pathway-steps.tsx';

/**
 * The dashboard's pathway: her latest result with her progress along it, a retake, and the dates of her
 * earlier results. Before she has taken the assessment, the way to it. A result she got as a visitor in
 * this browser is claimed here first.
 */
export function PathwayCard() {
  useClaimAssessment(true);
  const pathway = useMyPathway();
  const current = pathway.data?.current;
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-5" aria-busy={pathway.isPending}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-2xl text-night-900">
          <Compass className="size-6 text-rose-600" aria-hidden="true" /> Your Pathway
        </h2>
        {current && (
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.assessment.getHref()}>
              <RotateCcw className="size-4" aria-hidden="true" /> Retake the assessment
            </Link>
          </Button>
        )}
      </div>
      {pathway.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : pathway.isError ? (
        <LoadError message="Failed to load your pathway" query={pathway} />
      ) : !current ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink-muted">
            Answer a few gentle questions and get a plan of courses, circles and rituals chosen for where you are now.
          </p>
          <Button asChild variant="gold">
            <Link to={paths.assessment.getHref()}>Take the assessment</Link>
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-ink-muted">
                {current.steps.filter((step) => step.done).length} of {current.steps.length} steps done
              </span>
              <span className="font-semibold">{current.percent}%</span>
            </div>
            <Progress value={current.percent} label="Pathway progress" />
          </div>
          <PathwaySteps steps={current.steps} showProgress />
          <p className="text-sm text-ink-muted">
            From your assessment of <LocalDate date={new Date(current.createdAt)} />.
          </p>
          {pathway.data.history.length > 0 && (
            <details className="text-sm text-ink-muted">
              <summary className="cursor-pointer font-medium text-ink">
                Earlier results ({pathway.data.history.length})
              </summary>
              <ul className="mt-2 flex flex-col gap-1 pl-4">
                {pathway.data.history.map((entry) => (
                  <li key={entry.id}>
                    <LocalDate date={new Date(entry.createdAt)} />: {entry.stepCount}{' '}
                    {entry.stepCount === 1 ? 'step' : 'steps'}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </Card>
  );
}
