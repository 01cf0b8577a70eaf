import { Button } from './ui/button.tsx';

/** The end of every form: Cancel, and the submit button that says what it is doing while busy. */
export function FormActions({
  onCancel,
  isBusy,
  submitLabel,
  busyLabel = 'Saving...',
}: {
  onCancel: () => void;
  isBusy: boolean;
  submitLabel: string;
  busyLabel?: string;
}) {
  return (
    <div className="flex justify-end gap-3">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
