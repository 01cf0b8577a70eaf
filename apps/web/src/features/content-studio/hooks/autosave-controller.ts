import { isVersionConflict } from '../api/version-conflict.ts';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'error' | 'conflict';

export interface AutosaveState {
  status: SaveStatus;
  /** Why the last save did not happen: the server's message, or the check that failed before sending. */
  message: string | null;
  /** Changes not yet accepted by the server (waiting, on their way, failed or in conflict). */
  isDirty: boolean;
}

export interface AutosaveOptions<TPatch extends object, TResult extends { version: number }> {
  /** The version the editor was loaded at: every save is made from the last answer's version. */
  version: number;
  save: (patch: TPatch & { version: number }) => Promise<TResult>;
  /** Called with each answer (to refresh caches; the fields being typed in are left alone). */
  onSaved?: (result: TResult) => void;
  /** A message when the changes cannot be sent as they are (checked before sending, never sent). */
  validate?: (patch: TPatch & { version: number }) => string | null;
  onChange?: (state: AutosaveState) => void;
  delayMs?: number;
}

export const AUTOSAVE_DELAY_MS = 1000;

/**
 * The autosave of one editor, kept apart from React so that its timing can be tested alone. Changes are
 * merged into one patch and sent `delayMs` after the last one; while a save is on its way newer changes
 * wait and are sent after it, made from the version it answered (never from the stale one, which the
 * server would refuse). A refused save keeps its changes: a failure waits for Retry (or the next
 * change), a version conflict waits for the editor to reload: nothing is ever overwritten silently.
 */
export class AutosaveController<TPatch extends object, TResult extends { version: number }> {
  private version: number;
  private pending: Partial<TPatch> = {};
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private state: AutosaveState = { status: 'idle', message: null, isDirty: false };
  private disposed = false;
  private idleWaiters: Array<() => void> = [];
  private exclusiveChain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: AutosaveOptions<TPatch, TResult>) {
    this.version = options.version;
  }

  get current(): AutosaveState {
    return this.state;
  }

  /** Another edit: merged with those not sent yet, and the countdown starts again. */
  change(patch: Partial<TPatch>) {
    if (this.disposed) return;
    this.pending = { ...this.pending, ...patch };
    // In conflict, the server has a newer version: nothing is sent until the editor reloads.
    if (this.state.status === 'conflict') return this.set({ status: 'conflict', isDirty: true });
    this.schedule();
    if (!this.inFlight) this.set({ status: 'pending', message: null, isDirty: true });
    else this.set({ isDirty: true });
  }

  /** Sends what is waiting now (Retry, or before leaving the page). */
  flush() {
    if (this.disposed) return;
    this.clearTimer();
    if (this.inFlight || this.state.status === 'conflict' || !this.hasPending()) return;
    const patch = { ...this.pending, version: this.version } as TPatch & { version: number };
    const invalid = this.options.validate?.(patch) ?? null;
    if (invalid) return this.set({ status: 'invalid', message: invalid, isDirty: true });
    this.pending = {};
    this.inFlight = true;
    this.set({ status: 'saving', message: null, isDirty: true });
    this.options.save(patch).then(
      (result) => this.succeeded(result),
      (error: unknown) => this.failed(patch, error),
    );
  }

  retry() {
    this.flush();
  }

  /**
   * Another change of the same record made outside the autosave (the course's status, its outline): it
   * carries the version too, so it waits for the save on its way, runs alone (typing meanwhile waits for
   * it) and its answer's version is the one the next save is made from. Without this, the two would race
   * with the same version and one would be refused as a conflict with ourselves.
   */
  exclusive<T extends { version: number }>(action: (version: number) => Promise<T>): Promise<T> {
    const run = this.exclusiveChain.then(async () => {
      this.flush();
      // A save finishing may send the edits made during it at once: wait for those too.
      while (this.inFlight) await this.idle();
      this.clearTimer();
      this.inFlight = true;
      try {
        const result = await action(this.version);
        this.version = Math.max(this.version, result.version);
        return result;
      } finally {
        this.inFlight = false;
        this.afterRequest();
      }
    });
    this.exclusiveChain = run.catch(() => undefined);
    return run;
  }

  /** After a reload: the server's version, and nothing of ours left to send. */
  reset(version: number) {
    this.clearTimer();
    this.version = version;
    this.pending = {};
    this.set({ status: 'idle', message: null, isDirty: this.inFlight });
  }

  dispose() {
    this.disposed = true;
    this.clearTimer();
  }

  /** Mounted again (React's StrictMode mounts, unmounts and mounts once more). */
  activate() {
    this.disposed = false;
  }

  private succeeded(result: TResult) {
    this.inFlight = false;
    this.version = Math.max(this.version, result.version);
    if (!this.disposed) this.options.onSaved?.(result);
    if (!this.afterRequest()) this.set({ status: 'saved', message: null, isDirty: false });
  }

  /** Whatever waited for the request: edits made meanwhile, and `exclusive` actions. True if edits wait. */
  private afterRequest(): boolean {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (this.disposed || !this.hasPending() || this.state.status === 'conflict') return false;
    // Edits made during the request: their countdown may have run out meanwhile, so they go now.
    if (this.timer === null) this.flush();
    else this.set({ status: 'pending', message: null, isDirty: true });
    return true;
  }

  private idle(): Promise<void> {
    return this.inFlight ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  private failed(sent: TPatch & { version: number }, error: unknown) {
    this.inFlight = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (this.disposed) return;
    const { version: _version, ...fields } = sent;
    // What was typed after the failed save is newer than what it carried.
    this.pending = { ...(fields as Partial<TPatch>), ...this.pending };
    this.clearTimer();
    const message = error instanceof Error ? error.message : 'Something went wrong. Please try again';
    const status = isVersionConflict(error) ? 'conflict' : 'error';
    this.set({ status, message, isDirty: true });
  }

  private schedule() {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private hasPending() {
    return Object.keys(this.pending).length > 0;
  }

  private set(change: Partial<AutosaveState>) {
    const next = { ...this.state, ...change };
    if (next.status === this.state.status && next.message === this.state.message && next.isDirty === this.state.isDirty)
      return;
    this.state = next;
    this.options.onChange?.(next);
  }
}
