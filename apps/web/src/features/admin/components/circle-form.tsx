import { type AdminCircle, circleBodySchema } from '@lunara/shared/admin';
import type { CircleType } from '@lunara/shared/community';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { createCircle, updateCircle, useAdminMutation } from '../api/admin-api.ts';

const TYPES = [
  { value: 'open', label: 'Open (requests approved by moderators)' },
  { value: 'specialized', label: 'Specialized (join at once)' },
  { value: 'course_aligned', label: 'Course aligned (join at once)' },
  { value: 'private', label: 'Private (invitation only)' },
];

/** A new or edited circle; an inactive circle disappears from the members' lists. */
export function CircleForm({ circle, onDone }: { circle?: AdminCircle; onDone: () => void }) {
  const id = useId();
  const create = useAdminMutation(createCircle);
  const update = useAdminMutation(updateCircle);
  const save = circle ? update : create;
  const [v, setV] = useState({
    name: circle?.name ?? '',
    description: circle?.description ?? '',
    type: (circle?.type ?? 'open') as CircleType,
    focusArea: circle?.focusArea ?? '',
    maxMembers: String(circle?.maxMembers ?? 20),
  });
  const [isActive, setIsActive] = useState(circle?.isActive ?? true);
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof v) => (value: string) => setV((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = circleBodySchema.safeParse({ ...v, maxMembers: Number(v.maxMembers), isActive });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const done = {
      onSuccess: () => {
        toast.success(circle ? 'Circle updated' : 'Circle created');
        onDone();
      },
      onError: (failure: Error) =>
        toast.error(circle ? 'Failed to update circle' : 'Failed to create circle', { description: failure.message }),
    };
    if (circle) update.mutate({ circleId: circle.id, body: parsed.data }, done);
    else create.mutate(parsed.data, done);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={v.name} onChange={(e) => set('name')(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} value={v.description} onChange={(e) => set('description')(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select id={`${id}-type`} value={v.type} onValueChange={set('type')} options={TYPES} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-focus`}>Focus area</Label>
          <Input id={`${id}-focus`} value={v.focusArea} onChange={(e) => set('focusArea')(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-size`}>Capacity</Label>
          <Input
            id={`${id}-size`}
            type="number"
            min={1}
            value={v.maxMembers}
            onChange={(e) => set('maxMembers')(e.target.value)}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {circle && (
        <div className="flex items-center gap-3">
          <Switch id={`${id}-active`} checked={isActive} onCheckedChange={setIsActive} />
          <Label htmlFor={`${id}-active`}>Active (shown to members)</Label>
        </div>
      )}
      <FormActions onCancel={onDone} isBusy={save.isPending} submitLabel={circle ? 'Save circle' : 'Create circle'} />
    </form>
  );
}
