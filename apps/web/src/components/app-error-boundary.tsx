import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/import-with-retry.ts';
import { ChunkLoadFailure } from './chunk-load-failure.tsx';
import { Button } from './ui/button.tsx';

interface State {
  error: Error | null;
}

/**
 * The last line of defence around the whole app: "Application Error" with Reset and Reload Page. Code
 * that could not be downloaded is no application error: it gets the page's own message for that.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.state.error instanceof ChunkLoadError) {
      return <ChunkLoadFailure error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return (
      <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-3xl text-night-900">Application Error</h1>
        <p className="max-w-md text-ink-muted">{this.state.error.message || 'An unexpected error occurred'}</p>
        <div className="flex gap-3">
          <Button variant="outline" onClick={() => this.setState({ error: null })}>
            Reset
          </Button>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </div>
      </main>
    );
  }
}
