import { eventBodySchema } from '@lunara/shared/admin';
import { circleEventBodySchema, EVENT_IN_PAST } from '@lunara/shared/circles';
import type { EventVisibility } from '@lunara/shared/community';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateCircleEvent, useUpdateCircleEvent } from '../../events/api/events.ts';
import { createEvent, type ManagedEvent, updateEvent, useAdminMutation, useCircleOptions } from '../api/admin-api.ts';

/** "2030-06-01T18:00" in the admin's own time zone, for a datetime-local input. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const VISIBILITY_CHOICES: Array<{ value: EventVisibility; label: string; hint: string }> = [
  {
    value: 'circle',
    label: 'Only this circle',
    hint: "Its members see it and answer; it stays off everyone else's lists.",
  },
  { value: 'community', label: 'Whole community', hint: 'A Sacred Event: every member sees it and can attend.' },
];

/** Who sees the event: two labelled radio cards in one fieldset (arrow keys move between them). */
function VisibilityField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: EventVisibility;
  onChange: (value: EventVisibility) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Who can see it</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {VISIBILITY_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600',
              value === choice.value ? 'border-gold-500 bg-moon-100' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-4 accent-rose-600"
            />
            <span className="flex flex-col">
              <span className="font-medium text-ink">{choice.label}</span>
              <span className="text-xs text-ink-muted">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A new or edited event: date and time are entered in the author's own time zone and sent as an
 * instant. An admin chooses its circle (the admin panel); on a circle's page (`circle`) the circle is
 * that one and it goes through the circle's own routes, which its hosts may use too.
 */
export function EventForm({
  event: editing,
  circle,
  onDone,
}: {
  event?: ManagedEvent;
  circle?: { id: string };
  onDone: () => void;
}) {
  const id = useId();
  const circles = useCircleOptions(!circle);
  const createAsAdmin = useAdminMutation(createEvent);
  const updateAsAdmin = useAdminMutation(updateEvent);
  const createInCircle = useCreateCircleEvent();
  const updateInCircle = useUpdateCircleEvent();
  const save = circle ? (editing ? updateInCircle : createInCircle) : editing ? updateAsAdmin : createAsAdmin;
  const [v, setV] = useState({
    circleId: circle?.id ?? editing?.circle.id ?? '',
    visibility: editing?.visibility ?? (circle ? 'circle' : 'community'),
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    when: editing ? toLocalInput(editing.eventDate) : '',
    duration: String(editing?.durationMinutes ?? 60),
    isVirtual: editing?.isVirtual ?? true,
    meetingLink: editing?.meetingLink ?? '',
    location: editing?.location ?? '',
    capacity: editing?.maxAttendees ? String(editing.maxAttendees) : '',
  });
  const [error, setError] = useState<string>();
  const set =
    <K extends keyof typeof v>(key: K) =>
    (value: (typeof v)[K]) =>
      setV((current) => ({ ...current, [key]: value }));

  function handleSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const fields = {
      title: v.title,
      description: v.description,
      eventDate: v.when ? new Date(v.when).toISOString() : '',
      durationMinutes: Number(v.duration),
      isVirtual: v.isVirtual,
      meetingLink: v.isVirtual ? v.meetingLink : null,
      location: v.isVirtual ? null : v.location,
      maxAttendees: v.capacity ? Number(v.capacity) : null,
      visibility: v.visibility,
    };
    // The server's rule, said before sending: a new time must be in the future.
    const inPast = (eventDate: string) => {
      const startsAt = new Date(eventDate).getTime();
      const isNewTime = !editing || startsAt !== new Date(editing.eventDate).getTime();
      return isNewTime && startsAt <= Date.now();
    };
    const done = {
      onSuccess: () => {
        toast.success(editing ? 'Event updated' : 'Event created');
        onDone();
      },
      onError: (failure: Error) =>
        toast.error(editing ? 'Failed to update event' : 'Failed to create event', { description: failure.message }),
    };
    if (circle) {
      const parsed = circleEventBodySchema.safeParse(fields);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
      if (inPast(parsed.data.eventDate)) return setError(EVENT_IN_PAST);
      setError(undefined);
      const body = parsed.data;
      if (editing) updateInCircle.mutate({ circleId: circle.id, eventId: editing.id, body }, done);
      else createInCircle.mutate({ circleId: circle.id, body }, done);
      return;
    }
    const parsed = eventBodySchema.safeParse({ ...fields, circleId: v.circleId });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (inPast(parsed.data.eventDate)) return setError(EVENT_IN_PAST);
    setError(undefined);
    if (editing) updateAsAdmin.mutate({ eventId: editing.id, body: parsed.data }, done);
    else createAsAdmin.mutate(parsed.data, done);
  }

  const options = (circles.data?.circles ?? []).map((circle) => ({ value: circle.id, label: circle.name }));
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {!circle && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-circle`}>Circle</Label>
          <Select
            id={`${id}-circle`}
            value={v.circleId}
            onValueChange={set('circleId')}
            options={options}
            aria-label="Circle"
          />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={v.title} onChange={(e) => set('title')(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} value={v.description} onChange={(e) => set('description')(e.target.value)} />
      </div>
      {/* Who sees it comes early: on a phone the end of the form is below the fold. */}
      <VisibilityField name={`${id}-visibility`} value={v.visibility} onChange={set('visibility')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-when`}>Date and time (your time zone)</Label>
          <Input id={`${id}-when`} type="datetime-local" value={v.when} onChange={(e) => set('when')(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-duration`}>Duration (minutes)</Label>
          <Input
            id={`${id}-duration`}
            type="number"
            min={5}
            value={v.duration}
            onChange={(e) => set('duration')(e.target.value)}
          />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={`${id}-virtual`} checked={v.isVirtual} onCheckedChange={set('isVirtual')} />
        <Label htmlFor={`${id}-virtual`}>Virtual event</Label>
      </div>
      {v.isVirtual ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-link`}>Meeting link</Label>
          <Input
            id={`${id}-link`}
            type="url"
            placeholder="https://"
            value={v.meetingLink}
            onChange={(e) => set('meetingLink')(e.target.value)}
          />
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-location`}>Location</Label>
          <Input id={`${id}-location`} value={v.location} onChange={(e) => set('location')(e.target.value)} />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-capacity`}>Capacity (optional)</Label>
        <Input
          id={`${id}-capacity`}
          type="number"
          min={1}
          value={v.capacity}
          onChange={(e) => set('capacity')(e.target.value)}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <FormActions onCancel={onDone} isBusy={save.isPending} submitLabel={editing ? 'Save event' : 'Create event'} />
    </form>
  );
}
