import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useShareBath } from '../api/saved-baths.ts';

/** Shares a saved bath to the community feed, with a few words of her own; a failed send keeps them. */
export function ShareBathDialog({
  bathId,
  open,
  onOpenChange,
}: {
  bathId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const share = useShareBath();
  const submitOnce = useSubmitOnce();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const key = submitOnce.begin();
    if (!key) return;
    setError(undefined);
    share.mutate(
      { bathId, body: { note }, idempotencyKey: key },
      {
        onSuccess: () => {
          submitOnce.succeeded();
          toast.success('Your bath was shared with the community (+10 points)');
          setNote('');
          onOpenChange(false);
        },
        onError: (failure) => setError(failure.message),
        onSettled: submitOnce.settled,
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Share your bath" description="The recipe goes to the community feed as a post.">
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-note`}>A few words of your own (optional)</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              maxLength={1000}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={share.isPending}>
              {share.isPending ? 'Sharing...' : 'Share to the feed'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
