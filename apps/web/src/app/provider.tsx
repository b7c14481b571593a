import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppToaster } from '@/components/ui/toast';
import { SessionProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

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
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
      <AppToaster duration={TOAST_DURATION_MS} />
    </QueryClientProvider>
  );
}
