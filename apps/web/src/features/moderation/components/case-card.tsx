import {
  type ModerationCase,
  REPORT_REASON_LABELS,
  suspendBodySchema,
  WARNING_MESSAGE_MAX,
  warnBodySchema,
} from '@lunara/shared/moderation';
import { formatCount } from '@lunara/shared/plural';
import { MODERATOR_MAX_SUSPENSION_DAYS } from '@lunara/shared/suspensions';
import { EyeOff } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { type CaseActionInput, useCaseAction } from '../api/reports.ts';
import { CaseRevisions } from './case-revisions.tsx';
import { REPORT_NOUNS } from './report-nouns.ts';

type Panel = 'none' | 'warn' | 'suspend';

/** Suspension lengths a moderator may choose; admins also longer ones and permanent. */
const LENGTHS = [
  { value: '1', label: '1 day' },
  { value: '3', label: '3 days' },
  { value: String(MODERATOR_MAX_SUSPENSION_DAYS), label: `${MODERATOR_MAX_SUSPENSION_DAYS} days` },
];
const ADMIN_LENGTHS = [...LENGTHS, { value: '30', label: '30 days' }, { value: 'permanent', label: 'Permanently' }];

/**
 * One open case: what was reported (as it is now), where it sits, who wrote it, why members reported it,
 * and the four decisions. A failed decision keeps what the moderator typed and says why.
 */
