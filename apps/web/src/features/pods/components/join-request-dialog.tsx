import { POD_NOTE_MAX, type PodSummary, podRequestBodySchema } from '@lunara/shared/pods';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useRequestToJoin } from '../api/pods.ts';

/** Asking to join, with a short note for the mentor; the note stays if the send fails. */
export function JoinRequestDialog({ pod, open, onClose }: { pod: PodSummary; open: boolean; onClose: () => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestToJoin();
  const submit = useSubmitOnce();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = podRequestBodySchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    request.mutate(
      { podId: pod.id, note: parsed.data.note, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: (result) => {
          submit.succeeded();
          toast.success(result.message);
          setNote('');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Ask to join ${pod.name}`}
        description="Your mentor reads your note and accepts or declines. Keep it short."
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
          <Label htmlFor={`${id}-note`}>A note for the mentor (optional)</Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            maxLength={POD_NOTE_MAX}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            onChange={(event) => setNote(event.target.value)}
            placeholder="What brings you to this pod?"
          />
          <p id={`${id}-count`} className="text-right text-xs text-ink-muted">
            {note.length}/{POD_NOTE_MAX}
          </p>
          <FieldError id={`${id}-error`} message={error} />
          <FormActions
            onCancel={onClose}
            isBusy={request.isPending}
            submitLabel="Send request"
            busyLabel="Sending..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
