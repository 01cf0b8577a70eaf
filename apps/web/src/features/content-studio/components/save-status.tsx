import { AlertCircle, Check, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { AutosaveState } from '../hooks/autosave-controller.ts';

/**
 * The editor's save state, announced politely: "Saving…", "Saved", or what went wrong with its way out
 * (Retry for a failure, Reload for another admin's newer version). Kept in one live region so a screen
 * reader hears each change once.
 */
export function SaveStatus({
  state,
  onRetry,
  onReload,
}: {
  state: AutosaveState;
  onRetry: () => void;
  onReload: () => void;
}) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-9 flex-wrap items-center gap-2 text-sm">
      {(state.status === 'saving' || state.status === 'pending') && (
        <span className="inline-flex items-center gap-1.5 text-ink-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Saving…
        </span>
      )}
      {state.status === 'saved' && (
        <span className="inline-flex items-center gap-1.5 text-success">
          <Check className="size-4" aria-hidden="true" />
          Saved
        </span>
      )}
      {state.status === 'invalid' && (
        <span className="inline-flex items-center gap-1.5 text-danger">
          <AlertCircle className="size-4" aria-hidden="true" />
          Not saved: {state.message}
        </span>
      )}
      {state.status === 'error' && (
        <>
          <span className="inline-flex items-center gap-1.5 text-danger [overflow-wrap:anywhere]">
            <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
            Couldn’t save{state.message ? `: ${state.message}` : ''}
          </span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </>
      )}
      {state.status === 'conflict' && (
        <>
          <span className="inline-flex items-center gap-1.5 text-danger [overflow-wrap:anywhere]">
            <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
            {state.message}
          </span>
          <Button variant="outline" size="sm" onClick={onReload}>
            Reload
          </Button>
        </>
      )}
    </div>
  );
}
