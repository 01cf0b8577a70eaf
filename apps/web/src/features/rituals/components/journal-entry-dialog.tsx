import type { JournalEntry } from '@lunara/shared/ritual-journal';
import { MOODS, type Mood } from '@lunara/shared/rituals';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useEditJournalEntry } from '../api/journal.ts';

/** Her mood, energy and notes on a past ritual, changed afterwards. */
export function JournalEntryDialog({ entry, onDone }: { entry: JournalEntry; onDone: () => void }) {
  const id = useId();
  const [mood, setMood] = useState<Mood | null>(entry.moodAfter);
  const [energy, setEnergy] = useState(entry.energyLevel);
  const [notes, setNotes] = useState(entry.notes ?? '');
  const edit = useEditJournalEntry();

  function onSave() {
    edit.mutate(
      { entryId: entry.id, body: { mood, energyLevel: energy, notes: notes.trim() || null } },
      {
        onSuccess: () => {
          toast.success('Your journal entry was saved');
          onDone();
        },
        onError: (failure) => toast.error('Failed to save your entry', { description: failure.message }),
      },
    );
  }

  return (
    <DialogContent title={`Edit your entry: ${entry.ritualTitle}`} description="Only you see your journal.">
      <div className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">How did you feel?</legend>
          <div className="flex flex-wrap gap-2">
            {MOODS.map((option) => (
              <Button
                key={option}
                size="sm"
                variant={mood === option ? 'primary' : 'outline'}
                aria-pressed={mood === option}
                onClick={() => setMood(mood === option ? null : option)}
                className="capitalize"
              >
                {option}
              </Button>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Energy level</legend>
          <div className="flex gap-2">
            {[1, 2, 3, 4, 5].map((level) => (
              <Button
                key={level}
                size="sm"
                variant={energy === level ? 'primary' : 'outline'}
                aria-pressed={energy === level}
                aria-label={`Energy ${level} of 5`}
                className="w-11"
                onClick={() => setEnergy(level)}
              >
                {level}
              </Button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-notes`}>Notes</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button disabled={edit.isPending} onClick={onSave}>
            {edit.isPending ? 'Saving...' : 'Save entry'}
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}
