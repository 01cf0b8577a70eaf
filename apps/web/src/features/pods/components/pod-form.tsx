import { type AdminPod, POD_MAX_CAPACITY, POD_MIN_CAPACITY, type PodPerson, podBodySchema } from '@lunara/shared/pods';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useCreatePod, useUpdatePod } from '../api/pods.ts';
import { MentorPicker } from './mentor-picker.tsx';

/** A new or edited pod, with its mentor; an edit is sent with the version it was read at. */
export function PodForm({ pod, onDone }: { pod?: AdminPod; onDone: () => void }) {
  const id = useId();
  const create = useCreatePod();
  const update = useUpdatePod();
  const submit = useSubmitOnce();
  const [v, setV] = useState({
    name: pod?.name ?? '',
    description: pod?.description ?? '',
    focus: pod?.focus ?? '',
    capacity: String(pod?.capacity ?? 6),
  });
  const [mentor, setMentor] = useState<Pick<PodPerson, 'id' | 'displayName'> | null>(pod?.mentor ?? null);
  const [isOpen, setIsOpen] = useState(pod?.isOpen ?? true);
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof v) => (value: string) => setV((current) => ({ ...current, [key]: value }));
  const isBusy = create.isPending || update.isPending;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!mentor) return setError('Choose a mentor');
    const parsed = podBodySchema.safeParse({ ...v, capacity: Number(v.capacity), mentorId: mentor.id, isOpen });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const onError = (failure: Error) => setError(failure.message);
    if (pod) {
      update.mutate(
        { podId: pod.id, body: { ...parsed.data, version: pod.version } },
        {
          onSuccess: () => {
            toast.success('Pod saved');
            onDone();
          },
          onError,
        },
      );
      return;
    }
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    create.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: () => {
          submit.succeeded();
          toast.success('Pod created');
          onDone();
        },
        onError,
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={v.name} maxLength={120} onChange={(e) => set('name')(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={v.description}
          maxLength={2000}
          onChange={(e) => set('description')(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-focus`}>Focus</Label>
          <Input id={`${id}-focus`} value={v.focus} maxLength={120} onChange={(e) => set('focus')(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-capacity`}>Capacity (people, mentor included)</Label>
          <Input
            id={`${id}-capacity`}
            type="number"
            min={POD_MIN_CAPACITY}
            max={POD_MAX_CAPACITY}
            aria-describedby={`${id}-capacity-hint`}
            value={v.capacity}
            onChange={(e) => set('capacity')(e.target.value)}
          />
          <p id={`${id}-capacity-hint`} className="text-xs text-ink-muted">
            {POD_MIN_CAPACITY} to {POD_MAX_CAPACITY}. The mentor takes one place: 6 means the mentor and five members.
          </p>
        </div>
      </div>
      <MentorPicker mentor={mentor} onChange={setMentor} />
      {pod && (
        <p className="text-xs text-ink-muted">
          A new mentor joins the pod (and its conversation) if she is not in it yet; the former mentor stays as a
          member, and can be removed from the pod page.
        </p>
      )}
      <div className="flex items-center gap-3">
        <Switch id={`${id}-open`} checked={isOpen} onCheckedChange={setIsOpen} />
        <Label htmlFor={`${id}-open`}>Open (listed to members, taking requests)</Label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <FormActions onCancel={onDone} isBusy={isBusy} submitLabel={pod ? 'Save pod' : 'Create pod'} />
    </form>
  );
}
