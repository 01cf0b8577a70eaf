import {
  type AdminAnnouncement,
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementAudience,
} from '@lunara/shared/announcements';
import { Megaphone, Pin, PinOff, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useCircleOptions } from '../../admin/api/admin-api.ts';
import {
  useAdminAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useSetAnnouncementPinned,
} from '../api/announcements.ts';

const AUDIENCE_OPTIONS = ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: ANNOUNCEMENT_AUDIENCE_LABELS[value] }));

/** Compose: title, Markdown body with a preview, audience, "Send by email". */
function ComposeAnnouncement() {
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('all');
  const [circleId, setCircleId] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string>();
  const circles = useCircleOptions();
  const create = useCreateAnnouncement();
  const submit = useSubmitOnce();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body.trim()) return setError('Give the announcement a title and write it first.');
    if (audience === 'circle' && !circleId) return setError('Choose the circle whose members should receive it.');
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    create.mutate(
      { title, body, audience, circleId: audience === 'circle' ? circleId : null, sendEmail, idempotencyKey },
      {
        onSuccess: () => {
          submit.succeeded();
          setTitle('');
          setBody('');
          setPreview(false);
          toast.success('Announcement sent', {
            description: sendEmail
              ? 'It is pinned in the feed; the emails are on their way.'
              : 'It is pinned in the feed.',
          });
        },
        onError: (failure) => setError(failure.message),
        onSettled: submit.settled,
      },
    );
  };

  const circleOptions = (circles.data?.circles ?? []).map((circle) => ({ value: circle.id, label: circle.name }));
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-2xl text-night-900">New announcement</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Pinned at the top of the community feed for its audience, and emailed to those who accept emails.
      </p>
      <form className="mt-5 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={ANNOUNCEMENT_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={`${id}-body`}>Message (Markdown)</Label>
            <Button variant="ghost" size="sm" aria-pressed={preview} onClick={() => setPreview((on) => !on)}>
              {preview ? 'Edit' : 'Preview'}
            </Button>
          </div>
          {preview ? (
            <section
              aria-label="Preview"
              className="min-h-32 rounded-[var(--radius-control)] border border-line bg-moon-50 p-4"
            >
              <h3 className="text-xl text-night-900">{title || 'Untitled'}</h3>
              {body.trim() ? (
                <Markdown className="mt-2 text-ink">{body}</Markdown>
              ) : (
                <p className="mt-2 text-ink-muted">Nothing written yet.</p>
              )}
            </section>
          ) : (
            <Textarea
              id={`${id}-body`}
              rows={8}
              value={body}
              maxLength={ANNOUNCEMENT_BODY_MAX}
              onChange={(event) => setBody(event.target.value)}
              placeholder="**Bold**, _italic_, [links](https://...), lists with -"
            />
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-audience`}>Audience</Label>
            <Select
              id={`${id}-audience`}
              value={audience}
              onValueChange={(value) => setAudience(value as AnnouncementAudience)}
              options={AUDIENCE_OPTIONS}
            />
          </div>
          {audience === 'circle' && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-circle`}>Circle</Label>
              <Select
                id={`${id}-circle`}
                value={circleId}
                onValueChange={setCircleId}
                options={circleOptions}
                disabled={circleOptions.length === 0}
              />
            </div>
          )}
        </div>
        <div className="flex items-center gap-3">
          <Switch id={`${id}-email`} checked={sendEmail} onCheckedChange={setSendEmail} />
          <Label htmlFor={`${id}-email`}>Send by email</Label>
        </div>
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex justify-end">
          <Button type="submit" variant="gold" disabled={create.isPending}>
            <Megaphone className="size-4" aria-hidden="true" />
            {create.isPending ? 'Sending...' : 'Send announcement'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DeliveryProgress({ item }: { item: AdminAnnouncement }) {
  if (!item.sendEmail) return <p className="text-sm text-ink-muted">Not emailed</p>;
  const { queued, sent, skipped, failed } = item.delivery;
  return (
    <p className="text-sm text-ink-muted">
      {item.emailStatus === 'sending' ? 'Emailing: ' : 'Emails: '}
      <strong className="text-ink">{sent}</strong> sent · <strong className="text-ink">{queued}</strong> queued ·{' '}
      <strong className="text-ink">{skipped}</strong> skipped
      {failed > 0 && (
        <>
          {' '}
          · <strong className="text-danger">{failed}</strong> failed
        </>
      )}
    </p>
  );
}

function AnnouncementRow({ item }: { item: AdminAnnouncement }) {
  const pin = useSetAnnouncementPinned();
  const remove = useDeleteAnnouncement();
  const audience =
    item.audience === 'circle' && item.circleName
      ? `Circle: ${item.circleName}`
      : ANNOUNCEMENT_AUDIENCE_LABELS[item.audience];
  return (
    <li className="flex flex-col gap-2 border-b border-line py-4 last:border-b-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg [overflow-wrap:anywhere] text-night-900">{item.title}</h3>
          {item.isPinned ? <Badge tone="gold">Pinned</Badge> : <Badge>Unpinned</Badge>}
          {item.emailStatus === 'sending' && <Badge tone="night">Sending</Badge>}
        </div>
        <p className="text-sm text-ink-muted">
          {audience} · {item.authorName} ·{' '}
          <time dateTime={item.createdAt}>{formatLongDate(new Date(item.createdAt))}</time>
        </p>
        <DeliveryProgress item={item} />
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="sm"
          disabled={pin.isPending}
          aria-label={item.isPinned ? `Unpin ${item.title}` : `Pin ${item.title}`}
          onClick={() =>
            pin.mutate(
              { id: item.id, isPinned: !item.isPinned },
              { onError: (error) => toast.error('Not changed', { description: error.message }) },
            )
          }
        >
          {item.isPinned ? (
            <PinOff className="size-4" aria-hidden="true" />
          ) : (
            <Pin className="size-4" aria-hidden="true" />
          )}
          {item.isPinned ? 'Unpin' : 'Pin'}
        </Button>
        <ConfirmButton
          label={`Delete ${item.title}`}
          title="Delete this announcement?"
          description="It leaves every member's feed. Emails already queued still go out; the rest are not sent."
          confirmLabel="Delete"
          cancelLabel="Keep it"
          onConfirm={() =>
            remove.mutate(item.id, {
              onSuccess: () => toast.success('Announcement deleted'),
              onError: (error) => toast.error('Not deleted', { description: error.message }),
            })
          }
        >
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </ConfirmButton>
      </div>
    </li>
  );
}

function SentAnnouncements() {
  const list = useAdminAnnouncements();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-2xl text-night-900">Sent</h2>
      {list.isPending && <Spinner className="mt-4 text-gold-500" />}
      {list.isError && <LoadError message="Failed to load announcements" query={list} className="mt-4" />}
      {list.isSuccess && items.length === 0 && <p className="mt-3 text-ink-muted">No announcements yet.</p>}
      {items.length > 0 && (
        <ul className="mt-2 flex flex-col" aria-label="Sent announcements">
          {items.map((item) => (
            <AnnouncementRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <div className="mt-3 flex justify-center">
        <LoadMoreButton query={list} />
      </div>
    </Card>
  );
}

/** The admin's "Announcements" tab. */
export function AdminAnnouncements() {
  return (
    <div className="flex flex-col gap-6">
      <ComposeAnnouncement />
      <SentAnnouncements />
    </div>
  );
}
