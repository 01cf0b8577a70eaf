import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { hasChanges, type SaveFailure, saveFailureOf } from '../components/ritual-category-form-state.ts';

/** What a save reports back; the form's mutation calls these (a react-query `mutate`'s own callbacks). */
export interface SaveCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onSettled: () => void;
}

/**
 * An add/edit form saved with an explicit Save (the ritual and forum category forms): the values as
 * typed, each field's message, and why the last save failed. A stale save is refused by the server;
 * `reload` then asks the dialog for the latest version, which opens the form afresh on it.
 */
export function useVersionedForm<TValues extends Record<string, unknown>, TBody>({
  initialValues,
  check,
  save,
  savedMessage,
  onSaved,
  onDirtyChange,
  onReload,
}: {
  initialValues: () => TValues;
  /** The values checked with the server's own schema: the body to send, or each field's message. */
  check: (
    values: TValues,
  ) => { body: TBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> };
  save: (body: TBody, idempotencyKey: string, callbacks: SaveCallbacks) => void;
  savedMessage: string;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onReload: () => Promise<void>;
}) {
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [reloading, setReloading] = useState(false);
  const submitOnce = useSubmitOnce();
  const dirty = hasChanges(values, initial);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = <K extends keyof TValues>(key: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // The message goes once the field is touched again; the whole form is checked on Save.
    setErrors(({ [key as string]: _fixed, ...rest }) => rest);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = check(values);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setFailure(null);
    // One save at a time: a double click lands before the button shows it is busy.
    const key = submitOnce.begin();
    if (!key) return;
    save(checked.body, key, {
      onSuccess: () => {
        submitOnce.succeeded();
        toast.success(savedMessage);
        onSaved();
      },
      onError: (error) => setFailure(saveFailureOf(error)),
      onSettled: submitOnce.settled,
    });
  }

  async function reload() {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  }

  return { values, errors, failure, reloading, set, handleSubmit, reload: () => void reload() };
}
