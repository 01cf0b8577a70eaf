import { type AdminRitual, RITUAL_CATEGORY_MAX } from '@lunara/shared/content-studio';
import { MOON_PHASES } from '@lunara/shared/moon';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { useId } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCreateRitualTemplate, useUpdateRitualTemplate } from '../api/ritual-templates.ts';
import { useVersionedForm } from '../hooks/use-versioned-form.ts';
import { FormField } from './ritual-category-field.tsx';
import { SaveFailureNotice } from './ritual-category-save-conflict.tsx';
import { checkRitualForm, ritualFormValues } from './ritual-template-values.ts';

const PHASE_OPTIONS = MOON_PHASES.map((phase) => ({ value: phase.key, label: `${phase.emoji} ${phase.name}` }));

interface RitualTemplateFormProps {
  /** The template as loaded (its version is the one a save is made from); none to add one. */
  ritual?: AdminRitual;
  /** The phase a new template starts in. */
  defaultPhase?: MoonPhaseKey;
  /** Categories already in use, offered while typing. */
  categories: string[];
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** Loads the latest version after a conflict (the form is then opened afresh on it). */
  onReload: () => Promise<void>;
}

/** A ritual template: saved with an explicit Save; a stale save is refused with Reload offered. */
export function RitualTemplateForm({
  ritual,
  defaultPhase,
  categories,
  onSaved,
  onCancel,
  onDirtyChange,
  onReload,
}: RitualTemplateFormProps) {
  const id = useId();
  const create = useCreateRitualTemplate();
  const update = useUpdateRitualTemplate();
  const { values, errors, failure, reloading, set, handleSubmit, reload } = useVersionedForm({
    initialValues: () => ritualFormValues(ritual, defaultPhase),
    check: checkRitualForm,
    save: (body, idempotencyKey, callbacks) =>
      ritual
        ? update.mutate({ ritualId: ritual.id, body: { ...body, version: ritual.version } }, callbacks)
        : create.mutate({ body, idempotencyKey }, callbacks),
    savedMessage: ritual ? 'Ritual saved' : 'Ritual added',
    onSaved,
    onDirtyChange,
    onReload,
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
      aria-label={ritual ? 'Edit ritual' : 'New ritual'}
    >
      <FormField id={`${id}-title`} label="Title" error={errors.title}>
        {(control) => (
          <Input {...control} value={values.title} maxLength={120} onChange={(e) => set('title', e.target.value)} />
        )}
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        {(control) => (
          <Textarea {...control} value={values.description} onChange={(e) => set('description', e.target.value)} />
        )}
      </FormField>
      <FormField
        id={`${id}-instructions`}
        label="Instructions"
        hint="One step per line: members see them as a numbered list."
        error={errors.instructions}
      >
        {(control) => (
          <Textarea
            {...control}
            className="min-h-32"
            value={values.instructions}
            onChange={(e) => set('instructions', e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-minutes`} label="Duration (minutes)" error={errors.durationMinutes}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={480}
              value={values.durationMinutes}
              onChange={(e) => set('durationMinutes', e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-category`} label="Category" error={errors.category}>
          {(control) => (
            <>
              <Input
                {...control}
                list={`${id}-categories`}
                maxLength={RITUAL_CATEGORY_MAX}
                value={values.category}
                onChange={(e) => set('category', e.target.value)}
              />
              <datalist id={`${id}-categories`}>
                {categories.map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      </div>
      <FormField id={`${id}-phase`} label="Moon phase" error={errors.moonPhase}>
        {(control) => (
          <Select
            id={control.id}
            value={values.moonPhase}
            onValueChange={(phase) => set('moonPhase', phase as MoonPhaseKey)}
            options={PHASE_OPTIONS}
          />
        )}
      </FormField>
      <SaveFailureNotice failure={failure} onReload={reload} isReloading={reloading} />
      <FormActions
        onCancel={onCancel}
        isBusy={create.isPending || update.isPending}
        submitLabel={ritual ? 'Save ritual' : 'Add ritual'}
      />
    </form>
  );
}
