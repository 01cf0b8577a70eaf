import type { AdminForumCategory } from '@lunara/shared/content-studio';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useCreateForumCategory, useUpdateForumCategory } from '../api/forum-categories.ts';
import { CategoryColorPicker, CategoryIconPicker } from './category-pickers.tsx';
import { type CategoryFormValues, categoryFormValues, checkCategoryForm } from './category-values.ts';
import { FormField } from './ritual-category-field.tsx';
import { hasChanges, type SaveFailure, saveFailureOf } from './ritual-category-form-state.ts';
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
  const [initial] = useState(() => categoryFormValues(category));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [reloading, setReloading] = useState(false);
  const create = useCreateForumCategory();
  const update = useUpdateForumCategory();
  const submitOnce = useSubmitOnce();
  const dirty = hasChanges(values, initial);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = <K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkCategoryForm(values);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setFailure(null);
    // One save at a time: a double click lands before the button shows it is busy.
    const key = submitOnce.begin();
    if (!key) return;
    const callbacks = {
      onSuccess: () => {
        submitOnce.succeeded();
        toast.success(category ? 'Category saved' : 'Category added');
        onSaved();
      },
      onError: (error: Error) => setFailure(saveFailureOf(error)),
      onSettled: submitOnce.settled,
    };
    if (category) {
      update.mutate({ categoryId: category.id, body: { ...checked.body, version: category.version } }, callbacks);
    } else {
      create.mutate({ body: checked.body, idempotencyKey: key }, callbacks);
    }
  }

  async function reload() {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  }

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
      <SaveFailureNotice failure={failure} onReload={() => void reload()} isReloading={reloading} />
      <FormActions
        onCancel={onCancel}
        isBusy={create.isPending || update.isPending}
        submitLabel={category ? 'Save category' : 'Add category'}
      />
    </form>
  );
}
