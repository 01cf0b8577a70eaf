import type { Role } from '@lunara/shared/roles-constants';
import {
  MODERATOR_MAX_SUSPENSION_DAYS,
  SUSPENSION_PRESET_DAYS,
  SUSPENSION_REASON_MAX,
  type Suspension,
  type SuspensionLength,
  suspendMemberBodySchema,
} from '@lunara/shared/suspensions';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useSuspendMember } from '../api/suspensions.ts';

type Choice = `${number}` | 'until' | 'permanent';

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as an <input type="date"> value. */
const dateValue = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The start of that day where the staff member is: "until 4 December" means she is back that morning. */
const startOfDay = (value: string) => {
  const [y, m, d] = value.split('-').map(Number);
  return y && m && d ? new Date(y, m - 1, d) : null;
};
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

const endFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export interface SuspendMemberDialogProps {
  member: { id: string; name: string };
  /** Who is acting: moderators are offered up to 7 days only (the server holds the same line). */
  actorRole: Role;
  open: boolean;
  onClose: () => void;
  onSuspended?: (suspension: Suspension) => void;
}

/**
 * Suspending a member, from the Admin panel's users list or the moderation queue: a reason she will see
 * and a length (1, 3, 7 or 30 days, until a date, or permanently; moderators up to 7 days). Keyboard
 * operable: native radios and fields in a focus-trapped dialog. What was typed stays if the send fails.
 */
export function SuspendMemberDialog({ member, actorRole, open, onClose, onSuspended }: SuspendMemberDialogProps) {
  const id = useId();
  const isAdmin = actorRole === 'admin';
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState<Choice>('1');
  const [untilDate, setUntilDate] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'length' | 'form'; message: string }>();
  const suspend = useSuspendMember();
  const submit = useSubmitOnce();

  const today = new Date();
  const minDate = dateValue(addDays(today, 1));
  const maxDate = isAdmin ? undefined : dateValue(addDays(today, MODERATOR_MAX_SUSPENSION_DAYS));
  const presets = SUSPENSION_PRESET_DAYS.filter((days) => isAdmin || days <= MODERATOR_MAX_SUSPENSION_DAYS);

  function lengthOf(): SuspensionLength | string {
    if (choice === 'permanent') return { kind: 'permanent' };
    if (choice === 'until') {
      const start = untilDate ? startOfDay(untilDate) : null;
      if (!start) return 'Choose the date her suspension ends';
      if (start.getTime() <= Date.now()) return 'Choose a date after today';
      if (!isAdmin && start.getTime() > Date.now() + MODERATOR_MAX_SUSPENSION_DAYS * DAY_MS) {
        return `Moderators can suspend for up to ${MODERATOR_MAX_SUSPENSION_DAYS} days`;
      }
      return { kind: 'until', endsAt: start.toISOString() };
    }
    return { kind: 'days', days: Number(choice) };
  }

  const length = lengthOf();
  const endsAt =
    typeof length === 'string'
      ? null
      : length.kind === 'days'
        ? new Date(Date.now() + length.days * DAY_MS)
        : length.kind === 'until'
          ? new Date(length.endsAt)
          : null;

  function close() {
    setError(undefined);
    onClose();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (typeof length === 'string') return setError({ field: 'length', message: length });
    const parsed = suspendMemberBodySchema.safeParse({ reason, length });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({ field: issue?.path[0] === 'reason' ? 'reason' : 'length', message: issue?.message ?? '' });
    }
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    suspend.mutate(
      { userId: member.id, body: parsed.data, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: (suspension) => {
          submit.succeeded();
          toast.success(
            suspension.endsAt
              ? `${member.name} is suspended until ${endFormat.format(new Date(suspension.endsAt))}`
              : `${member.name} is suspended permanently`,
          );
          setReason('');
          setChoice('1');
          setUntilDate('');
          onSuspended?.(suspension);
          onClose();
        },
        onError: (failure) => setError({ field: 'form', message: failure.message }),
      },
    );
  }

  const errorId = (field: 'reason' | 'length' | 'form') =>
    error?.field === field ? `${id}-${field}-error` : undefined;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        title={`Suspend ${member.name}`}
        description="She is signed out everywhere at once and cannot sign in until it ends. She sees your reason when she tries. Her subscription is not touched."
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-reason`}>Reason (she will see this)</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={SUSPENSION_REASON_MAX}
              aria-invalid={error?.field === 'reason' ? true : undefined}
              aria-describedby={[`${id}-count`, errorId('reason')].filter(Boolean).join(' ')}
              onChange={(event) => setReason(event.target.value)}
              placeholder="For example: repeated unkind comments after a warning"
            />
            <p id={`${id}-count`} className="text-right text-xs text-ink-muted">
              {reason.length}/{SUSPENSION_REASON_MAX}
            </p>
            <FieldError id={`${id}-reason-error`} message={error?.field === 'reason' ? error.message : undefined} />
          </div>

          <fieldset className="flex flex-col gap-2" aria-describedby={errorId('length')}>
            <legend className="mb-1 text-sm font-medium text-ink">How long</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {presets.map((days) => (
                <LengthOption
                  key={days}
                  name={`${id}-length`}
                  value={`${days}`}
                  checked={choice === `${days}`}
                  onChange={setChoice}
                  label={days === 1 ? '1 day' : `${days} days`}
                />
              ))}
              <LengthOption
                name={`${id}-length`}
                value="until"
                checked={choice === 'until'}
                onChange={setChoice}
                label="Until a date"
              />
              {isAdmin && (
                <LengthOption
                  name={`${id}-length`}
                  value="permanent"
                  checked={choice === 'permanent'}
                  onChange={setChoice}
                  label="Permanently"
                />
              )}
            </div>
            {choice === 'until' && (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-until`}>She can sign in again on</Label>
                <Input
                  id={`${id}-until`}
                  type="date"
                  min={minDate}
                  max={maxDate}
                  value={untilDate}
                  aria-invalid={error?.field === 'length' ? true : undefined}
                  aria-describedby={errorId('length')}
                  onChange={(event) => setUntilDate(event.target.value)}
                />
              </div>
            )}
            {!isAdmin && (
              <p className="text-xs text-ink-muted">
                Moderators can suspend for up to {MODERATOR_MAX_SUSPENSION_DAYS} days. For longer, ask an admin.
              </p>
            )}
            <FieldError id={`${id}-length-error`} message={error?.field === 'length' ? error.message : undefined} />
          </fieldset>

          <p className="rounded-[var(--radius-control)] bg-moon-100 px-3 py-2 text-sm text-ink" aria-live="polite">
            {choice === 'permanent'
              ? 'She will not be able to sign in again unless an admin lifts it.'
              : endsAt
                ? `She can sign in again from ${endFormat.format(endsAt)}.`
                : 'She can sign in again from the start of the day you choose.'}
          </p>

          <FieldError id={`${id}-form-error`} message={error?.field === 'form' ? error.message : undefined} />
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={suspend.isPending}>
              {suspend.isPending ? 'Suspending...' : 'Suspend'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function LengthOption({
  name,
  value,
  checked,
  onChange,
  label,
}: {
  name: string;
  value: Choice;
  checked: boolean;
  onChange: (value: Choice) => void;
  label: string;
}) {
  return (
    <label
      className={
        'flex cursor-pointer items-center gap-2 rounded-[var(--radius-control)] border px-3 py-2 text-sm pointer-coarse:min-h-11 ' +
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500 ' +
        (checked ? 'border-night-800 bg-moon-100 font-medium' : 'border-line bg-white')
      }
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="accent-night-800"
      />
      {label}
    </label>
  );
}
