import type { Conversation } from '@lunara/shared/messages';
import { ANONYMOUS_SISTER } from '@lunara/shared/messages-constants';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useMemberSearch, useStartConversation } from '../api/messages.ts';

const SEARCH_DELAY_MS = 250;

/** "Start New Conversation": find a sister by name and open (or create) the conversation with her. */
export function StartConversationDialog({ onStarted }: { onStarted: (conversation: Conversation) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useMemberSearch(query);
  const start = useStartConversation();
  // Spec: a failed search is only logged.
  useEffect(() => {
    if (search.error) console.warn('Member search failed', search.error);
  }, [search.error]);
  const members = search.data?.members ?? [];

  return (
    <DialogContent title="Start New Conversation" description="Find a sister by her name.">
      <Label htmlFor={`${id}-search`} className="sr-only">
        Search for a sister
      </Label>
      <Input
        id={`${id}-search`}
        type="search"
        placeholder="Search for a sister..."
        value={text}
        maxLength={80}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <div className="mt-3 max-h-72 overflow-y-auto" aria-live="polite">
        {search.isFetching && members.length === 0 ? (
          <Spinner className="mx-auto my-4 text-gold-500" />
        ) : query && search.isSuccess && members.length === 0 ? (
          <p className="py-4 text-center text-sm text-ink-muted">No sisters found</p>
        ) : (
          <ul className="flex flex-col">
            {members.map((member) => {
              const name = member.displayName.trim() || ANONYMOUS_SISTER;
              return (
                <li key={member.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-[var(--radius-control)] px-2 py-2 text-left hover:bg-moon-100 disabled:opacity-60"
                    disabled={start.isPending}
                    onClick={() =>
                      start.mutate(member.id, {
                        onSuccess: ({ conversation, created }) => {
                          if (created) toast.success('Success', { description: 'New conversation started!' });
                          onStarted(conversation);
                        },
                        // A refusal says why (she cannot receive messages, say); a network failure does not.
                        onError: (error) =>
                          toast.error('Failed to start conversation. Please try again.', {
                            description:
                              error instanceof ApiError && error.status >= 400 && error.status < 500
                                ? error.message
                                : undefined,
                          }),
                      })
                    }
                  >
                    <Avatar name={name} src={member.avatarUrl} className="size-9" />
                    <span className="min-w-0 truncate font-medium">{name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </DialogContent>
  );
}
