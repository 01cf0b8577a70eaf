import { DAILY_RITUAL_GOAL, moonPhaseInfo, OTHER_PRACTICES_MAX } from '@lunara/shared/moon';
import { Bath, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useRitualsToday } from '../../features/rituals/api/rituals.ts';
import { JournalSection } from '../../features/rituals/components/journal-section.tsx';
import { MoonCard } from '../../features/rituals/components/moon-card.tsx';
import { OwnRitualForm } from '../../features/rituals/components/own-ritual-form.tsx';
import { RitualCard } from '../../features/rituals/components/ritual-card.tsx';
import { useErrorToast } from '../../lib/use-error-toast.ts';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function RitualsPage() {
  const today = useRitualsToday();
  const [isAdding, setIsAdding] = useState(false);
  useErrorToast(today.error, 'Failed to load rituals');
  if (today.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (today.isError) return <LoadError message="Failed to load rituals" query={today} />;
  const { moon, rituals, completedToday } = today.data;
  const phase = moonPhaseInfo(moon.phase);
  const done = new Set(completedToday.map((completion) => completion.ritualId));
  const aligned = rituals.filter((ritual) => ritual.moonPhase === moon.phase);
  // Her own rituals first, so that the limit of six never hides them.
  const others = rituals
    .filter((ritual) => ritual.moonPhase !== moon.phase)
    .sort((a, b) => Number(b.isMine) - Number(a.isMine))
    .slice(0, OTHER_PRACTICES_MAX);
  const progress = Math.min(100, Math.round((completedToday.length / DAILY_RITUAL_GOAL) * 100));

  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl text-night-900 sm:text-4xl">Daily Sacred Rituals</h1>
          <p className="mt-1 text-ink-muted">Practices aligned with the moon, one breath at a time.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.bathBuilder.getHref()} className={buttonClasses('outline')}>
            <Bath className="size-4" aria-hidden="true" /> Build a spiritual bath
          </Link>
          <Button variant="outline" onClick={() => setIsAdding(true)}>
            <Plus className="size-4" aria-hidden="true" /> Add your own ritual
          </Button>
        </div>
      </header>
      <MoonCard moon={moon} />
      <Card className="flex flex-col gap-4">
        <h2 className="text-2xl text-night-900">Today's Sacred Practice</h2>
        <div className="flex items-center gap-3">
          <Progress value={progress} label="Today's rituals" />
          <span className="shrink-0 text-sm font-semibold">
            {completedToday.length}/{DAILY_RITUAL_GOAL}
          </span>
        </div>
        {completedToday.length === 0 ? (
          <p className="text-sm text-ink-muted">No ritual yet today. Choose one below to begin.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm [overflow-wrap:anywhere]">
            {completedToday.map((completion) => (
              <li key={completion.id} className="flex items-center gap-2">
                <Sparkles className="size-4 text-gold-500" aria-hidden="true" /> {completion.ritualTitle}
                <span className="text-ink-muted">· day {completion.streakCount} in a row</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <section aria-labelledby="aligned-title" className="flex flex-col gap-4">
        <h2 id="aligned-title" className="text-2xl text-night-900">
          Aligned with the {phase.name}
        </h2>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {aligned.map((ritual) => (
            <RitualCard key={ritual.id} ritual={ritual} isCompleted={done.has(ritual.id)} />
          ))}
        </div>
      </section>
      <Card className="flex flex-col gap-3">
        <h2 className="text-2xl text-night-900">{phase.name} Guidance</h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {phase.guidance.map((tip) => (
            <li key={tip} className="flex items-start gap-2 text-ink">
              <span aria-hidden="true">{phase.emoji}</span> {tip}
            </li>
          ))}
        </ul>
      </Card>
      <section aria-labelledby="other-title" className="flex flex-col gap-4">
        <h2 id="other-title" className="text-2xl text-night-900">
          Other Sacred Practices
        </h2>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((ritual) => (
            <RitualCard key={ritual.id} ritual={ritual} isCompleted={done.has(ritual.id)} />
          ))}
        </div>
      </section>
      <JournalSection />
      <Dialog open={isAdding} onOpenChange={setIsAdding}>
        <DialogContent
          title="Add your own ritual"
          description="Only you will see it, alongside the rituals of the Sisterhood."
        >
          <OwnRitualForm defaultPhase={moon.phase} onDone={() => setIsAdding(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

export function Component() {
  return (
    <RequireMembership area="members">
      <MemberPage>
        <RitualsPage />
      </MemberPage>
    </RequireMembership>
  );
}
