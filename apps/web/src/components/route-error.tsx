import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { Button } from './ui/button.tsx';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || 'An unexpected error occurred';
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/** The error fallback of every route: "Something went wrong" with the error's message and "Try again". */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error(error);
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl text-night-900">Something went wrong</h1>
      <p className="max-w-md text-ink-muted">{messageOf(error)}</p>
      <Button onClick={() => navigate(0)}>Try again</Button>
    </main>
  );
}
