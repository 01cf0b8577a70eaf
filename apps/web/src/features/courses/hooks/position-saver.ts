/** How often the position is saved while the video plays. */
export const POSITION_SAVE_INTERVAL_MS = 5_000;

export interface PositionSaverOptions {
  /** Sends one position; `keepalive` when the page may be going away. */
  save: (seconds: number, keepalive: boolean) => void;
  /** Where she starts (the resumed position): nothing is saved until she moves from it. */
  startSeconds: number;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Decides when a playing video's position is worth a request: at most one every `intervalMs` while it
 * plays, and at once when she pauses or leaves (only if it moved since the last save). Whole seconds:
 * the server keeps no finer position, and a fraction would make every tick look like a change.
 */
export function createPositionSaver({
  save,
  startSeconds,
  intervalMs = POSITION_SAVE_INTERVAL_MS,
  now = Date.now,
}: PositionSaverOptions) {
  let current = Math.floor(startSeconds);
  let lastSaved = current;
  let lastSavedAt = now();

  const write = (keepalive: boolean) => {
    lastSaved = current;
    lastSavedAt = now();
    save(current, keepalive);
  };

  return {
    /** A `timeupdate` while playing. */
    progress(seconds: number) {
      current = Math.floor(seconds);
      if (current !== lastSaved && now() - lastSavedAt >= intervalMs) write(false);
    },
    /** Pause, a hidden tab, pagehide, leaving the lesson: save what is not saved yet. */
    flush(keepalive: boolean) {
      if (current !== lastSaved) write(keepalive);
    },
    /** The video played to its end: she starts from the beginning next time, not from the credits. */
    ended() {
      current = 0;
      if (lastSaved !== 0) write(false);
    },
  };
}
