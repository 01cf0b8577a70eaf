import { MOON_PHASES } from '@lunara/shared/moon';
import { type CreateRitualBody, createRitualBodySchema, type Ritual } from '@lunara/shared/ritual-schemas';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateOwnRitual } from '../api/journal.ts';
import { useCreateRitual } from '../api/rituals.ts';
import { OWN_RITUAL_POINTS_NOTE } from '../own-ritual-points.ts';

const PHASE_OPTIONS = MOON_PHASES.map((phase) => ({ value: phase.key, label: `${phase.emoji} ${phase.name}` }));

/** A member's own ritual: only she sees it, alongside the templates. Given `ritual`, it edits that one. */
export function OwnRitualForm({
  defaultPhase,
  onDone,
  ritual,
}: {
  defaultPhase: MoonPhaseKey;
  onDone: () => void;
  ritual?: Ritual;
}) {
  const id = useId();
  const [values, setValues] = useState({
    title: ritual?.title ?? '',
    description: ritual?.description ?? '',
    instructions: ritual?.instructions ?? '',
    durationMinutes: String(ritual?.durationMinutes ?? 15),
    moonPhase: ritual?.moonPhase ?? defaultPhase,
  });
  const [error, setError] = useState<string>();
  const create = useCreateRitual();
  const update = useUpdateOwnRitual();
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createRitualBodySchema.safeParse({ ...values, durationMinutes: Number(values.durationMinutes) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (ritual) {
      update.mutate(
        { ritualId: ritual.id, body: parsed.data },
        {
          onSuccess: () => {
            toast.success('Your ritual was saved');
            onDone();
          },
          onError: (failure) => toast.error('Failed to save ritual', { description: failure.message }),
        },
      );
      return;
    }
    create.mutate(parsed.data satisfies CreateRitualBody, {
      onSuccess: () => {
        toast.success('Your ritual was added');
        onDone();
      },
      onError: (failure) => toast.error('Failed to add ritual', { description: failure.message }),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={values.title}
          maxLength={120}
          onChange={(event) => set('title')(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          value={values.description}
          onChange={(event) => set('description')(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-steps`}>Steps (one per line)</Label>
        <Textarea
          id={`${id}-steps`}
          value={values.instructions}
          onChange={(event) => set('instructions')(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-minutes`}>Minutes</Label>
          <Input
            id={`${id}-minutes`}
            type="number"
            min={1}
            max={480}
            value={values.durationMinutes}
            onChange={(event) => set('durationMinutes')(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-phase`}>Moon phase</Label>
          <Select
            id={`${id}-phase`}
            value={values.moonPhase}
            onValueChange={set('moonPhase')}
            options={PHASE_OPTIONS}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <p className="text-sm text-ink-muted">{OWN_RITUAL_POINTS_NOTE}</p>
      <FormActions
        onCancel={onDone}
        isBusy={create.isPending || update.isPending}
        submitLabel={ritual ? 'Save Ritual' : 'Add Ritual'}
      />
    </form>
  );
}
