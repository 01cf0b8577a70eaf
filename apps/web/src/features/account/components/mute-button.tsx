import { Bell, BellOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useMuteState, useSetMuted } from '../api/blocks.ts';

const WHAT = { conversation: 'conversation', topic: 'topic' } as const;

/**
 * Mute or unmute a conversation or a forum topic: no notifications from it, while it stays readable and
 * its unread counts still move. Pressed while muted, and says so.
 */
export function MuteButton({
  target,
  className,
}: {
  target: { kind: 'conversation' | 'topic'; id: string };
  className?: string;
}) {
  const mute = useMuteState(target);
  const setMuted = useSetMuted(target);
  if (!mute.data) return null;
  const muted = mute.data.muted;
  const what = WHAT[target.kind];
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(muted && 'text-rose-700', className)}
      aria-pressed={muted}
      aria-label={muted ? `Unmute this ${what}` : `Mute this ${what}`}
      title={muted ? `Muted: no notifications from this ${what}` : `Mute notifications from this ${what}`}
      disabled={setMuted.isPending}
      onClick={() =>
        setMuted.mutate(!muted, {
          onSuccess: (state) =>
            toast.success(
              state.muted ? `${what === 'topic' ? 'Topic' : 'Conversation'} muted` : 'Notifications back on',
              {
                description: state.muted ? `You won't be notified of anything new in this ${what}.` : undefined,
              },
            ),
          onError: (error) => toast.error('Could not change this', { description: error.message }),
        })
      }
    >
      {muted ? <BellOff className="size-4" aria-hidden="true" /> : <Bell className="size-4" aria-hidden="true" />}
      <span className="text-xs">{muted ? 'Muted' : 'Mute'}</span>
    </Button>
  );
}
