import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { ApiError } from '../lib/api-client';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change by asking again; a dropped connection might.
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* spec §9: toasts close after 5000 ms, react-toastify's default. */}
      <ToastContainer position="top-center" theme="colored" />
    </QueryClientProvider>
  );
}
