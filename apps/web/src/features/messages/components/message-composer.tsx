import { MESSAGE_MAX } from '@lunara/shared/messages';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendMessage } from '../api/messages.ts';

/** "Type your message...": Enter sends, Shift+Enter starts a new line; a failed send keeps the text. */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const tooLong = text.length > MESSAGE_MAX;
  const canSend = text.trim().length > 0 && !tooLong && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    const sent = text;
    send.mutate(sent.trim(), {
      // What she typed while it was sending stays.
      onSuccess: () => setText((current) => (current === sent ? '' : current)),
      onError: (error) =>
        toast.error('Failed to send message. Please try again.', {
          description:
            error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined,
        }),
    });
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`${id}-message`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          rows={1}
          className={cn(
            'field-sizing-content max-h-32 min-h-11 w-full resize-none rounded-[var(--radius-control)] border border-line',
            'bg-white px-3.5 py-2.5 text-ink placeholder:text-ink-muted/70 aria-[invalid=true]:border-danger',
          )}
          placeholder="Type your message..."
          value={text}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-limit` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" size="sm" className="h-11" disabled={!canSend} aria-label="Send message">
          <Send className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {text.length > MESSAGE_MAX - 200 && (
        <p id={`${id}-limit`} className={tooLong ? 'text-sm text-danger' : 'text-xs text-ink-muted'}>
          {tooLong
            ? `A message must be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters (${text.length.toLocaleString('en-US')} now)`
            : `${(MESSAGE_MAX - text.length).toLocaleString('en-US')} characters left`}
        </p>
      )}
    </form>
  );
}
