import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Holds an answer until a fixed time after its request started. A password-reset request for a
 * member's address writes a token and queues an email, one for an unknown address only reads: left
 * alone, the first takes measurably longer and tells who has an account. Held to a floor above what
 * either takes, both answer at the same moment.
 */
export interface AnswerFloor {
  /** Marks the start of a request (any object that lives as long as it, e.g. its Request). */
  start(request: object): void;
  /** Resolves at the floor of a started request (at once when it is already past, or not started). */
  wait(request: object): Promise<void>;
}

export function createAnswerFloor(floorMs: number): AnswerFloor {
  const startedAt = new WeakMap<object, number>();
  return {
    start(request) {
      startedAt.set(request, performance.now());
    },
    async wait(request) {
      const start = startedAt.get(request);
      if (start === undefined) return;
      startedAt.delete(request);
      const left = start + floorMs - performance.now();
      if (left > 0) await sleep(left);
    },
  };
}
