import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { SaveFailure } from './ritual-category-form-state.ts';

/**
 * A save that did not happen, said above the form's buttons. A version conflict offers Reload: the
 * other admin's version replaces the form (what was typed here is not sent over theirs).
 */
export function SaveFailureNotice({
  failure,
  onReload,
  isReloading,
}: {
  failure: SaveFailure | null;
  onReload: () => void;
  isReloading: boolean;
}) {
  if (!failure) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-[var(--radius-control)] border border-danger/40 bg-danger/5 p-3 text-sm text-danger"
    >
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">{failure.message}</p>
      {failure.kind === 'conflict' && (
        <Button variant="outline" size="sm" disabled={isReloading} onClick={onReload}>
          <RotateCw className="size-4" aria-hidden="true" />
          {isReloading ? 'Reloading...' : 'Reload'}
        </Button>
      )}
    </div>
  );
}
