import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';

/**
 * A button that asks for one title in a dialog, then runs `onSubmit` (which throws to show a message).
 * One send at a time: a double click while it runs does nothing. `onSubmit` gets the idempotency key of
 * the item being created, the same for a retry after a failure.
 */
export function TitleDialogButton({
  trigger,
  triggerLabel,
  variant = 'outline',
  size = 'sm',
  title,
  description,
  fieldLabel,
  submitLabel,
  busyLabel = 'Saving…',
  maxLength,
  validate,
  onSubmit,
}: {
  trigger: ReactNode;
  /** The trigger's accessible name when it differs from its text (several on a page). */
  triggerLabel?: string;
  variant?: ButtonVariant;
  size?: ComponentProps<typeof Button>['size'];
  title: string;
  description?: string;
  fieldLabel: string;
  submitLabel: string;
  busyLabel?: string;
  maxLength: number;
  validate: (value: string) => string | null;
  onSubmit: (value: string, idempotencyKey: string) => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const submitOnce = useSubmitOnce();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validate(value);
    if (invalid) return setError(invalid);
    // A double click lands before the button re-renders as busy.
    const idempotencyKey = submitOnce.begin();
    if (!idempotencyKey) return;
    setIsSending(true);
    setError(undefined);
    try {
      await onSubmit(value.trim(), idempotencyKey);
      submitOnce.succeeded();
      setOpen(false);
      setValue('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again');
    } finally {
      submitOnce.settled();
      setIsSending(false);
    }
  }

  return (
    <>
      <Button variant={variant} size={size} aria-label={triggerLabel} onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
      >
        <DialogContent title={title} description={description}>
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-value`}>{fieldLabel}</Label>
              <Input
                id={`${id}-value`}
                value={value}
                maxLength={maxLength}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setValue(event.target.value)}
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
            <FormActions
              onCancel={() => setOpen(false)}
              isBusy={isSending}
              submitLabel={submitLabel}
              busyLabel={busyLabel}
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
