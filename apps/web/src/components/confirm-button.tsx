import { type ReactNode, useState } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once.ts';
import { lazyPart } from './lazy-part.tsx';
import { Button, type ButtonVariant } from './ui/button.tsx';

// On every post and list row that can be deleted: the dialog's code downloads when first wanted, and
// stays mounted after, so it closes animated.
const ConfirmDialog = lazyPart(
  'components/confirm-dialog.tsx',
  () => import('./confirm-dialog.tsx').then((module) => module.ConfirmDialog),
  null,
);

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
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button variant={variant} size="sm" aria-label={label} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {opened && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={title}
          description={description}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          onConfirm={onConfirm}
        />
      )}
    </>
  );
}
