import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { canRetry } from '../lib/api-client';
import { onMenuUpdated } from '../lib/service-worker';
import { onToastsWanted, toastsWanted } from '../lib/toast';

/** The browser's one cache; the server renders each first view with a client of its own (entry-server.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request will not change by asking again; a dropped connection might.
      retry: (failureCount, error) => failureCount < 2 && canRetry(error),
    },
    // Offline, a write is tried at once and its failure told, never held to leave later unnoticed
    // (orders confirmed offline have their own outbox, docs/decisions/offline-and-caching.md#the-outbox).
    mutations: { networkMode: 'always' },
  },
});

/**
 * React-toastify's container, drawn from the page's first toast on (lib/toast.ts). Not React.lazy: a
 * chunk that cannot be fetched (offline) would take the whole app down; here the next toast tries again.
 */
function LazyToasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Toasts) return;
    let current = true;
    import('./toasts').then(
      (module) => current && setToasts(() => module.Toasts),
      () => {}, // lib/toast.ts shows the words without it
    );
    return () => {
      current = false;
    };
  }, [wanted, Toasts]);
  return Toasts ? <Toasts /> : null;
}

export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  // The service worker answered the menu from its cache and then found a newer one: read it again.
  // The key is PRODUCTS_KEY of features/products/api/products.ts, not imported: every page's first
  // load would carry the products' queries.
  useEffect(() => onMenuUpdated(() => void client.invalidateQueries({ queryKey: ['products'] })), [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToasts />
    </QueryClientProvider>
  );
}
