import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';

/** A labelled field with an optional hint under it (the hint is the control's description). */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The first message a zod check gives, or null when it passes. */
export function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Check this field');
}
