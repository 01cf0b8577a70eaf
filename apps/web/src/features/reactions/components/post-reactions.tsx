import type { ReactionCounts } from '@lunara/shared/reactions';
import { REACTIONS, type ReactionKey } from '@lunara/shared/reactions-constants';
import { SmilePlus } from 'lucide-react';
import { useState } from 'react';
import { lazyMenu } from '../../../components/lazy-menu.tsx';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { useSetReaction } from '../api/reactions.ts';

// A feed page draws this under every post: the menu's and the dialog's code download when first wanted.
const ReactionMenu = lazyMenu(() => import('./reaction-menu.tsx').then((module) => module.ReactionMenu));
const ReactorsDialog = lazyPart(
  'features/reactions/components/reactors-dialog.tsx',
  () => import('./reactors-dialog.tsx').then((module) => module.ReactorsDialog),
  null,
);

interface PostReactionsProps {
  postId: string;
  counts: ReactionCounts;
  mine: ReactionKey[];
}

/**
 * "React" opens a menu of the five reactions (Radix: arrow keys, Escape, focus back on the button); the
 * reactions given so far show as chips with their counts, pressed for hers, a click toggles hers.
 */
export function PostReactions({ postId, counts, mine }: PostReactionsProps) {
  const react = useSetReaction();
  const [whoOpen, setWhoOpen] = useState(false);
  const whoOpened = useOpenedOnce(whoOpen);
  const given = REACTIONS.filter((reaction) => (counts[reaction.key] ?? 0) > 0);
  const toggle = (reaction: ReactionKey) =>
    react.mutate(
      { postId, reaction, isOn: !mine.includes(reaction) },
      { onError: (error) => toast.error('Failed to update reaction', { description: error.message }) },
    );

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ReactionMenu
        mine={mine}
        onToggle={toggle}
        trigger={
          <Button variant="ghost" size="sm" aria-label="React">
            <SmilePlus className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">React</span>
          </Button>
        }
      />
      {given.map((reaction) => {
        const count = counts[reaction.key] ?? 0;
        const isMine = mine.includes(reaction.key);
        return (
          <button
            key={reaction.key}
            type="button"
            aria-pressed={isMine}
            aria-label={`${reaction.label}: ${count}`}
            disabled={react.isPending}
            onClick={() => toggle(reaction.key)}
            className={cn(
              'inline-flex h-8 items-center gap-1 rounded-full border px-2.5 text-sm transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-night-700',
              isMine
                ? 'border-rose-500 bg-rose-300/25 text-rose-700'
                : 'border-line bg-white text-ink hover:bg-moon-100',
            )}
          >
            <span aria-hidden="true">{reaction.emoji}</span>
            <span className="tabular-nums">{count}</span>
          </button>
        );
      })}
      {given.length > 0 && (
        <Button variant="link" size="sm" className="text-sm" onClick={() => setWhoOpen(true)}>
          Who reacted
        </Button>
      )}
      {whoOpened && <ReactorsDialog postId={postId} counts={counts} open={whoOpen} onOpenChange={setWhoOpen} />}
    </div>
  );
}
