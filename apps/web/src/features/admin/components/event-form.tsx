import { eventBodySchema } from '@lunara/shared/admin';
import { EVENT_IN_PAST } from '@lunara/shared/circles';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { createEvent, type ManagedEvent, updateEvent, useAdminMutation, useCircleOptions } from '../api/admin-api.ts';

/** "2030-06-01T18:00" in the admin's own time zone, for a datetime-local input. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A new or edited event: date and time are entered in the admin's own time zone and sent as an instant. */
export function EventForm({ event: editing, onDone }: { event?: ManagedEvent; onDone: () => void }) {
  const id = useId();
  const circles = useCircleOptions();
  const create = useAdminMutation(createEvent);
  const update = useAdminMutation(updateEvent);
  const save = editing ? update : create;
  const [v, setV] = useState({
    circleId: editing?.circle.id ?? '',
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
    const parsed = eventBodySchema.safeParse({
      circleId: v.circleId,
      title: v.title,
      description: v.description,
      eventDate: v.when ? new Date(v.when).toISOString() : '',
      durationMinutes: Number(v.duration),
      isVirtual: v.isVirtual,
      meetingLink: v.isVirtual ? v.meetingLink : null,
      location: v.isVirtual ? null : v.location,
      maxAttendees: v.capacity ? Number(v.capacity) : null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    // The server's rule, said before sending: a new time must be in the future.
    const startsAt = new Date(parsed.data.eventDate).getTime();
    const isNewTime = !editing || startsAt !== new Date(editing.eventDate).getTime();
    if (isNewTime && startsAt <= Date.now()) return setError(EVENT_IN_PAST);
    setError(undefined);
    const done = {
      onSuccess: () => {
        toast.success(editing ? 'Event updated' : 'Event created');
        onDone();
      },
      onError: (failure: Error) =>
        toast.error(editing ? 'Failed to update event' : 'Failed to create event', { description: failure.message }),
    };
    if (editing) update.mutate({ eventId: editing.id, body: parsed.data }, done);
    else create.mutate(parsed.data, done);
  }

  const options = (circles.data?.circles ?? []).map((circle) => ({ value: circle.id, label: circle.name }));
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
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
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={v.title} onChange={(e) => set('title')(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} value={v.description} onChange={(e) => set('description')(e.target.value)} />
      </div>
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
