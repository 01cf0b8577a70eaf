import { MESSAGE_MAX } from '@lunara/shared/messages-constants';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration.ts';

/**
 * "Type your message...": Enter sends, Shift+Enter starts a new line. The text is the conversation's
 * draft (kept across a reload); sending hands it to the outbox, which keeps it until the server has it.
 */
export function MessageComposer({
  text,
  onTextChange,
  ready,
  onSend,
}: {
  text: string;
  onTextChange: (text: string) => void;
  /** Whether a message can be sent at all yet (the session is known). */
  ready: boolean;
  onSend: (content: string) => void;
}) {
  const id = useId();
  const keepTyped = useTypedBeforeHydration<HTMLTextAreaElement>(text, onTextChange);
  const tooLong = text.length > MESSAGE_MAX;
  const canSend = ready && text.trim().length > 0 && !tooLong;

  const submit = () => {
    if (canSend) onSend(text.trim());
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex min-w-0 items-end gap-2">
        <label htmlFor={`${id}-message`} className="sr-only">
          Message
        </label>
        <textarea
          ref={keepTyped}
          id={`${id}-message`}
          rows={1}
          className={cn(
            'field-sizing-content max-h-32 min-h-11 w-full min-w-0 resize-none rounded-[var(--radius-control)] border',
            'border-line bg-white px-3.5 py-2.5 text-ink wrap-anywhere placeholder:text-ink-muted/70',
            'aria-[invalid=true]:border-danger',
          )}
          placeholder="Type your message..."
          value={text}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-limit` : undefined}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" size="sm" className="h-11 shrink-0" disabled={!canSend} aria-label="Send message">
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
