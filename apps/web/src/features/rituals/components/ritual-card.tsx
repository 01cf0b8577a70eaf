import { moonPhaseInfo } from '@lunara/shared/moon';
import type { Ritual } from '@lunara/shared/ritual-schemas';
import { Check, Clock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteOwnRitual } from '../api/journal.ts';
import { OwnRitualForm } from './own-ritual-form.tsx';
import { RitualDialog } from './ritual-dialog.tsx';

/** A ritual; once completed today its button is disabled and reads "Completed". */
export function RitualCard({ ritual, isCompleted }: { ritual: Ritual; isCompleted: boolean }) {
  const [open, setOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const remove = useDeleteOwnRitual();
  return (
    <article
      aria-labelledby={`ritual-${ritual.id}`}
      className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="rose" className="capitalize">
          {ritual.category.replaceAll('_', ' ')}
        </Badge>
        {ritual.isMine && <Badge tone="gold">Yours</Badge>}
        <span className="text-xs text-ink-muted">
          {moonPhaseInfo(ritual.moonPhase).emoji} {moonPhaseInfo(ritual.moonPhase).name}
        </span>
      </div>
      <h3 id={`ritual-${ritual.id}`} className="text-lg text-night-900 [overflow-wrap:anywhere]">
        {ritual.title}
      </h3>
      <p className="flex-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{ritual.description}</p>
      <div className="flex items-center gap-2">
        <span className="inline-flex items-center gap-1 text-xs text-ink-muted">
          <Clock className="size-3.5" aria-hidden="true" /> {ritual.durationMinutes} min
        </span>
        {ritual.isMine && (
          <span className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" aria-label={`Edit ${ritual.title}`} onClick={() => setIsEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
            <ConfirmButton
              label={`Delete ${ritual.title}`}
              title="Delete this ritual?"
              description="It is removed from your rituals. Your journal keeps the times you practised it, and the points you earned stay."
              confirmLabel="Delete ritual"
              cancelLabel="Keep ritual"
              // A promise, not mutate's callbacks: the card is gone (unmounted) by the time the delete succeeds.
              onConfirm={() =>
                remove.mutateAsync(ritual.id).then(
                  () => toast.success('Your ritual was deleted'),
                  (failure: Error) => toast.error('Failed to delete ritual', { description: failure.message }),
                )
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </ConfirmButton>
          </span>
        )}
        <Button
          size="sm"
          className={ritual.isMine ? undefined : 'ml-auto'}
          variant={isCompleted ? 'outline' : 'primary'}
          disabled={isCompleted}
          onClick={() => setOpen(true)}
          aria-label={isCompleted ? `${ritual.title}: completed` : `Begin ${ritual.title}`}
        >
          {isCompleted ? (
            <>
              <Check className="size-4" aria-hidden="true" /> Completed
            </>
          ) : (
            'Begin Ritual'
          )}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <RitualDialog ritual={ritual} onDone={() => setOpen(false)} />}
      </Dialog>
      {ritual.isMine && (
        <Dialog open={isEditing} onOpenChange={setIsEditing}>
          <DialogContent title="Edit your ritual" description="Only you see it.">
            <OwnRitualForm defaultPhase={ritual.moonPhase} ritual={ritual} onDone={() => setIsEditing(false)} />
          </DialogContent>
        </Dialog>
      )}
    </article>
  );
}