export function CaseCard({ item, isAdmin }: { item: ModerationCase; isAdmin: boolean }) {
  const id = useId();
  const [panel, setPanel] = useState<Panel>('none');
  const [text, setText] = useState('');
  const [length, setLength] = useState('3');
  const [deleteContent, setDeleteContent] = useState(false);
  const [error, setError] = useState<string>();
  const act = useCaseAction();
  const noun = REPORT_NOUNS[item.targetType];
  const canDelete = item.targetType !== 'profile' && item.content !== null;

  function run(input: CaseActionInput) {
    setError(undefined);
    act.mutate(input, {
      onSuccess: (result) => toast.success(result.message),
      onError: (failure) => setError(failure.message),
    });
  }

  function submitPanel(event: FormEvent) {
    event.preventDefault();
    if (panel === 'warn') {
      const parsed = warnBodySchema.safeParse({ message: text, deleteContent });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
      run({ caseId: item.id, kind: 'warn', body: parsed.data });
    } else if (panel === 'suspend') {
      const days = length === 'permanent' ? null : Number(length);
      const parsed = suspendBodySchema.safeParse({ reason: text, days, deleteContent });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
      run({ caseId: item.id, kind: 'suspend', body: parsed.data });
    }
  }

  const open = (next: Panel) => {
    setPanel(next);
    setError(undefined);
  };

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="font-display text-xl text-night-900 capitalize">
          {noun}
        </h2>
        <Badge tone="rose">{formatCount(item.reportersCount, 'report')}</Badge>
        {item.hidden && (
          <Badge tone="night">
            <EyeOff className="size-3" aria-hidden="true" /> Hidden from members
          </Badge>
        )}
        <span className="ml-auto text-xs text-ink-muted">First reported {relativeTime(item.createdAt)}</span>
      </header>

      {item.author ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Avatar name={item.author.displayName} src={item.author.avatarUrl} className="size-7" />
          <span>
            By <span className="font-semibold text-ink [overflow-wrap:anywhere]">{item.author.displayName}</span>
          </span>
        </p>
      ) : (
        <p className="text-sm text-ink-muted">Her account no longer exists.</p>
      )}

      {item.content ? (
        <div className="rounded-[var(--radius-control)] bg-moon-100 p-4">
          {item.content.title && (
            <p className="font-semibold text-night-900 [overflow-wrap:anywhere]">{item.content.title}</p>
          )}
          <p className="mt-1 text-ink [overflow-wrap:anywhere] whitespace-pre-wrap">
            {item.content.body || <span className="text-ink-muted">(empty)</span>}
          </p>
          {item.content.link && (
            <Link to={item.content.link} className="mt-2 inline-block text-sm text-rose-700 underline">
              Open it in the community
            </Link>
          )}
          <CaseRevisions revisions={item.content.revisions} />
        </div>
      ) : (
        <p className="rounded-[var(--radius-control)] bg-moon-100 p-4 text-ink-muted">
          This {noun} no longer exists. Dismiss the report to close it.
        </p>
      )}

      {item.context && (
        <div className="text-sm">
          {item.context.title && (
            <p className="text-ink-muted">
              {item.targetType === 'topic' ? 'In' : item.targetType === 'message' ? 'Conversation' : 'On'}:{' '}
              <span className="font-semibold text-ink [overflow-wrap:anywhere]">{item.context.title}</span>
            </p>
          )}
          {item.context.messages.length > 0 && (
            <ol className="mt-2 flex flex-col gap-1.5" aria-label="The conversation around it">
              {item.context.messages.map((message) => (
                <li
                  key={message.id}
                  className={
                    message.isReported
                      ? 'rounded-lg border-2 border-rose-500 bg-white px-3 py-1.5'
                      : 'rounded-lg bg-moon-100 px-3 py-1.5 text-ink-muted'
                  }
                >
                  <span className="font-semibold">{message.authorName}:</span>{' '}
                  <span className="[overflow-wrap:anywhere] whitespace-pre-wrap">{message.content}</span>
                  {message.isReported && <span className="sr-only"> (the reported message)</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}

      <section aria-label="Reasons given">
        <ul className="flex flex-wrap gap-2">
          {item.reasons.map((reason) => (
            <li key={reason.reason}>
              <Badge>
                {REPORT_REASON_LABELS[reason.reason]} · {reason.count}
              </Badge>
            </li>
          ))}
        </ul>
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {item.reports.map((report) => (
            <li key={`${report.reporter?.id ?? ''}${report.createdAt}`} className="text-ink-muted">
              <span className="font-semibold text-ink">{report.reporter?.displayName ?? 'A member'}</span>
              {' · '}
              {REPORT_REASON_LABELS[report.reason]} · {relativeTime(report.createdAt)}
              {report.note && <span className="block text-ink [overflow-wrap:anywhere]">“{report.note}”</span>}
            </li>
          ))}
        </ul>
      </section>

      <div className="flex flex-wrap gap-2 border-t border-line pt-4">
        <Button
          variant="outline"
          size="sm"
          disabled={act.isPending}
          onClick={() => run({ caseId: item.id, kind: 'dismiss' })}
        >
          Dismiss
        </Button>
        {canDelete && (
          <ConfirmButton
            label={`Delete ${noun}`}
            title={`Delete this ${noun}?`}
            description="It is removed for everyone, with its points. The reporters are told action was taken."
            confirmLabel="Delete"
            variant="outline"
            onConfirm={() => run({ caseId: item.id, kind: 'delete' })}
          >
            Delete {noun}
          </ConfirmButton>
        )}
        {item.author && (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={panel === 'warn'}
              onClick={() => open(panel === 'warn' ? 'none' : 'warn')}
            >
              Warn
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={panel === 'suspend'}
              onClick={() => open(panel === 'suspend' ? 'none' : 'suspend')}
            >
              Suspend
            </Button>
          </>
        )}
      </div>
      {panel === 'none' && <FieldError id={`${id}-error`} message={error} />}

      {panel !== 'none' && item.author && (
        <form
          noValidate
          onSubmit={submitPanel}
          className="flex flex-col gap-3 rounded-[var(--radius-control)] bg-moon-100 p-4"
        >
          <Label htmlFor={`${id}-text`}>
            {panel === 'warn'
              ? `Your message to ${item.author.displayName} (she sees it as a note from the moderators)`
              : `The reason ${item.author.displayName} will see when she tries to sign in`}
          </Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            maxLength={WARNING_MESSAGE_MAX}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {panel === 'suspend' && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-length`}>How long</Label>
              <Select
                id={`${id}-length`}
                value={length}
                onValueChange={setLength}
                options={isAdmin ? ADMIN_LENGTHS : LENGTHS}
                className="sm:max-w-xs"
              />
            </div>
          )}
          {canDelete && (
            <label className="flex items-center gap-2 text-sm text-ink pointer-coarse:min-h-11">
              <input
                type="checkbox"
                checked={deleteContent}
                onChange={(event) => setDeleteContent(event.target.checked)}
                className="size-4 accent-rose-600"
              />
              Also delete the {noun}
            </label>
          )}
          <FieldError id={`${id}-error`} message={error} />
          <FormActions
            onCancel={() => open('none')}
            isBusy={act.isPending}
            submitLabel={panel === 'warn' ? 'Send warning' : 'Suspend her'}
            busyLabel="Working..."
          />
        </form>
      )}
    </article>
  );
}
