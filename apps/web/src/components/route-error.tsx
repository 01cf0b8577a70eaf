import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/** The error fallback of every route: "Something went wrong" with the error's message and "Try again". */
export function RouteError({ error }: { error: unknown }) {
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

/** Catches what a page throws while rendering (or a page module that fails to load). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
