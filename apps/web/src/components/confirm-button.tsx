import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from './ui/button.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';

interface ConfirmButtonProps {
  /** The trigger's content and accessible name. */
  children: ReactNode;
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes it without acting ("Keep event" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  onConfirm: () => void;
  variant?: ButtonVariant;
}

/** A button that asks first, in a keyboard-operable dialog. */
export function ConfirmButton({
  children,
  label,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  variant = 'ghost',
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size="sm" aria-label={label} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={title} description={description}>
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {cancelLabel}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
