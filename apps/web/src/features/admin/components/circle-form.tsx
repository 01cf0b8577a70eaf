import { circleBodySchema } from '@lunara/shared/admin';
import type { CircleType } from '@lunara/shared/community';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { createCircle, useAdminMutation } from '../api/admin-api.ts';

const TYPES = [
  { value: 'open', label: 'Open (requests approved by moderators)' },
  { value: 'specialized', label: 'Specialized (join at once)' },
  { value: 'course_aligned', label: 'Course aligned (join at once)' },
  { value: 'private', label: 'Private (invitation only)' },
];

export function CircleForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const create = useAdminMutation(createCircle);
  const [v, setV] = useState({
    name: '',
    description: '',
    type: 'open' as CircleType,
    focusArea: '',
    maxMembers: '20',
  });
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof v) => (value: string) => setV((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = circleBodySchema.safeParse({ ...v, maxMembers: Number(v.maxMembers), isActive: true });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Circle created');
        onDone();
      },
      onError: (failure) => toast.error('Failed to create circle', { description: failure.message }),
    });
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
      <FormActions onCancel={onDone} isBusy={create.isPending} submitLabel="Create circle" />
    </form>
  );
}
