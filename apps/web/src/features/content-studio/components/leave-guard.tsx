import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { installLeaveGuard } from '../hooks/leave-guard.ts';

/** While `when` holds, leaving the page by a link or closing the tab asks first (see leave-guard.ts). */
export function LeaveGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [destination, setDestination] = useState<string | null>(null);
  const dirty = useRef(when);
  dirty.current = when;

  useEffect(
    () =>
      installLeaveGuard({
        document,
        window,
        isDirty: () => dirty.current,
        onBlocked: setDestination,
      }),
    [],
  );

  return (
    <Dialog open={destination !== null} onOpenChange={(open) => !open && setDestination(null)}>
      <DialogContent
        title="Leave without saving?"
        description="Some of your changes are not saved yet. If you leave now, they may be lost."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={() => setDestination(null)}>
            Stay on this page
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              const to = destination;
              setDestination(null);
              // The guard is off for this one navigation: she chose to go.
              dirty.current = false;
              if (to) navigate(to);
            }}
          >
            Leave anyway
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
