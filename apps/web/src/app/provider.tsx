import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { canRetry } from '../lib/api-client';
import { onToastsWanted, toastsWanted } from '../lib/toast';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request will not change by asking again; a dropped connection might.
      retry: (failureCount, error) => failureCount < 2 && canRetry(error),
    },
  },
});

// docs/decisions/spec-fidelity.md#delays: toasts close after 5000 ms, react-toastify's default.
const Toasts = lazy(async () => {
  const { ToastContainer } = await import('react-toastify');
  return { default: () => <ToastContainer position="top-center" theme="light" /> };
});

/** React-toastify's container, drawn from the page's first toast on (lib/toast.ts). */
function LazyToasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToasts />
    </QueryClientProvider>
  );
}
