import type { AdminForumCategory } from '@lunara/shared/content-studio';
import { useId } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCreateForumCategory, useUpdateForumCategory } from '../api/forum-categories.ts';
import { useVersionedForm } from '../hooks/use-versioned-form.ts';
import { CategoryColorPicker, CategoryIconPicker } from './category-pickers.tsx';
import { categoryFormValues, checkCategoryForm } from './category-values.ts';
import { FormField } from './ritual-category-field.tsx';
import { SaveFailureNotice } from './ritual-category-save-conflict.tsx';

interface CategoryFormProps {
  /** The category as loaded (its version is the one a save is made from); none to add one. */
  category?: AdminForumCategory;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** Loads the latest version after a conflict (the form is then opened afresh on it). */
  onReload: () => Promise<void>;
}

/** A forum category: saved with an explicit Save; a stale save is refused with Reload offered. */
export function CategoryForm({ category, onSaved, onCancel, onDirtyChange, onReload }: CategoryFormProps) {
  const id = useId();
  const create = useCreateForumCategory();
  const update = useUpdateForumCategory();
  const { values, errors, failure, reloading, set, handleSubmit, reload } = useVersionedForm({
    initialValues: () => categoryFormValues(category),
    check: checkCategoryForm,
    save: (body, idempotencyKey, callbacks) =>
      category
        ? update.mutate({ categoryId: category.id, body: { ...body, version: category.version } }, callbacks)
        : create.mutate({ body, idempotencyKey }, callbacks),
    savedMessage: category ? 'Category saved' : 'Category added',
    onSaved,
    onDirtyChange,
    onReload,
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
      aria-label={category ? 'Edit category' : 'New category'}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        {(control) => (
          <Input {...control} value={values.name} maxLength={60} onChange={(e) => set('name', e.target.value)} />
        )}
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            value={values.description}
            maxLength={300}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </FormField>
      <CategoryIconPicker
        name={`${id}-icon`}
        value={values.icon}
        color={values.color}
        error={errors.icon}
        onChange={(icon) => set('icon', icon)}
      />
      <CategoryColorPicker
        name={`${id}-color`}
        value={values.color}
        error={errors.color}
        onChange={(color) => set('color', color)}
      />
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-visible`}
          checked={values.isActive}
          onCheckedChange={(checked) => set('isActive', checked)}
          aria-describedby={`${id}-visible-hint`}
        />
        <Label htmlFor={`${id}-visible`}>Visible in the forums</Label>
      </div>
      <p id={`${id}-visible-hint`} className="-mt-2 text-xs text-ink-muted">
        A hidden category leaves the forums and takes no new topics; its topics are kept.
      </p>
      <SaveFailureNotice failure={failure} onReload={reload} isReloading={reloading} />
      <FormActions
        onCancel={onCancel}
        isBusy={create.isPending || update.isPending}
        submitLabel={category ? 'Save category' : 'Add category'}
      />
    </form>
  );
}
