import { CircleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { OutboxEntry } from '../api/outbox.ts';

/**
 * One of her messages the server does not have yet, where it will appear: "Sending...", or "Failed" with
 * Retry (the same message, the same key) and Edit (back into the message box). Its text is never lost.
 */
export function OutgoingMessage({
  message,
  onRetry,
  onEdit,
}: {
  message: OutboxEntry;
  onRetry: () => void;
  onEdit: () => void;
}) {
  const failed = message.status === 'failed';
  return (
    <li className="flex min-w-0 flex-col items-end gap-1">
      <div
        className={cn(
          'max-w-[80%] min-w-0 rounded-2xl rounded-br-sm bg-night-800 px-3.5 py-2 text-white',
          failed ? 'ring-2 ring-danger/70' : 'opacity-75',
        )}
      >
        <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.content}</p>
        <p className="mt-1 flex items-center gap-1 text-xs text-white/75">
          <span className="sr-only">You, </span>
          {failed ? (
            <>
              <CircleAlert className="size-3.5" aria-hidden="true" /> Failed
            </>
          ) : (
            'Sending...'
          )}
        </p>
      </div>
      {failed && (
        <div className="flex gap-1">
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
          <Button variant="ghost" size="sm" onClick={onEdit}>
            Edit
          </Button>
        </div>
      )}
    </li>
  );
}
