import { Spinner } from './ui/spinner.tsx';

/** The spec's whole-app loading state. */
export function FullPageLoader() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-ink-muted">
      <Spinner className="size-8 text-gold-500" />
      <p>Loading...</p>
    </div>
  );
}
