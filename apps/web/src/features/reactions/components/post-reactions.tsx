import { formatCount } from '@lunara/shared/plural';
import { REACTIONS, type ReactionCounts, type ReactionKey } from '@lunara/shared/reactions';
import { Check, SmilePlus } from 'lucide-react';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useReactors, useSetReaction } from '../api/reactions.ts';

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
  const given = REACTIONS.filter((reaction) => (counts[reaction.key] ?? 0) > 0);
  const toggle = (reaction: ReactionKey) =>
    react.mutate(
      { postId, reaction, isOn: !mine.includes(reaction) },
      { onError: (error) => toast.error('Failed to update reaction', { description: error.message }) },
    );

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label="React">
            <SmilePlus className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">React</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="min-w-0">
          {REACTIONS.map((reaction) => (
            <DropdownMenuItem key={reaction.key} onSelect={() => toggle(reaction.key)}>
              <span aria-hidden="true" className="text-lg leading-none">
                {reaction.emoji}
              </span>
              {reaction.label}
              {mine.includes(reaction.key) && (
                <>
                  <Check className="ml-auto size-4 text-rose-600" aria-hidden="true" />
                  <span className="sr-only"> (given)</span>
                </>
              )}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
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
      <Dialog open={whoOpen} onOpenChange={setWhoOpen}>
        {whoOpen && given[0] && (
          <DialogContent title="Who reacted">
            <Reactors postId={postId} counts={counts} first={given[0].key} />
          </DialogContent>
        )}
      </Dialog>
    </div>
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
