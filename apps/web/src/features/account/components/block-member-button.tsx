import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBlockState, useSetBlocked } from '../api/blocks.ts';

/** What blocking does, said before she confirms (the same words wherever she blocks from). */
export const BLOCK_EXPLANATION =
  "You won't see each other's posts, comments or replies, and neither of you can message the other. She won't be told. You can unblock her at any time in Settings.";

/**
 * "Block" (asking first, in a keyboard-operable dialog) or "Unblock" for one member, from her profile or
 * a conversation. Whether the other blocked her is never known here: the server does not say.
 */
export function BlockMemberButton({
  userId,
  name,
  variant = 'outline',
  compact = false,
  onChange,
}: {
  userId: string;
  name: string;
  variant?: ButtonVariant;
  /** In a narrow header: the icon alone on phones (the word stays its accessible name). */
  compact?: boolean;
  onChange?: (blocked: boolean) => void;
}) {
  const word = (text: string) => (compact ? <span className="sr-only sm:not-sr-only">{text}</span> : text);
  const state = useBlockState(userId);
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  if (!state.data) return null;
  const blocked = state.data.blocked;

  const change = (next: boolean) =>
    setBlocked.mutate(
      { userId, blocked: next },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(next ? `You blocked ${name}` : `You unblocked ${name}`);
          onChange?.(next);
        },
        onError: (error) => toast.error(next ? 'Could not block' : 'Could not unblock', { description: error.message }),
      },
    );

  if (blocked) {
    return (
      <Button variant={variant} size="sm" disabled={setBlocked.isPending} onClick={() => change(false)}>
        {setBlocked.isPending ? 'Unblocking...' : 'Unblock'}
      </Button>
    );
  }
  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setConfirming(true)}>
        <Ban className="size-4" aria-hidden="true" />
        {word('Block')}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title={`Block ${name}?`} description={BLOCK_EXPLANATION}>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={setBlocked.isPending} onClick={() => change(true)}>
              {setBlocked.isPending ? 'Blocking...' : `Block ${name}`}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
