import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';

/**
 * The portal's "Cancel subscription": it asks first, saying what cancelling means, since a slip of the
 * finger would otherwise end the membership at the period's end without a word.
 */
export function CancelMembershipButton({
  endsOn,
  isPending,
  onConfirm,
}: {
  endsOn: Date | null;
  isPending: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  const until = endsOn ? `until ${formatLongDate(endsOn)}` : 'until the end of the period';
  return (
    <>
      <Button variant="outline" disabled={isPending} onClick={() => setOpen(true)}>
        {isPending ? 'Cancelling...' : 'Cancel subscription'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Cancel your membership?"
          description={`You keep full access ${until}, and you can resume the membership any time before then.`}
        >
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep membership
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              Cancel membership
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
