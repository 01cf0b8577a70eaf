import { Button } from '../../../components/ui/button.tsx';
import { isVersionConflict } from '../api/version-conflict.ts';

export interface ActionFailure {
  message: string;
  /** Another admin's change got there first: only a reload helps. */
  isConflict: boolean;
}

export const failureOf = (error: unknown, fallback: string): ActionFailure => ({
  message: error instanceof Error ? error.message : fallback,
  isConflict: isVersionConflict(error),
});

/** A refused action's message, with Reload when the refusal came from a newer version elsewhere. */
export function ActionError({ failure, onReload }: { failure: ActionFailure | null; onReload: () => void }) {
  if (!failure) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
      <p className="[overflow-wrap:anywhere]">{failure.message}</p>
      {failure.isConflict && (
        <Button variant="outline" size="sm" onClick={onReload}>
          Reload
        </Button>
      )}
    </div>
  );
}
