import { moonPhaseInfo, RITUAL_POINTS } from '@lunara/shared/moon';
import type { Ritual } from '@lunara/shared/ritual-schemas';
import { ENERGY_DEFAULT, type Mood } from '@lunara/shared/rituals';
import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useCompleteRitual } from '../api/rituals.ts';
import { completedMessage, OWN_RITUAL_POINTS_NOTE } from '../own-ritual-points.ts';
import { MoodEnergyFields } from './mood-energy-fields.tsx';

/** The ritual itself: its steps, then mood, energy and notes, and "Complete Ritual (+15 pts)". */
export function RitualDialog({ ritual, onDone }: { ritual: Ritual; onDone: () => void }) {
  const id = useId();
  const [mood, setMood] = useState<Mood | null>(null);
  const [energy, setEnergy] = useState(ENERGY_DEFAULT);
  const [notes, setNotes] = useState('');
  const complete = useCompleteRitual();
  const submit = useSubmitOnce();

  function onComplete() {
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    complete.mutate(
      { ritualId: ritual.id, body: { mood, energyLevel: energy, notes: notes.trim() || null }, idempotencyKey },
      {
        onSuccess: (completion) => {
          submit.succeeded();
          toast.success(completedMessage(ritual.title, completion.pointsAwarded));
          onDone();
        },
        onError: () => toast.error('Failed to complete ritual'),
        onSettled: submit.settled,
      },
    );
  }

  return (
    <DialogContent title={ritual.title} description={ritual.description} className="max-w-xl">
      <div className="flex flex-col gap-5">
        <p className="flex flex-wrap gap-4 text-sm text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" /> {ritual.durationMinutes} min
          </span>
          <span>{moonPhaseInfo(ritual.moonPhase).name}</span>
        </p>
        <ol className="flex list-decimal flex-col gap-2 pl-5 [overflow-wrap:anywhere]">
          {ritual.instructions
            .split('\n')
            .filter((line) => line.trim())
            .map((line) => (
              <li key={line}>{line}</li>
            ))}
        </ol>
        <MoodEnergyFields
          moodLegend="How do you feel? (optional)"
          mood={mood}
          onMoodChange={setMood}
          energy={energy}
          onEnergyChange={setEnergy}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        {ritual.isMine && <p className="text-sm text-ink-muted">{OWN_RITUAL_POINTS_NOTE}</p>}
        {/* Kept in reach at the foot of the dialog, with room of its own below the buttons, however far the
            steps scroll: it reaches over the dialog's padding (sticky stops at the padding otherwise, and the
            steps would show below it). On a phone the two buttons stack, so that the label stays on one line. */}
        <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-line bg-white px-6 py-4 sm:flex-row sm:justify-end sm:gap-3">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button variant="gold" className="whitespace-nowrap" disabled={complete.isPending} onClick={onComplete}>
            {complete.isPending ? 'Saving...' : `Complete Ritual (+${RITUAL_POINTS} pts)`}
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}
