import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/import-with-retry.ts';
import { ChunkLoadFailure } from './chunk-load-failure.tsx';
import { Button } from './ui/button.tsx';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/**
 * The error fallback of every route: "Something went wrong" with the error's message and "Try again".
 * A page whose code could not be downloaded gets its own message (chunk-load-failure.tsx), and `onRetry`
 * fetches it again.
 */
export function RouteError({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  if (error instanceof ChunkLoadError) {
    return <ChunkLoadFailure error={error} onRetry={onRetry ?? (() => window.location.reload())} />;
  }
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl text-night-900">Something went wrong</h1>
      <p className="max-w-md text-ink-muted">{messageOf(error)}</p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </main>
  );
}

interface State {
  error: unknown;
}

interface Props {
  children: ReactNode;
  /** Loads the page's module again (router.tsx), for "Try again" after it failed to download. */
  onRetry?: () => void;
}

/** Catches what a page throws while rendering (or a page module that fails to load). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <RouteError error={this.state.error} onRetry={this.props.onRetry ? this.retry : undefined} />;
  }
}
