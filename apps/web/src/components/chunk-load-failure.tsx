import type { ChunkLoadError } from '../lib/import-with-retry.ts';
import { Button } from './ui/button.tsx';

/**
 * In place of a page whose code could not be downloaded. After a deploy, "A new version is available"
 * with Reload (the old files are gone or the server serves another build: only a reload helps);
 * otherwise the spec's "Something went wrong" with "Try again", which fetches the code again without
 * reloading, so nothing else on the page is lost.
 */
export function ChunkLoadFailure({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      {error.newVersion ? (
        <>
          <h1 className="text-3xl text-night-900">A new version is available</h1>
          <p className="max-w-md text-ink-muted">
            The app was updated since this page was opened. Reload to continue with the new version.
          </p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </>
      ) : (
        <>
          <h1 className="text-3xl text-night-900">Something went wrong</h1>
          <p className="max-w-md text-ink-muted">This page could not be loaded. Check your connection and try again.</p>
          <Button onClick={onRetry}>Try again</Button>
        </>
      )}
    </main>
  );
}
