import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusReturnTargets, returnFocus } from '../../lib/focus-return.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Notes where focus goes back when the dialog closes (lib/focus-return.ts). It runs as the dialog first
 * renders, while the control that opened it still has the focus: the dialog takes it only afterwards.
 */
function RememberOpener({ into }: { into: RefObject<HTMLElement[]> }) {
  const [targets] = useState(() => (typeof document === 'undefined' ? [] : focusReturnTargets(document.activeElement)));
  useLayoutEffect(() => {
    into.current = targets;
  }, [into, targets]);
  return null;
}

/**
 * A modal with a title (and optional description), focus trapped, closed by Escape or the × button; on
 * closing, focus goes back to the control that opened it.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const returnTo = useRef<HTMLElement[]>([]);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-night-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        // Radix gives focus back to a DialogTrigger only; most dialogs here are opened by state.
        onCloseAutoFocus={(event) => {
          if (returnFocus(returnTo.current)) event.preventDefault();
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem-env(safe-area-inset-top)-env(safe-area-inset-bottom))] max-w-lg -translate-x-1/2 -translate-y-1/2',
          // Clear of a notch on either side when the phone lies on its side.
          'w-[calc(100%-2rem-env(safe-area-inset-left)-env(safe-area-inset-right))]',
          'overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-card',
          className,
        )}
      >
        <RememberOpener into={returnTo} />
        <DialogPrimitive.Title className="pr-8 font-display text-2xl text-night-900 [overflow-wrap:anywhere]">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-ink-muted [overflow-wrap:anywhere]">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-5">{children}</div>
        <DialogPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-moon-100 pointer-coarse:size-11"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
