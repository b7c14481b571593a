import { RouterProvider } from 'react-router';
import { preloadSavedUser } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// The signed-in user's request starts with the app's code, not after its first render.
preloadSavedUser(queryClient);
const router = createAppRouter();

/**
 * Resolves once the router has loaded the code of the first page (its lazy route modules). The
 * landing page comes rendered ahead: hydrating it before would meet the loading fallback instead
 * of the page, a mismatch.
 */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
