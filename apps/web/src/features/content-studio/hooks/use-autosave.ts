import { useEffect, useRef, useState } from 'react';
import { AutosaveController, type AutosaveOptions, type AutosaveState } from './autosave-controller.ts';

/** Runs a change that carries the record's version in turn with the autosave (see AutosaveController). */
export type Exclusive = ReturnType<typeof useAutosave>['exclusive'];

/**
 * The one autosave of the course and lesson editors (see AutosaveController). The options are read
 * through a ref, so the save and callbacks may change on every render without restarting anything;
 * the controller lives as long as the editor of one record.
 */
export function useAutosave<TPatch extends object, TResult extends { version: number }>(
  options: Omit<AutosaveOptions<TPatch, TResult>, 'onChange'>,
) {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<AutosaveState>({ status: 'idle', message: null, isDirty: false });
  const [controller] = useState(
    () =>
      new AutosaveController<TPatch, TResult>({
        version: options.version,
        delayMs: options.delayMs,
        save: (patch) => latest.current.save(patch),
        onSaved: (result) => latest.current.onSaved?.(result),
        validate: (patch) => latest.current.validate?.(patch) ?? null,
        onChange: setState,
      }),
  );
  // Leaving the editor (in-app, after the guard allowed it) sends what is waiting rather than dropping it.
  useEffect(() => {
    controller.activate();
    return () => {
      controller.flush();
      controller.dispose();
    };
  }, [controller]);
  return {
    ...state,
    change: (patch: Partial<TPatch>) => controller.change(patch),
    retry: () => controller.retry(),
    flush: () => controller.flush(),
    exclusive: <T extends { version: number }>(action: (version: number) => Promise<T>) => controller.exclusive(action),
  };
}
