import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { canRetry } from '../lib/api-client';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request will not change by asking again; a dropped connection might.
      retry: (failureCount, error) => failureCount < 2 && canRetry(error),
    },
  },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* docs/decisions/spec-fidelity.md#delays: toasts close after 5000 ms, react-toastify's default. */}
      <ToastContainer position="top-center" theme="light" />
    </QueryClientProvider>
  );
}
