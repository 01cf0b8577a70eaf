import type { AdminBathIngredient } from '@lunara/shared/bath-schemas';
import {
  BATH_CAUTION_LABELS,
  BATH_CAUTIONS,
  BATH_INGREDIENT_KINDS,
  BATH_INTENTION_INFO,
  BATH_KIND_LABELS,
  type BathIngredientKind,
} from '@lunara/shared/baths';
import { MOON_PHASES } from '@lunara/shared/moon';
import { useId } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCreateBathIngredient, useUpdateBathIngredient } from '../api/bath-ingredients.ts';
import { useVersionedForm } from '../hooks/use-versioned-form.ts';
import { bathIngredientFormValues, checkBathIngredientForm, listOf, toggleIn } from './bath-ingredient-values.ts';
import { FormField } from './ritual-category-field.tsx';
import { SaveFailureNotice } from './ritual-category-save-conflict.tsx';

const KIND_OPTIONS = BATH_INGREDIENT_KINDS.map((kind) => ({ value: kind, label: BATH_KIND_LABELS[kind].one }));

/** A row of checkboxes over one of the shared lists, with the field's error under it. */
function CheckboxGroup({
  legend,
  name,
  options,
  value,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${name}-error`;
  const checked = new Set(listOf(value));
  const all = options.map((option) => option.value);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm pointer-coarse:min-h-11">
            <input
              type="checkbox"
              className="size-4 accent-night-900"
              checked={checked.has(option.value)}
              onChange={() => onChange(toggleIn(value, option.value, all))}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

interface BathIngredientFormProps {
  /** The ingredient as loaded (its version is the one a save is made from); none to add one. */
  ingredient?: AdminBathIngredient;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onReload: () => Promise<void>;
}

/** A bath ingredient: saved with an explicit Save; a stale save is refused with Reload offered. */
export function BathIngredientForm({
  ingredient,
  onSaved,
  onCancel,
  onDirtyChange,
  onReload,
}: BathIngredientFormProps) {
  const id = useId();
  const create = useCreateBathIngredient();
  const update = useUpdateBathIngredient();
  const { values, errors, failure, reloading, set, handleSubmit, reload } = useVersionedForm({
    initialValues: () => bathIngredientFormValues(ingredient),
    check: checkBathIngredientForm,
    save: (body, idempotencyKey, callbacks) =>
      ingredient
        ? update.mutate({ ingredientId: ingredient.id, body: { ...body, version: ingredient.version } }, callbacks)
        : create.mutate({ body, idempotencyKey }, callbacks),
    savedMessage: ingredient ? 'Ingredient saved' : 'Ingredient added',
    onSaved,
    onDirtyChange,
    onReload,
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
      aria-label={ingredient ? 'Edit ingredient' : 'New ingredient'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name}>
          {(control) => (
            <Input {...control} value={values.name} maxLength={60} onChange={(e) => set('name', e.target.value)} />
          )}
        </FormField>
        <FormField id={`${id}-kind`} label="Kind" error={errors.kind}>
          {(control) => (
            <Select
              id={control.id}
              value={values.kind}
              onValueChange={(kind) => set('kind', kind as BathIngredientKind)}
              options={KIND_OPTIONS}
            />
          )}
        </FormField>
      </div>
      <FormField id={`${id}-properties`} label="Properties" error={errors.properties}>
        {(control) => (
          <Textarea {...control} value={values.properties} onChange={(e) => set('properties', e.target.value)} />
        )}
      </FormField>
      <FormField
        id={`${id}-amount`}
        label="Amount for one bath"
        hint="As members will read it: “2 cups”, “3 drops”, “1 stone”."
        error={errors.amount}
      >
        {(control) => (
          <Input {...control} value={values.amount} maxLength={40} onChange={(e) => set('amount', e.target.value)} />
        )}
      </FormField>
      <CheckboxGroup
        legend="Cautions"
        name={`${id}-cautions`}
        options={BATH_CAUTIONS.map((caution) => ({ value: caution, label: BATH_CAUTION_LABELS[caution] }))}
        value={values.cautionTags}
        error={errors.cautionTags}
        onChange={(value) => set('cautionTags', value)}
      />
      <FormField
        id={`${id}-caution`}
        label="Caution in your words (optional)"
        hint="Write it as a caution, not a medical claim."
        error={errors.caution}
      >
        {(control) => <Textarea {...control} value={values.caution} onChange={(e) => set('caution', e.target.value)} />}
      </FormField>
      <CheckboxGroup
        legend="Intentions it suits"
        name={`${id}-intentions`}
        options={BATH_INTENTION_INFO.map((intention) => ({ value: intention.key, label: intention.label }))}
        value={values.intentions}
        error={errors.intentions}
        onChange={(value) => set('intentions', value)}
      />
      <CheckboxGroup
        legend="Moon phases it suits"
        name={`${id}-phases`}
        options={MOON_PHASES.map((phase) => ({ value: phase.key, label: `${phase.emoji} ${phase.name}` }))}
        value={values.moonPhases}
        error={errors.moonPhases}
        onChange={(value) => set('moonPhases', value)}
      />
      <div className="flex items-center gap-3">
        <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked)} />
        <Label htmlFor={`${id}-active`}>Offered in the bath builder</Label>
      </div>
      <SaveFailureNotice failure={failure} onReload={reload} isReloading={reloading} />
      <FormActions
        onCancel={onCancel}
        isBusy={create.isPending || update.isPending}
        submitLabel={ingredient ? 'Save ingredient' : 'Add ingredient'}
      />
    </form>
  );
}
