import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { warnBeforeUnload } from '../hooks/leave-guard.ts';

/** While `active`, leaving or reloading the page asks the browser's own question first. */
function useLeaveWarning(active: boolean) {
  useEffect(() => (active ? warnBeforeUnload(window, () => true) : undefined), [active]);
}

/**
 * The dialog of a ritual or category form. Closing it with unsaved changes (Escape, ×, Cancel, a click
 * outside) asks "Discard your changes?" first; so does leaving the page. The form calls `requestClose`
 * for Cancel and `onClose` directly once saved.
 */
export function EditDialog({
  open,
  title,
  isDirty,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  isDirty: boolean;
  onClose: () => void;
  children: (requestClose: () => void) => ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  useLeaveWarning(open && isDirty);
  const requestClose = () => (isDirty ? setAsking(true) : onClose());

  // The question is a dialog nested in the form's (Radix stacks them: focus, Escape and outside clicks
  // go to the top one, and the form's stays hidden from assistive technology until it is answered).
  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      {open && (
        <DialogContent title={title}>
          {children(requestClose)}
          <Dialog open={asking} onOpenChange={setAsking}>
            <DialogContent
              title="Discard your changes?"
              description="What you changed in this form has not been saved."
            >
              <div className="flex justify-end gap-3">
                <Button variant="outline" onClick={() => setAsking(false)}>
                  Keep editing
                </Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    setAsking(false);
                    onClose();
                  }}
                >
                  Discard changes
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </DialogContent>
      )}
    </Dialog>
  );
}
