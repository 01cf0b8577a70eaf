import type { ReactNode } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Label } from '../../../components/ui/label.tsx';

/** What a control needs to be tied to its label and its error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled field with its error under it, read out with the control (aria-describedby). */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
