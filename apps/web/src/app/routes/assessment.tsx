import type { PathwayResult } from '@lunara/shared/assessment';
import { Compass, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAssessment, useSubmitAssessment } from '../../features/assessment/api/assessment.ts';
import { AssessmentWizard } from '../../features/assessment/components/assessment-wizard.tsx';
import { PathwaySteps } from '../../features/assessment/components/pathway-steps.tsx';
import { CourseFrame } from '../course-frame.tsx';
import { useMembership } from '../hooks/use-membership.ts';

/** Her pathway, just worked out: what to do with it depends on whether she has an account yet. */
function PathwayOutcome({ result, onRetake }: { result: PathwayResult; onRetake: () => void }) {
  const { user } = useMembership();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 className="text-3xl text-night-900">Your pathway</h2>
        <p className="text-ink-muted">
          Chosen from your answers: start at the top and go at your own pace. Each step says why it is here.
        </p>
      </div>
      <PathwaySteps steps={result.steps} showProgress={Boolean(user)} />
      {user ? (
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="primary">
            <Link to={paths.dashboard.getHref()}>Follow it from your dashboard</Link>
          </Button>
          <Button variant="ghost" onClick={onRetake}>
            <RotateCcw className="size-4" aria-hidden="true" /> Retake the assessment
          </Button>
        </div>
      ) : (
        <Card className="flex flex-col gap-3 border-gold-400/60 bg-moon-100">
          <h3 className="text-xl text-night-900">Keep your pathway</h3>
          <p className="text-ink-muted">
            Create your free account and your pathway is waiting on your dashboard, with your progress along it.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="gold">
              <Link to={paths.auth.getHref('signup')}>Create your free account</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.auth.getHref()}>I have an account</Link>
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}

function AssessmentPage() {
  const assessment = useAssessment();
  const submit = useSubmitAssessment();
  // A new wizard (fresh answers) for each taking.
  const [round, setRound] = useState(0);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-rose-700 uppercase">
          <Compass className="size-4" aria-hidden="true" /> Self-assessment
        </p>
        <h1 className="text-3xl text-night-900 sm:text-4xl">Find your pathway</h1>
        <p className="text-ink-muted">
          A few gentle questions about where you are and what you seek. Your answers shape a plan of courses, circles
          and rituals made for you.
        </p>
      </header>
      <Card>
        {assessment.isPending ? (
          <Spinner className="size-6 text-gold-500" />
        ) : assessment.isError ? (
          <LoadError message="Failed to load the assessment" query={assessment} />
        ) : submit.data ? (
          <PathwayOutcome
            result={submit.data.result}
            onRetake={() => {
              submit.reset();
              setRound(round + 1);
            }}
          />
        ) : (
          <AssessmentWizard
            key={round}
            assessment={assessment.data}
            isSending={submit.isPending}
            error={submit.error?.message ?? null}
            onSubmit={(answers) => submit.mutate(answers)}
          />
        )}
      </Card>
    </div>
  );
}

export function Component() {
  return (
    <CourseFrame>
      <AssessmentPage />
    </CourseFrame>
  );
}
