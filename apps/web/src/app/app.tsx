import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-center" duration={4000} visibleToasts={3} richColors closeButton />
    </QueryClientProvider>
  );
}
