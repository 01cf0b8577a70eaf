import { MOON_PHASES, moonPhaseInfo } from '@lunara/shared/moon';
import type { JournalEntry } from '@lunara/shared/ritual-journal';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { localDateFormat } from '../../../lib/local-format.ts';
import { useJournal } from '../api/journal.ts';
import { dayTitle } from './calendar-dates.ts';
import { JournalEntryDialog } from './journal-entry-dialog.tsx';
import { PracticeCalendar } from './practice-calendar.tsx';

const ALL = 'all';
const PHASE_FILTER = [
  { value: ALL, label: 'All moon phases' },
  ...MOON_PHASES.map((phase) => ({ value: phase.key, label: `${phase.emoji} ${phase.name}` })),
];

/** Energy as five dots, read out as "Energy 4 of 5". */
function EnergyMeter({ level }: { level: number }) {
  return (
    <span role="img" aria-label={`Energy ${level} of 5`} className="inline-flex items-center gap-0.5">
      <span className="mr-1 text-xs text-ink-muted">Energy</span>
      {[1, 2, 3, 4, 5].map((dot) => (
        <span
          key={dot}
          className={dot <= level ? 'size-2 rounded-full bg-gold-500' : 'size-2 rounded-full border border-gold-500'}
        />
      ))}
    </span>
  );
}

function EntryItem({ entry }: { entry: JournalEntry }) {
  const [isEditing, setIsEditing] = useState(false);
  const phase = moonPhaseInfo(entry.moonPhase);
  const time = localDateFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(entry.completedAt));
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold text-night-900 [overflow-wrap:anywhere]">{entry.ritualTitle}</h4>
          <p className="text-xs text-ink-muted">
            <span aria-hidden="true">{phase.emoji}</span> {phase.name} · {time}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Edit your entry for ${entry.ritualTitle}`}
          onClick={() => setIsEditing(true)}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {entry.moodAfter && (
          <Badge tone="rose" className="capitalize">
            {entry.moodAfter}
          </Badge>
        )}
        <EnergyMeter level={entry.energyLevel} />
      </div>
      {entry.notes && <p className="text-sm whitespace-pre-line text-ink [overflow-wrap:anywhere]">{entry.notes}</p>}
      <Dialog open={isEditing} onOpenChange={setIsEditing}>
        {isEditing && <JournalEntryDialog entry={entry} onDone={() => setIsEditing(false)} />}
      </Dialog>
    </li>
  );
}

function JournalList({ phase }: { phase: MoonPhaseKey | undefined }) {
  const journal = useJournal(phase);
  if (journal.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (journal.isError) return <LoadError message="Failed to load your journal" query={journal} />;
  const entries = journal.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        {phase
          ? `No rituals under the ${moonPhaseInfo(phase).name} yet.`
          : 'Your journal is empty. Complete a ritual and your mood, energy and notes will appear here.'}
      </p>
    );
  }
  // Her own days, as they were when she completed each ritual; newest first.
  const days: Array<{ date: string; entries: JournalEntry[] }> = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last?.date === entry.localDate) last.entries.push(entry);
    else days.push({ date: entry.localDate, entries: [entry] });
  }
  return (
    <div className="flex flex-col gap-5">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`journal-day-${day.date}`} className="flex flex-col gap-2">
          <h3 id={`journal-day-${day.date}`} className="text-base font-semibold text-rose-700">
            {dayTitle(day.date)}
          </h3>
          <ul className="flex flex-col gap-2">
            {day.entries.map((entry) => (
              <EntryItem key={entry.id} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
      {journal.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={journal.isFetchingNextPage}
          onClick={() => journal.fetchNextPage()}
        >
          {journal.isFetchingNextPage ? 'Loading...' : 'Show earlier entries'}
        </Button>
      )}
    </div>
  );
}

/** Her ritual journal (only she sees it) beside her month of practice and streaks. */
export function JournalSection() {
  const id = useId();
  const [phase, setPhase] = useState<string>(ALL);
  return (
    <section aria-labelledby="journal-title" className="flex flex-col gap-4">
      <div>
        <h2 id="journal-title" className="text-2xl text-night-900">
          Your Ritual Journal
        </h2>
        <p className="text-sm text-ink-muted">Only you can see your journal.</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <Card className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-2 sm:max-w-xs">
            <Label htmlFor={`${id}-phase`}>Moon phase</Label>
            <Select id={`${id}-phase`} value={phase} onValueChange={setPhase} options={PHASE_FILTER} />
          </div>
          <JournalList phase={phase === ALL ? undefined : (phase as MoonPhaseKey)} />
        </Card>
        <PracticeCalendar />
      </div>
    </section>
  );
}
