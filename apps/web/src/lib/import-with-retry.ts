import { isNewVersionOut } from './new-version.ts';

/** The waits before the second and third tries: a short network drop is usually over by then. */
const RETRY_DELAYS_MS = [500, 1500];

/** How each browser says that a module (or the CSS it needs) could not be downloaded. */
const DOWNLOAD_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's loader, for a chunk's stylesheet
];

/** A lazily loaded module that could not be downloaded, even after the retries. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  /** Set when a deploy replaced the build this page runs: only a reload will bring the module back. */
  readonly newVersion: boolean;

  constructor(newVersion: boolean, cause: unknown) {
    super(newVersion ? 'A new version is available' : 'Part of the app could not be downloaded', { cause });
    this.newVersion = newVersion;
  }
}

/** Whether `error` is a module's download failing (worth trying again), not its code throwing. */
export function isModuleDownloadError(error: unknown): boolean {
  return error instanceof Error && DOWNLOAD_FAILURES.some((text) => error.message.includes(text));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every lazy import goes through this (the route modules, the toaster, sonner): a download that fails is
 * tried twice more after a short wait, and one that still fails becomes a ChunkLoadError saying whether a
 * new version is out, for the error boundaries to show "A new version is available" or a retry instead of
 * crashing. Current browsers fetch a failed module again on the next import() (Chromium 156 does); one
 * that remembers the failure reaches the boundaries sooner, and their Reload works there too.
 */
export async function importWithRetry<T>(load: () => Promise<T>, delaysMs = RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (!isModuleDownloadError(error)) throw error;
      const delay = delaysMs[attempt];
      if (delay === undefined) throw new ChunkLoadError(await isNewVersionOut(error), error);
      await wait(delay);
    }
  }
}
