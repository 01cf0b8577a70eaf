import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';

interface State {
  error: Error | null;
}

/** The last line of defence around the whole app: "Application Error" with Reset and Reload Page. */
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
