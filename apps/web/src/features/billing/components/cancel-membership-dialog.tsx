import {
  CANCELLATION_NOTE_MAX_LENGTH,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  type CancellationReason,
} from '@lunara/shared/billing';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelMembership, usePauseMembership } from '../api/billing-history.ts';

const monthsText = (months: number) => `${months} month${months === 1 ? '' : 's'}`;

/**
 * "Cancel subscription": where the owner offers it, a pause first (1 to her longest pause); then why
 * (optional: a reason and a note), saying she keeps access until the period ends.
 */
export function CancelMembershipDialog({ endsOn, maxPauseMonths }: { endsOn: Date | null; maxPauseMonths: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'pause' | 'reason'>('reason');
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [note, setNote] = useState('');
  const cancel = useCancelMembership();
  const pause = usePauseMembership();
  const until = endsOn ? `until ${formatLongDate(endsOn)}` : 'until the end of the period';
  const busy = cancel.isPending || pause.isPending;

  function start() {
    setStep(maxPauseMonths > 0 ? 'pause' : 'reason');
    setReason(null);
    setNote('');
    setOpen(true);
  }

  function confirmCancel() {
    if (busy) return;
    cancel.mutate(
      { reason, note: note.trim() || null },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success('Your membership is cancelled', { description: `You keep full access ${until}.` });
        },
        onError: (error) => toast.error('Your membership was not cancelled', { description: error.message }),
      },
    );
  }

  function confirmPause(months: number) {
    if (busy) return;
    pause.mutate(months, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`Your membership will pause for ${monthsText(months)}`, {
          description: `You keep full access ${until}; nothing is charged while it is paused.`,
        });
      },
      onError: (error) => toast.error('Your membership was not paused', { description: error.message }),
    });
  }

  return (
    <>
      <Button variant="outline" disabled={busy} onClick={start}>
        {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        {step === 'pause' ? (
          <DialogContent
            title="Pause instead of cancelling?"
            description={`Take a break: you keep full access ${until}, then your membership pauses with no charge and resumes by itself.`}
          >
            <div className="flex flex-col gap-3">
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: maxPauseMonths }, (_, i) => i + 1).map((months) => (
                  <Button key={months} variant="gold" disabled={busy} onClick={() => confirmPause(months)}>
                    Pause for {monthsText(months)}
                  </Button>
                ))}
              </div>
              <div className="flex flex-wrap justify-end gap-3">
                <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
                  Keep membership
                </Button>
                <Button variant="link" disabled={busy} onClick={() => setStep('reason')}>
                  No thanks, cancel
                </Button>
              </div>
            </div>
          </DialogContent>
        ) : (
          <DialogContent
            title="Cancel your membership?"
            description={`You keep full access ${until}, and you can resume the membership any time before then.`}
          >
            <form
              className="flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                confirmCancel();
              }}
            >
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-night-900">
                  Why are you cancelling? <span className="font-normal text-ink-muted">(optional)</span>
                </legend>
                {CANCELLATION_REASONS.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600',
                      reason === value ? 'border-gold-500 bg-moon-100' : 'border-line',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-reason`}
                      value={value}
                      checked={reason === value}
                      onChange={() => setReason(value)}
                      className="size-4 accent-rose-600"
                    />
                    {CANCELLATION_REASON_LABELS[value]}
                  </label>
                ))}
              </fieldset>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-note`}>
                  Anything you would like to tell us? <span className="font-normal text-ink-muted">(optional)</span>
                </Label>
                <Textarea
                  id={`${id}-note`}
                  value={note}
                  maxLength={CANCELLATION_NOTE_MAX_LENGTH}
                  aria-describedby={`${id}-count`}
                  onChange={(event) => setNote(event.target.value)}
                />
                <p id={`${id}-count`} className="text-right text-xs text-ink-muted">
                  {note.length}/{CANCELLATION_NOTE_MAX_LENGTH}
                </p>
              </div>
              <div className="flex flex-wrap justify-end gap-3">
                <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
                  Keep membership
                </Button>
                <Button type="submit" variant="danger" disabled={busy}>
                  {cancel.isPending ? 'Cancelling...' : 'Cancel membership'}
                </Button>
              </div>
            </form>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
