import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  reportBodySchema,
} from '@lunara/shared/moderation';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useReport } from '../api/reports.ts';
import { REPORT_NOUNS, type ReportTarget } from './report-nouns.ts';

/**
 * Reporting: a reason (a radio group, arrows move between them) and a note, required for "Something else".
 * What she wrote stays when the send fails; the author is never told who reported.
 */
export function ReportDialog({ target, open, onClose }: { target: ReportTarget; open: boolean; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const report = useReport();
  const submit = useSubmitOnce();
  const noun = REPORT_NOUNS[target.type];

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Choose the reason that fits best');
    const parsed = reportBodySchema.safeParse({ targetType: target.type, targetId: target.id, reason, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    report.mutate(
      { ...parsed.data, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: (result) => {
          submit.succeeded();
          toast.success(result.message);
          setReason('');
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
        title={`Report this ${noun}`}
        description="A moderator will review it. We never tell anyone who reported it."
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold text-ink">What is wrong?</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-ink pointer-coarse:min-h-11',
                  reason === value ? 'border-rose-500 bg-moon-100' : 'border-line',
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
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-note`}>
              {reason === 'other' ? 'Tell us what is wrong' : 'Anything a moderator should know? (optional)'}
            </Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={`${id}-count`} className="text-right text-xs text-ink-muted">
              {note.length}/{REPORT_NOTE_MAX}
            </p>
          </div>
          {reason === 'self_harm' && (
            <p className="rounded-lg bg-moon-100 p-3 text-sm text-ink">
              If someone is in danger right now, please contact local emergency services as well.
            </p>
          )}
          <FieldError id={`${id}-error`} message={error} />
          <FormActions onCancel={onClose} isBusy={report.isPending} submitLabel="Send report" busyLabel="Sending..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
