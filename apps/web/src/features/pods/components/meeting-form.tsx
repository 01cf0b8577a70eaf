import { meetingBodySchema, POD_MEETING_IN_PAST } from '@lunara/shared/pods';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useScheduleMeeting } from '../api/pods.ts';

/** A pod meeting: the time is entered in the mentor's own time zone and sent as an instant. */
export function MeetingForm({ podId, onDone }: { podId: string; onDone: () => void }) {
  const id = useId();
  const schedule = useScheduleMeeting();
  const submit = useSubmitOnce();
  const [v, setV] = useState({ title: '', description: '', when: '', duration: '60', meetingLink: '', location: '' });
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof v) => (value: string) => setV((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = meetingBodySchema.safeParse({
      title: v.title,
      description: v.description,
      startsAt: v.when ? new Date(v.when).toISOString() : '',
      durationMinutes: Number(v.duration),
      meetingLink: v.meetingLink.trim() || null,
      location: v.location.trim() || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (new Date(parsed.data.startsAt).getTime() <= Date.now()) return setError(POD_MEETING_IN_PAST);
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    schedule.mutate(
      { podId, body: parsed.data, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: () => {
          submit.succeeded();
          toast.success('Meeting scheduled: the pod was told');
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={v.title} maxLength={200} onChange={(e) => set('title')(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Textarea
          id={`${id}-description`}
          value={v.description}
          maxLength={2000}
          onChange={(e) => set('description')(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-when`}>Date and time</Label>
          <Input id={`${id}-when`} type="datetime-local" value={v.when} onChange={(e) => set('when')(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-duration`}>Duration (minutes)</Label>
          <Input
            id={`${id}-duration`}
            type="number"
            min={5}
            max={480}
            value={v.duration}
            onChange={(e) => set('duration')(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-link`}>Meeting link (https://)</Label>
        <Input
          id={`${id}-link`}
          type="url"
          value={v.meetingLink}
          onChange={(e) => set('meetingLink')(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-location`}>Or a place</Label>
        <Input
          id={`${id}-location`}
          value={v.location}
          maxLength={300}
          onChange={(e) => set('location')(e.target.value)}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <FormActions onCancel={onDone} isBusy={schedule.isPending} submitLabel="Schedule meeting" />
    </form>
  );
}
