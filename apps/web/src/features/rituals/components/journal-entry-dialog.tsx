import type { JournalEntry } from '@lunara/shared/ritual-journal';
import type { Mood } from '@lunara/shared/rituals';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useEditJournalEntry } from '../api/journal.ts';
import { MoodEnergyFields } from './mood-energy-fields.tsx';

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
        <MoodEnergyFields
          moodLegend="How did you feel?"
          mood={mood}
          onMoodChange={setMood}
          energy={energy}
          onEnergyChange={setEnergy}
        />
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
