import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AppToaster } from '@/components/ui/toast';
import { SessionProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

// The offline notice, the update prompt and the offline data (decision 042): after first paint,
// and only in the browser, so a page rendered ahead hydrates without it.
const DeviceLayer = lazy(() => import('./device-layer'));
const subscribeNever = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/** SPEC.md section 9: notices hide after 2000 ms by default. */
export const TOAST_DURATION_MS = 2000;

/** Everything the routes rely on: the query cache, the session, the toasts. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // False while a page rendered ahead hydrates (the server's snapshot), true in the browser.
  const isMounted = useSyncExternalStore(subscribeNever, isBrowser, isServer);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        {children}
        {isMounted && (
          <Suspense fallback={null}>
            <DeviceLayer />
          </Suspense>
        )}
      </SessionProvider>
      <AppToaster duration={TOAST_DURATION_MS} />
    </QueryClientProvider>
  );
}
