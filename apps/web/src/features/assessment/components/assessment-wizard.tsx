import type { AssessmentAnswers, PublicAssessment } from '@lunara/shared/assessment';
import { ArrowLeft, ArrowRight, Sparkles } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * One question at a time, with Back and Next; her answers stay as she moves (and when a send fails).
 * The last Next sends them all. Each question is a fieldset of radios (one answer) or checkboxes (several).
 */
export function AssessmentWizard({
  assessment,
  isSending,
  error,
  onSubmit,
}: {
  assessment: PublicAssessment;
  isSending: boolean;
  error: string | null;
  onSubmit: (answers: AssessmentAnswers) => void;
}) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<AssessmentAnswers>({});
  const [unanswered, setUnanswered] = useState(false);
  const legendRef = useRef<HTMLLegendElement>(null);
  const id = useId();
  const total = assessment.questions.length;
  const question = assessment.questions[Math.min(index, total - 1)];
  const isLast = index >= total - 1;

  // Moving between questions takes focus to the new one, so a screen reader reads it out.
  const goTo = (to: number) => {
    setIndex(to);
    requestAnimationFrame(() => legendRef.current?.focus());
  };

  if (!question) return null;
  const chosen = answers[question.id] ?? [];
  const choose = (optionId: string, checked: boolean) => {
    setUnanswered(false);
    setAnswers((current) => {
      const before = current[question.id] ?? [];
      const next = question.multiple
        ? checked
          ? [...before.filter((chosenId) => chosenId !== optionId), optionId]
          : before.filter((chosenId) => chosenId !== optionId)
        : [optionId];
      return { ...current, [question.id]: next };
    });
  };
  const next = () => {
    if (chosen.length === 0) {
      setUnanswered(true);
      return;
    }
    if (isLast) onSubmit(answers);
    else goTo(index + 1);
  };

  return (
    <form
      className="flex flex-col gap-6"
      aria-busy={isSending}
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-ink-muted" aria-live="polite">
          Question {index + 1} of {total}
        </p>
        <Progress value={Math.round((index / total) * 100)} label="Assessment progress" />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={unanswered ? `${id}-unanswered` : undefined}>
        <legend
          ref={legendRef}
          tabIndex={-1}
          className="mb-3 font-display text-2xl [overflow-wrap:anywhere] text-night-900 outline-none sm:text-3xl"
        >
          {question.prompt}
        </legend>
        <p className="-mt-2 text-sm text-ink-muted">
          {question.multiple ? 'Choose all that are true for you.' : 'Choose one.'}
        </p>
        {question.options.map((option) => {
          const isChosen = chosen.includes(option.id);
          return (
            <label
              key={option.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border bg-white p-4 transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-500',
                isChosen ? 'border-rose-500 bg-rose-300/10' : 'border-line hover:border-gold-400',
              )}
            >
              <input
                type={question.multiple ? 'checkbox' : 'radio'}
                name={`${id}-${question.id}`}
                value={option.id}
                checked={isChosen}
                className="size-4 shrink-0 accent-rose-600"
                onChange={(event) => choose(option.id, event.target.checked)}
              />
              <span className="[overflow-wrap:anywhere] text-ink">{option.label}</span>
            </label>
          );
        })}
      </fieldset>
      {unanswered && (
        <p id={`${id}-unanswered`} role="alert" className="text-sm font-medium text-rose-700">
          {question.multiple ? 'Choose at least one answer to go on.' : 'Choose an answer to go on.'}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          type="button"
          variant="ghost"
          disabled={index === 0 || isSending}
          onClick={() => {
            setUnanswered(false);
            goTo(index - 1);
          }}
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back
        </Button>
        <Button type="submit" variant={isLast ? 'gold' : 'primary'} disabled={isSending}>
          {isLast ? (
            <>
              <Sparkles className="size-4" aria-hidden="true" />{' '}
              {isSending ? 'Finding your pathway...' : 'See my pathway'}
            </>
          ) : (
            <>
              Next <ArrowRight className="size-4" aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
