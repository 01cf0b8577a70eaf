import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient() {
  // A 401 while the app thinks she is signed in: her session ended elsewhere (signed out on another
  // device, a password reset, a suspension). Asking /api/me again lets the route guards send her to /auth
  // instead of leaving her on a page whose every request fails.
  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    const me = client.getQueryData<{ user: unknown }>(['me']);
    if (me?.user) void client.invalidateQueries({ queryKey: ['me'] });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return client;
}
