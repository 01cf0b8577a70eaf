import type { PageBoot } from '@lunara/shared/page-boot';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppErrorBoundary } from '../components/app-error-boundary.tsx';
import { NewVersionBanner } from '../components/new-version-banner.tsx';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { seedQueryCache } from './page-boot.ts';
import { AppRoutes } from './router.tsx';

/** The whole app; `location` and `queryClient` only when the server renders it (entry-server.tsx). */
export function App({
  boot,
  location,
  queryClient: given,
}: {
  boot: PageBoot | null;
  location?: string;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    seedQueryCache(client, boot);
    return client;
  });
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRoutes location={location} />
        <ToastHost />
        <NewVersionBanner />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
