import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppErrorBoundary } from '../components/app-error-boundary.tsx';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
        <ToastHost />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
