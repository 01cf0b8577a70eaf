import { formatCount } from '@lunara/shared/plural';
import type { ReactionCounts } from '@lunara/shared/reactions';
import { REACTIONS, type ReactionKey } from '@lunara/shared/reactions-constants';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useReactors } from '../api/reactions.ts';

interface ReactorsDialogProps {
  postId: string;
  counts: ReactionCounts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Who reacted" (post-reactions.tsx): downloaded when first opened, then kept, so it closes animated. */
export function ReactorsDialog({ postId, counts, open, onOpenChange }: ReactorsDialogProps) {
  const first = REACTIONS.find((reaction) => (counts[reaction.key] ?? 0) > 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && first && (
        <DialogContent title="Who reacted">
          <Reactors postId={postId} counts={counts} first={first.key} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Reactors({ postId, counts, first }: { postId: string; counts: ReactionCounts; first: ReactionKey }) {
  const [reaction, setReaction] = useState<ReactionKey>(first);
  const query = useReactors(postId, reaction);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const label = REACTIONS.find((item) => item.key === reaction)?.label ?? '';
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Reaction</legend>
        {REACTIONS.filter((item) => (counts[item.key] ?? 0) > 0).map((item) => (
          <button
            key={item.key}
            type="button"
            aria-pressed={reaction === item.key}
            onClick={() => setReaction(item.key)}
            className={cn(
              'inline-flex h-8 items-center gap-1 rounded-full border px-2.5 text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-night-700',
              reaction === item.key ? 'border-night-700 bg-night-900 text-moon-50' : 'border-line bg-white text-ink',
            )}
          >
            <span aria-hidden="true">{item.emoji}</span>
            {item.label} <span className="tabular-nums">{counts[item.key]}</span>
          </button>
        ))}
      </fieldset>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-danger">{query.error.message}</p>
      ) : people.length === 0 ? (
        <p className="text-ink-muted">No one you can see gave {label} yet.</p>
      ) : (
        <ul aria-label={`Members who gave ${label}`} className="flex flex-col gap-2">
          {people.map((person) => (
            <li key={person.id} className="flex items-center gap-3">
              <Avatar name={person.displayName} src={person.avatarUrl} className="size-8" />
              <span className="text-ink [overflow-wrap:anywhere]">{person.displayName}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={query} label={`More (${formatCount(people.length, 'member')} shown)`} />
    </div>
  );
}
